// What every layout needs to know about the organisation (its name, maintenance mode) and the
// platform (its name and support address), read from the public site answer. Until it answers,
// layouts show a neutral brand; if it cannot answer, they say so and offer a retry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRERENDERED_NAME_MARK, PRERENDERED_YEAR_MARK } from '@donaciones/shared/constants';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { publicSiteQueryOptions } from './public-site';

export interface SiteInfo {
  name: string | null;
  maintenance: boolean;
  /** The system settings' support address (the footer names the organisation with it). */
  contactEmail: string | null;
}

const EMPTY: SiteInfo = { name: null, maintenance: false, contactEmail: null };

/**
 * The build's prerendered pages (src/prerender.tsx) show the organisation's name and the copyright's
 * year as marks the server replaces when it sends them (PRERENDERED_NAME_MARK, PRERENDERED_YEAR_MARK,
 * apps/api/src/http/web-app.ts).
 */
let beforeData: SiteInfo = EMPTY;
/** Around one synchronous render to a string: on, the render, off (nothing else renders meanwhile). */
export function prerenderWithMarks(on: boolean): void {
  beforeData = on ? { ...EMPTY, name: PRERENDERED_NAME_MARK } : EMPTY;
}

/** The year of the footers' copyright: this year, or in a prerendered page the mark the server fills in. */
export function copyrightYear(): number | string {
  return beforeData === EMPTY ? new Date().getFullYear() : PRERENDERED_YEAR_MARK;
}

/** A blank setting reads as absent, so the layouts fall back to their neutral wording. */
const filled = (text: string) => text.trim() || null;

export function siteInfoOf(site: PublicSite): SiteInfo {
  return {
    name: filled(site.organization.name),
    maintenance: site.system.maintenance_mode,
    contactEmail: filled(site.system.contact_email),
  };
}

/** The same cached answer as the home page and the checkout (one request), read through `select`. */
const siteQueryOptions = () => queryOptions({ ...publicSiteQueryOptions(), select: siteInfoOf });

export function useSiteInfo(): SiteInfo {
  const { data } = useQuery(siteQueryOptions());
  return data ?? beforeData;
}

/** The site information with its load state: `failed` when it could not be loaded at all. */
export function useSiteInfoState(): SiteInfo & { failed: boolean; retry: () => void; retrying: boolean } {
  const query = useQuery(siteQueryOptions());
  return {
    ...(query.data ?? beforeData),
    failed: query.isError && !query.data,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}
