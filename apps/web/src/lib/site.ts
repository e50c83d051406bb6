// What every layout needs to know about the organisation (its name, maintenance mode) and the
// platform (its name and support address), read from the public site answer. Until it answers,
// layouts show a neutral brand; if it cannot answer, they say so and offer a retry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { publicSiteQueryOptions } from './public-site';

export interface SiteInfo {
  name: string | null;
  maintenance: boolean;
  /** The system settings' platform name and support address. */
  systemName: string | null;
  contactEmail: string | null;
}

const EMPTY: SiteInfo = { name: null, maintenance: false, systemName: null, contactEmail: null };

/** A blank setting reads as absent, so the layouts fall back to their neutral wording. */
const filled = (text: string) => text.trim() || null;

export function siteInfoOf(site: PublicSite): SiteInfo {
  return {
    name: filled(site.organization.name),
    maintenance: site.system.maintenance_mode,
    systemName: filled(site.system.system_name),
    contactEmail: filled(site.system.contact_email),
  };
}

/** The same cached answer as the home page and the checkout (one request), read through `select`. */
const siteQueryOptions = () => queryOptions({ ...publicSiteQueryOptions(), select: siteInfoOf });

export function useSiteInfo(): SiteInfo {
  const { data } = useQuery(siteQueryOptions());
  return data ?? EMPTY;
}

/** The site information with its load state: `failed` when it could not be loaded at all. */
export function useSiteInfoState(): SiteInfo & { failed: boolean; retry: () => void; retrying: boolean } {
  const query = useQuery(siteQueryOptions());
  return {
    ...(query.data ?? EMPTY),
    failed: query.isError && !query.data,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}
