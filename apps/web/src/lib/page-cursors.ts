// Keyset paging of a list on screen (decision 0058): the API gives each page the cursor of the next
// (`next_cursor`, read with `after`); the screen keeps the cursors of the pages it has visited, per
// list and filters, so "Siguiente" and "Anterior" read their page by cursor, and a page reached
// otherwise (a shared link, a reload) is read by offset, as before.

/** Cursors of the lists last visited: `list key` -> page number (1 is the first) -> its cursor. */
const visited = new Map<string, Map<number, string>>();
/** Enough for going back and forth between a few searches; the oldest list is forgotten first. */
const KEPT_LISTS = 20;

/** How to ask for page `page` (from 1) of the list `key`: by its cursor when known, else by offset. */
export function pageParams(key: string, page: number, size: number): { after: string } | { offset: number } {
  const after = page > 1 ? visited.get(key)?.get(page) : undefined;
  return after ? { after } : { offset: (page - 1) * size };
}

/** Remembers where page `page` of the list `key` starts: the `next_cursor` of the page before it. */
export function rememberPage(key: string, page: number, cursor: string | null | undefined): void {
  if (!cursor) return;
  const pages = visited.get(key) ?? new Map<number, string>();
  pages.set(page, cursor);
  // Most recently used last, so the first key is the one to forget.
  visited.delete(key);
  visited.set(key, pages);
  if (visited.size > KEPT_LISTS) visited.delete(visited.keys().next().value as string);
}

/** Forgets every list's cursors (between tests: the lists' keys carry the viewer, so a sign-out needs none). */
export function forgetPages(): void {
  visited.clear();
}
