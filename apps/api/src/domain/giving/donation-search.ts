// The `q` search of the donation lists and the capped count of their matches, written so that
// PostgreSQL answers them from the trigram index of migration 0014 (docs/performance.md, "Scale").
import { type SQL, type Subquery, or, sql } from 'drizzle-orm';
import { can } from '@donaciones/shared/permissions';
import { SEARCH_COUNT_CAP } from '@donaciones/shared/constants';
import type { Db } from '../../db/client';
import { donations, programs, userPreferences } from '../../db/schema';

/** 'Lucía' -> 'lucia', as donor_search_fold (migration 0014) folds the stored text. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** `%texto%` with the LIKE wildcards of the searched text escaped, folded like the index. */
export function searchPattern(q: string): string {
  return `%${foldText(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `folded LIKE pattern` over a stored folded text (the `search_*` columns, migration 0015) or a folded expression. */
export const foldedLike = (folded: SQL, pattern: string) => sql`${folded} LIKE ${pattern}`;

/**
 * A whole address is looked up by its lower-cased index; any other text by the trigram index, where
 * the trigrams every address shares ("@correo.gt") would make the lookup read most of the ledger.
 */
export function emailCondition(q: string, pattern: string): SQL {
  const text = q.trim().toLowerCase();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return sql`lower(${donations.donorEmail}) = ${text}`;
  return foldedLike(sql`${donations.searchEmail}`, pattern);
}

/** The programs whose name matches, looked up first: a handful of rows, and an indexable `program_id IN (...)`. */
async function programsMatching(db: Db, pattern: string): Promise<number[]> {
  const rows = await db.select({ id: programs.id }).from(programs).where(foldedLike(sql`donor_search_fold(${programs.name})`, pattern));
  return rows.map((r) => r.id);
}

/**
 * A name condition as staff may search: staff without donors.read never match the name of a gift given
 * anonymously, which they are shown as "Anónimo" (docs/product.md#donor-privacy, decision 0070).
 */
export const staffNameMatch = (match: SQL, contacts: boolean): SQL => (contacts ? match : sql`(${match} AND NOT ${donations.donorAnonymous})`);

/**
 * ADMIN searches every field of the donor and the donation; anyone else searches the name as it is
 * shown to them (in full for their own donations and donors shown publicly, nothing of an anonymous
 * gift, masked otherwise), the description and the program, plus the email and reference of their
 * own donations (docs/product.md#donor-privacy). Each branch of the OR carries one indexed LIKE, so
 * PostgreSQL combines index scans instead of folding every row; the rows that need the donor's
 * opt-in are checked after, on the few that matched.
 */
export async function searchCondition(db: Db, q: string, viewer: { id: number; roles: readonly string[] } | null): Promise<SQL> {
  const pattern = searchPattern(q);
  const like = (expr: SQL) => foldedLike(expr, pattern);
  const emailMatches = emailCondition(q, pattern);
  const programIds = await programsMatching(db, pattern);
  const common: SQL[] = [like(sql`${donations.searchDescription}`)];
  if (programIds.length) common.push(sql`${donations.programId} IN (${sql.join(programIds.map((id) => sql`${id}`), sql`, `)})`);
  if (can(viewer?.roles, 'donations.read')) {
    // A donor's email is matched only for staff who may read it (donors.read): a VOLUNTEER, shown it
    // masked, could otherwise learn from the results whether an address has given.
    const contacts = can(viewer?.roles, 'donors.read');
    return or(
      staffNameMatch(like(sql`${donations.searchName}`), contacts),
      ...(contacts ? [emailMatches] : []),
      like(sql`${donations.searchReference}`),
      like(sql`${donations.searchReceipt}`),
      ...common,
    ) as SQL;
  }
  // "Not one's own" includes a donation with no account (user_id NULL).
  const own = viewer ? sql`${donations.userId} = ${viewer.id}` : sql`false`;
  const notOwn = viewer ? sql`${donations.userId} IS DISTINCT FROM ${viewer.id}` : sql`true`;
  const shownPublicly = sql`${userPreferences.showDonationsPublicly} IS TRUE`;
  // The full name is searched only in one's own donations and those of donors shown publicly, each
  // found by the account index: a hidden surname matches thousands of rows the visitor may not find.
  const publicDonors = sql`${donations.userId} = ANY(ARRAY(SELECT p.user_id FROM user_preferences p WHERE p.show_donations_publicly IS TRUE))`;
  return or(
    sql`(${own} AND ${like(sql`${donations.searchName}`)})`,
    sql`(${publicDonors} AND NOT ${donations.donorAnonymous} AND ${like(sql`${donations.searchName}`)})`,
    sql`(${like(sql`${donations.searchMaskedName}`)} AND ${notOwn} AND NOT ${donations.donorAnonymous} AND NOT (${shownPublicly}))`,
    sql`(${own} AND ${emailMatches})`,
    sql`(${own} AND ${like(sql`${donations.searchReference}`)})`,
    ...common,
  ) as SQL;
}

/**
 * How many rows match, counted no further than needed: exact up to the cap (or up to the page being
 * read, when it lies beyond), else `capped` and the web says "más de 1,000". An exact count of a
 * frequent word would read every matching row of the ledger on each page.
 */
export async function cappedCount(
  db: Db,
  matching: (limit: number) => Subquery,
  page: { limit: number; offset: number },
): Promise<{ total: number; capped: boolean }> {
  const ceiling = Math.max(SEARCH_COUNT_CAP, page.offset + page.limit);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching(ceiling + 1));
  const n = Number(row?.n ?? 0);
  return n > ceiling ? { total: ceiling, capped: true } : { total: n, capped: false };
}
