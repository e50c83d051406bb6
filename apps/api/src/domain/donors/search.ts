// The "Donantes" list (docs/product.md#donors): search by name, email, NIT, phone (folded words against
// the donors' trigram-indexed search_text, decision 0034) or a gift's reference or receipt number;
// filters by first/last gift, lifetime total, monthly, tag and programme; pages of 50 by keyset on
// (name, id) and a count capped at COUNT_CAP, so that a page stays fast at 50,000 donors.
import { type SQL, and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { DONOR_PAGE_SIZE, type DonorFilters, type DonorList } from '@donaciones/shared/schemas/donors';
import { donorsMessages as m } from '@donaciones/shared/messages/donors';
import { ROW_ID_MAX } from '@donaciones/shared/schemas/fields';
import type { Db } from '../../db/client';
import { donors } from '../../db/schema';
import { badRequest } from '../../errors';
import { donorSummaryOf } from './views';

export const COUNT_CAP = 1000;

/** Lower case without accents, as donor_search_fold; the LIKE wildcards of the words are escaped. */
function foldedWords(q: string): string[] {
  return q
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8)
    .map((w) => w.replace(/[\\%_]/g, (c) => `\\${c}`));
}

/** Guatemala's calendar day as the instant it starts (UTC-6, no daylight saving). */
const dayStart = (day: string) => sql`${`${day}T00:00:00-06:00`}::timestamptz`;
const dayEnd = (day: string) => sql`(${`${day}T00:00:00-06:00`}::timestamptz + interval '1 day')`;

/**
 * One searched word against the search text. A NIT, CUI or phone is kept there without its hyphens
 * (576937K, and a phone's digits alone), so a word written with them ('576937-K', as the donor's page
 * shows it) is also looked for without them.
 */
function wordCondition(word: string): SQL {
  const like = (w: string) => sql`${donors.searchText} LIKE ${`%${w}%`}`;
  const bare = word.replace(/-/g, '');
  return bare !== word && bare.length > 0 ? or(like(word), like(bare))! : like(word);
}

/** A receipt as printed ('A-000041', 'a41'): its series and number; null for any other text. */
function receiptOf(q: string): { series: string; number: number } | null {
  const match = /^([a-z]{1,4})-?0*([1-9][0-9]{0,8})$/i.exec(q.trim());
  return match ? { series: match[1].toUpperCase(), number: Number(match[2]) } : null;
}

export function donorConditions(filters: DonorFilters): SQL[] {
  const where: SQL[] = [isNull(donors.mergedIntoId)];
  const words = filters.q ? foldedWords(filters.q) : [];
  if (words.length > 0) {
    const byText = and(...words.map(wordCondition))!;
    const whole = words.join(' ');
    // A gift's reference or receipt number names its donor too (the donations' own trigram index);
    // a receipt as printed, with its series, by the receipts' unique (series, number).
    const receipt = receiptOf(filters.q ?? '');
    const byGift = [
      whole.length >= 3 ? sql`${donors.id} IN (SELECT donor_id FROM donations WHERE search_reference LIKE ${`%${whole}%`} OR search_receipt = ${whole})` : undefined,
      receipt
        ? sql`${donors.id} IN (SELECT d.donor_id FROM receipts r JOIN donations d ON d.id = r.donation_id WHERE r.series = ${receipt.series} AND r.number = ${receipt.number})`
        : undefined,
    ].filter((c): c is SQL => c !== undefined);
    where.push(byGift.length > 0 ? or(byText, ...byGift)! : byText);
  }
  if (filters.firstFrom) where.push(sql`${donors.firstGiftAt} >= ${dayStart(filters.firstFrom)}`);
  if (filters.firstTo) where.push(sql`${donors.firstGiftAt} < ${dayEnd(filters.firstTo)}`);
  if (filters.lastFrom) where.push(sql`${donors.lastGiftAt} >= ${dayStart(filters.lastFrom)}`);
  if (filters.lastTo) where.push(sql`${donors.lastGiftAt} < ${dayEnd(filters.lastTo)}`);
  if (filters.minTotal !== undefined) where.push(sql`${donors.lifetimeCents} >= ${Math.round(filters.minTotal * 100)}`);
  if (filters.maxTotal !== undefined) where.push(sql`${donors.lifetimeCents} <= ${Math.round(filters.maxTotal * 100)}`);
  if (filters.tag) where.push(sql`${donors.tags} @> ARRAY[${filters.tag}]::text[]`);
  if (filters.programId !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM donations x WHERE x.donor_id = ${donors.id} AND x.program_id = ${filters.programId} AND x.status = 'completed')`);
  }
  if (filters.monthly) {
    const active = sql`EXISTS (SELECT 1 FROM donations x JOIN recurring_gifts g ON g.id = x.recurring_gift_id
      WHERE x.donor_id = ${donors.id} AND g.status IN ('active', 'past_due', 'paused'))`;
    where.push(filters.monthly === 'yes' ? active : sql`NOT ${active}`);
  }
  return where;
}

interface Cursor {
  name: string;
  id: number;
}

function readCursor(cursor: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
    // The cursor comes back from the client: its id must be one PostgreSQL can compare and its name text it can hold.
    if (typeof value.name === 'string' && !value.name.includes('\u0000') && Number.isInteger(value.id) && value.id > 0 && value.id <= ROW_ID_MAX) return value;
  } catch {
    // answered below
  }
  throw badRequest(m.cursorInvalid);
}

const writeCursor = (c: Cursor) => Buffer.from(JSON.stringify({ name: c.name, id: c.id }), 'utf8').toString('base64url');

export async function listDonors(db: Db, query: DonorFilters & { cursor?: string }): Promise<DonorList> {
  const where = donorConditions(query);
  const page = [...where];
  if (query.cursor) {
    const c = readCursor(query.cursor);
    page.push(or(gt(donors.name, c.name), and(eq(donors.name, c.name), gt(donors.id, c.id)))!);
  }
  const rows = await db.select().from(donors).where(and(...page)).orderBy(asc(donors.name), asc(donors.id)).limit(DONOR_PAGE_SIZE + 1);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(SELECT 1 FROM ${donors} WHERE ${and(...where)} LIMIT ${COUNT_CAP + 1}) capped`);
  const items = rows.slice(0, DONOR_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items: items.map(donorSummaryOf),
    nextCursor: rows.length > DONOR_PAGE_SIZE && last ? writeCursor(last) : null,
    total: Math.min(Number(n), COUNT_CAP),
    countCapped: Number(n) > COUNT_CAP,
  };
}
