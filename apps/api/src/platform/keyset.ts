// Keyset (cursor) paging of lists ordered newest first by an instant and the id (docs/performance.md,
// "Paging"): the next page starts after the last row read, so a page costs the same at row 20 as
// at row 2,000, and rows with the same instant are neither skipped nor repeated.
import { type SQL, sql } from 'drizzle-orm';

/**
 * The instant of a row as the cursor carries it, to the microsecond, in UTC (a JavaScript Date
 * keeps only milliseconds, and a cursor cut to the millisecond would skip the rows between).
 */
export function cursorInstant(column: SQL | unknown): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The cursor of a row: its instant (from cursorInstant) and its id. */
export function cursorOf(row: { cursorAt: string; id: number }): string {
  return `${row.cursorAt}_${row.id}`;
}

/** The rows after the cursor in newest-first order: `(at, id) < (cursor's at, cursor's id)`. */
export function afterCursor(at: SQL | unknown, id: SQL | unknown, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const split = cursor.lastIndexOf('_');
  const instant = cursor.slice(0, split);
  const lastId = Number(cursor.slice(split + 1));
  return sql`(${at}, ${id}) < (${instant}::timestamptz, ${lastId})`;
}

/**
 * One page out of `limit + 1` rows read: the page, and the cursor of its last row when more rows
 * follow (null on the last page).
 */
export function pageOf<T extends { cursorAt: string; id: number }>(rows: T[], limit: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? cursorOf(page[page.length - 1]) : null };
}
