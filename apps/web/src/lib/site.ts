// What every layout needs to know about the organisation (its name, maintenance mode) and the
// platform (its name and support address), from the public site endpoint. Until it answers, layouts
// show a neutral brand; if it cannot answer, they say so and offer a retry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { publicSiteQueryKey, publicSiteQueryOptions } from './public-site';

export interface SiteInfo {
  name: string | null;
  maintenance: boolean;
  /** The system settings' platform name and support address. */
  systemName: string | null;
  contactEmail: string | null;
}

const EMPTY: SiteInfo = { name: null, maintenance: false, systemName: null, contactEmail: null };

export const siteQueryKey = publicSiteQueryKey;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Reads the organisation's name and the maintenance flag from the answer of GET /public/site. */
export function parseSiteInfo(data: unknown): SiteInfo {
  if (!isObj(data)) return EMPTY;
  const org = isObj(data.organization) ? data.organization : {};
  const system = isObj(data.system) ? data.system : {};
  return {
    name: str(org.name) ?? str(data.organization_name) ?? str(data.name),
    maintenance: data.maintenance_mode === true || system.maintenance_mode === true,
    systemName: str(system.system_name),
    contactEmail: str(system.contact_email),
  };
}

export async function getSiteInfo(): Promise<SiteInfo> {
  const { data } = await api.get<unknown>('/public/site', { skipErrorToast: true });
  return parseSiteInfo(data);
}

/** The same cached answer as the home page and the checkout (one request), read through `select`. */
export const siteQueryOptions = () => queryOptions({ ...publicSiteQueryOptions(), select: parseSiteInfo });

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
