// The `q` search of the donation lists and the capped count of their matches, written so that
// PostgreSQL answers them from the trigram index of migration 0014 (docs/performance.md, "Scale").
import { type SQL, type Subquery, or, sql } from 'drizzle-orm';
import { hasRole } from '@donaciones/shared/roles';
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

/**
 * `donor_search_fold(column) LIKE pattern`, spelled as the index is built so that the planner uses it.
 * donor_masked_name computes maskName (./donations.ts) in the database: keep the two in step.
 */
export const foldedLike = (expr: SQL, pattern: string) => sql`donor_search_fold(${expr}) LIKE ${pattern}`;
const maskedName = sql`donor_masked_name(${donations.donorName})`;

/** The programs whose name matches, looked up first: a handful of rows, and an indexable `program_id IN (...)`. */
async function programsMatching(db: Db, pattern: string): Promise<number[]> {
  const rows = await db.select({ id: programs.id }).from(programs).where(foldedLike(sql`${programs.name}`, pattern));
  return rows.map((r) => r.id);
}

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
  const programIds = await programsMatching(db, pattern);
  const common: SQL[] = [like(sql`${donations.description}`)];
  if (programIds.length) common.push(sql`${donations.programId} IN (${sql.join(programIds.map((id) => sql`${id}`), sql`, `)})`);
  if (hasRole(viewer?.roles, 'ADMIN')) {
    return or(
      like(sql`${donations.donorName}`),
      like(sql`${donations.donorEmail}`),
      like(sql`${donations.referenceCode}`),
      like(sql`${donations.receiptNumber}::text`),
      ...common,
    ) as SQL;
  }
  // "Not one's own" includes a donation with no account (user_id NULL).
  const own = viewer ? sql`${donations.userId} = ${viewer.id}` : sql`false`;
  const notOwn = viewer ? sql`${donations.userId} IS DISTINCT FROM ${viewer.id}` : sql`true`;
  const shownPublicly = sql`${userPreferences.showDonationsPublicly} IS TRUE`;
  return or(
    sql`(${like(sql`${donations.donorName}`)} AND (${own} OR (NOT ${donations.donorAnonymous} AND ${shownPublicly})))`,
    sql`(${like(maskedName)} AND ${notOwn} AND NOT ${donations.donorAnonymous} AND NOT (${shownPublicly}))`,
    sql`(${own} AND ${like(sql`${donations.donorEmail}`)})`,
    sql`(${own} AND ${like(sql`${donations.referenceCode}`)})`,
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
