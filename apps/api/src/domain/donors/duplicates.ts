// Duplicate proposals (docs/product.md#donors): two unmerged donors with the same NIT/CUI, sharing an
// email, or with a similar name (trigram similarity) and the same phone (its last 8 digits, so +502 or not).
import { inArray, sql } from 'drizzle-orm';
import type { DuplicateProposal } from '@donaciones/shared/schemas/donors';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { donors } from '../../db/schema';
import { donorSummaryOf } from './views';

const LIMIT = 100;
const NAME_SIMILARITY = 0.4;

type Pair = { a: number; b: number; reason: DuplicateProposal['reason'] };

export async function duplicateProposals(db: Db): Promise<DuplicateProposal[]> {
  const result = await db.execute<Pair>(sql`
    WITH live AS (SELECT id, name, tax_id, emails, phones FROM donors WHERE merged_into_id IS NULL),
    by_tax AS (
      SELECT a.id AS a, b.id AS b, 'taxId' AS reason FROM live a JOIN live b ON a.tax_id = b.tax_id AND a.id < b.id
      WHERE a.tax_id IS NOT NULL
    ),
    emails AS (SELECT id, e FROM live, unnest(emails) AS e),
    by_email AS (
      SELECT DISTINCT x.id AS a, y.id AS b, 'email' AS reason FROM emails x JOIN emails y ON lower(x.e) = lower(y.e) AND x.id < y.id
    ),
    phones AS (
      SELECT id, name, right(regexp_replace(p, '[^0-9]', '', 'g'), 8) AS digits FROM live, unnest(phones) AS p
    ),
    by_phone AS (
      SELECT DISTINCT x.id AS a, y.id AS b, 'namePhone' AS reason FROM phones x JOIN phones y
        ON x.digits = y.digits AND x.id < y.id AND length(x.digits) = 8
      WHERE similarity(donor_search_fold(x.name), donor_search_fold(y.name)) >= ${NAME_SIMILARITY}
    ),
    all_pairs AS (SELECT * FROM by_tax UNION ALL SELECT * FROM by_email UNION ALL SELECT * FROM by_phone)
    SELECT DISTINCT ON (a, b) a, b, reason FROM all_pairs ORDER BY a, b, reason LIMIT ${LIMIT}`);
  const pairs = rowsOf<Pair>(result).map((p) => ({ a: Number(p.a), b: Number(p.b), reason: p.reason }));
  if (pairs.length === 0) return [];
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const rows = new Map((await db.select().from(donors).where(inArray(donors.id, ids))).map((r) => [r.id, r]));
  return pairs.map((p) => ({ reason: p.reason, a: donorSummaryOf(rows.get(p.a)!), b: donorSummaryOf(rows.get(p.b)!) }));
}
