// The one rule that finds a gift's donor (docs/product.md#donors): an unmerged donor with the email in
// any case, else with the NIT/CUI and the same name (CF is nobody's; migration 0044), else the
// account's donor; otherwise a new donor.
// It lives in the database (migration 0022, donor_match_or_create) so that every donation inserted
// without a donor_id is matched by the same rule inside its own insert; other capabilities (staff gift
// entry, imports) call matchOrCreateDonor to know the donor first.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

export interface DonorIdentity {
  /** Compared in lower case; added to the matched donor's emails when new. */
  email?: string | null;
  /** NIT or CUI; 'CF' (consumidor final) never identifies anyone. */
  taxId?: string | null;
  taxIdKind?: 'nit' | 'cui' | 'cf' | null;
  /** A person's name or a company's legal name, used when a donor is created. */
  name: string;
  phone?: string | null;
  kind?: 'person' | 'company';
  /** The account to link when the donor has none yet. */
  userId?: number | null;
}

/** The id of the donor this identity belongs to, created when none matches (in the caller's transaction). */
export async function matchOrCreateDonor(db: Db, who: DonorIdentity): Promise<number> {
  const rows = await db.execute<{ id: number }>(sql`SELECT donor_match_or_create(
    ${who.email ?? null}::text, ${who.taxId ?? null}::text, ${who.taxIdKind ?? null}::text, ${who.name}::text,
    ${who.phone ?? null}::text, ${who.kind ?? 'person'}::text, ${who.userId ?? null}::integer) AS id`);
  const id = Number(rowsOf<{ id: number }>(rows)[0]?.id);
  if (!Number.isInteger(id) || id <= 0) throw new Error('donor_match_or_create returned no donor');
  return id;
}

export interface FoundDonor {
  id: number;
  name: string;
  /** What matched: the email, else the NIT or CUI. */
  by: 'email' | 'taxId';
}

/**
 * The donor an identity's email, else its NIT or CUI (CF is nobody's), belongs to, without creating one or
 * changing it: for a caller that must not attach a gift to someone silently (staff gift entry). Among
 * donors sharing a NIT, the one of `name` comes first.
 */
export async function findDonorOf(
  db: Db,
  who: { name?: string; email?: string | null; taxId?: string | null },
): Promise<(FoundDonor & { sameName: boolean }) | null> {
  type Row = { id: number; name: string; by: FoundDonor['by']; same_name: boolean };
  const rows = await db.execute<Row>(sql`
    WITH identity AS (
      SELECT nullif(lower(btrim(coalesce(${who.email ?? null}::text, ''))), '') AS email,
             nullif(nullif(upper(regexp_replace(coalesce(${who.taxId ?? null}::text, ''), '[[:space:]-]', '', 'g')), ''), 'CF') AS tax
    ), found AS (
      SELECT donor_by_email(email) AS id, 'email' AS by, 1 AS rank FROM identity WHERE email IS NOT NULL
      UNION ALL
      SELECT coalesce(donor_by_tax_id_named(tax, ${who.name ?? ''}::text), donor_by_tax_id(tax)), 'taxId', 2 FROM identity WHERE tax IS NOT NULL
    )
    SELECT donors.id, donors.name, found.by, donor_same_name(donors.name, ${who.name ?? ''}::text) AS same_name
    FROM found JOIN donors ON donors.id = found.id ORDER BY found.rank LIMIT 1`);
  const [row] = rowsOf<Row>(rows);
  return row ? { id: Number(row.id), name: row.name, by: row.by, sameName: row.same_name } : null;
}

/**
 * The donor of another name whom this identity's email (or else NIT/CUI) already belongs to, or null: for
 * callers that refuse to attach a gift or a line to someone silently (staff gift entry, imports). The
 * same name, case, accents, punctuation and spacing aside, is the same donor: the database's own
 * comparison (donor_same_name, migration 0044), the one its match uses.
 */
export async function anotherDonorOf(db: Db, who: { name: string; email?: string | null; taxId?: string | null }): Promise<FoundDonor | null> {
  const found = await findDonorOf(db, who);
  if (!found || found.sameName) return null;
  const { sameName: _same, ...donor } = found;
  return donor;
}
