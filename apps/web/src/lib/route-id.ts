// A record's id in a page's address (/admin/donations/:id, /apadrina/:id, ...): a whole number from 1 up
// to the largest the database stores, else null. A mistyped or cut address then reads as "no such
// record" at once, without asking the server, and never shows as "Donación #NaN".
import { useParams } from 'react-router';

const MAX_ID = 2_147_483_647;

export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number.parseInt(raw, 10);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** The id named `param` in the current route, parsed by parseRouteId. */
export function useRouteId(param = 'id'): number | null {
  return parseRouteId(useParams()[param]);
}
