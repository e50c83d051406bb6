// The plain gift in one round trip (docs/performance.md, "POST /api/v1/donate"): a one-time card
// gift in quetzales with the simulated provider is recorded by a single SQL statement that checks
// the system settings (maintenance, minimum and maximum), inserts the donation, its audit entry and
// the idempotency key with the stored answer, all or nothing. The general path in `donate.ts` takes a
// transaction and eight round trips for the same work.
//
// The statement only ever records the case where every rule passes. Whenever anything else holds
// (maintenance on, an amount out of bounds, a key already used or in use, a reference collision, a
// tax id the donor must correct) it records nothing and the caller runs the general path, which
// gives the answer with its Spanish message, the replay of an earlier answer, or the conflict. So
// there is one set of rules and messages, and a donation is recorded once per key either way: the
// key is inserted in the same statement as the donation, and a concurrent insert of the same key
// fails the whole statement (unique violation), leaving no donation behind.
import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import type { PublicDonation, PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { parseTaxId } from '@donaciones/shared/tax-id';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Actor } from '../../platform/audit';
import type { StoredAnswer } from './idempotency';
import { isUniqueViolation, newReferenceCode } from '../../platform/reference-codes';

/** The gifts this path records: everything else needs settings, a provider or more rows. */
export function isPlainGift(body: PublicDonation, realProvider: boolean): boolean {
  return (
    !realProvider &&
    body.currency === 'GTQ' &&
    !body.coverFees &&
    body.frequency !== 'monthly' &&
    body.paymentMethod === 'card' &&
    body.cardLast4 != null &&
    body.cardBrand != null
  );
}

/**
 * Records a plain gift in one statement; null when the general path must answer instead (see the
 * header). `scope`/`key`/`hash` are the idempotency claim of `withIdempotency`.
 */
export async function recordPlainGift(
  db: Database,
  input: { body: PublicDonation; scope: string; key: string; hash: string; actor: Actor | null; ip?: string | null },
): Promise<StoredAnswer<PublicDonationResponse> | null> {
  const { body, actor } = input;
  const cents = toCents(body.amount);
  const taxId = parseTaxId(body.nit ?? '', cents, 'GTQ');
  if (!taxId.ok) return null;
  const reference = newReferenceCode();
  const createdAt = new Date();
  const answer: Omit<PublicDonationResponse, 'id'> = {
    reference_code: reference,
    amount: fromCents(cents),
    currency: 'GTQ',
    covered_fee: 0,
    status: 'pending',
    card_last4: body.cardLast4 ?? null,
    card_brand: body.cardBrand ?? null,
    payment_provider: 'simulated',
    checkout_url: null,
    recurring_gift_id: null,
    payment_method: 'card',
    deposit_token: null,
    created_at: createdAt.toISOString(),
  };
  const details = { source: 'public', reference, amount_cents: cents, currency: 'GTQ' };
  let rows: { id: number }[];
  try {
    rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        WITH allowed AS (
          SELECT 1 FROM settings s
          WHERE s.key = 'system'
            AND (s.value->>'maintenance_mode')::boolean IS NOT TRUE
            AND ${cents} >= round((s.value->>'min_donation_amount')::numeric * 100)
            AND ${cents} <= round((s.value->>'max_donation_amount')::numeric * 100)
            AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.scope = ${input.scope} AND k.key = ${input.key})
        ), donation AS (
          INSERT INTO donations (reference_code, status, donor_name, donor_email, donor_phone, donor_nit, donor_tax_id_kind,
            amount_cents, currency, covered_fee_cents, donation_type, description, source, user_id, card_last4, card_brand,
            payment_method, payment_provider, donor_anonymous, created_at, updated_at)
          SELECT ${reference}, 'pending', ${body.donorName}, ${body.email}, ${body.phone ?? null}, ${taxId.value}, ${taxId.kind},
            ${cents}, 'GTQ', 0, 'monetary', ${donateMessages.description}, 'public', ${actor?.id ?? null}, ${body.cardLast4 ?? null},
            ${body.cardBrand ?? null}, 'card', 'simulated', ${body.anonymous}, ${createdAt.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz
          FROM allowed
          ON CONFLICT (reference_code) DO NOTHING
          RETURNING id
        ), claim AS (
          INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, completed_at)
          SELECT ${input.scope}, ${input.key}, ${input.hash}, 201, ${JSON.stringify(answer)}::jsonb || jsonb_build_object('id', donation.id), now()
          FROM donation
        ), logged AS (
          INSERT INTO audit_log (actor_user_id, actor_email, action, entity_type, entity_id, details, ip)
          SELECT ${actor?.id ?? null}, ${actor?.email ?? null}, 'donation.create', 'donation', donation.id::text, ${JSON.stringify(details)}::jsonb, ${input.ip ?? null}
          FROM donation
        )
        SELECT id FROM donation`),
    );
  } catch (error) {
    // The same key arrived at the same moment and won: the general path answers (replay or conflict).
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  const [row] = rows;
  if (!row) return null;
  return { statusCode: 201, body: { id: Number(row.id), ...answer }, replayed: false };
}
