// GET /public/site: the organisation, the donation bounds, the home figures, programs, supporters
// and events (docs/product.md#figures). One query shared by the layouts, the home page and the checkout.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { api } from './api-client';
import { queryRoots } from './query-keys';

/** The server answers with an ETag, so a refetch after this short while costs a 304. */
export const PUBLIC_SITE_STALE_MS = 30_000;

export async function getPublicSite(): Promise<PublicSite> {
  // Screens show their own error state with a retry; layouts fall back to a neutral brand.
  const { data } = await api.get<PublicSite>('/public/site', { skipErrorToast: true });
  return data;
}

export const publicSiteQueryOptions = () =>
  queryOptions({ queryKey: queryRoots.publicSite, queryFn: getPublicSite, staleTime: PUBLIC_SITE_STALE_MS });

export function usePublicSite() {
  return useQuery(publicSiteQueryOptions());
}

/** `+502 2200 0000` -> `tel:+50222000000` */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}
