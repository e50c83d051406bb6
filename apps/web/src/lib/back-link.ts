// Where a record page's "Volver a …" returns: the list the person opened the record from, with its
// filters and page, carried in the link's location state (never in the address, so a shared link
// does not send someone else into a list that is not theirs).
import type { Location } from 'react-router';

export interface BackState {
  back?: Pick<Location, 'pathname' | 'search'>;
}

/** The state a list's link to one of its records carries: the list's address as it is now. */
export function backState(from: Pick<Location, 'pathname' | 'search'>): BackState {
  return { back: { pathname: from.pathname, search: from.search } };
}

/**
 * The list to return to, when the state names one of `lists` (the pages this record knows how to name);
 * null otherwise (opened from a link elsewhere, a new tab, or an address typed by hand).
 */
export function readBack<P extends string>(state: unknown, lists: readonly P[]): { pathname: P; to: string } | null {
  const back = (state as BackState | null | undefined)?.back;
  if (!back || typeof back.pathname !== 'string' || !(lists as readonly string[]).includes(back.pathname)) return null;
  const search = typeof back.search === 'string' && back.search.startsWith('?') ? back.search : '';
  return { pathname: back.pathname as P, to: `${back.pathname}${search}` };
}
