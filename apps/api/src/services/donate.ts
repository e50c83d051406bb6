// The public checkout's server side (DECISIONS.md D5): records a pending monetary donation, once per
// idempotency key. No payment provider is called here; the ledger processes the donation later.
import { formatMoney, fromCents, toCents } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { errorMessages } from '../messages/errors';
import type { PublicDonation, PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { Database } from '../db/client';
import { fieldError, serviceUnavailable } from '../errors';
import { type Actor, audit } from './audit';
import { withIdempotency, requestHash, type StoredAnswer } from './idempotency';
import { insertDonation } from './ledger';
import { getSettings } from './settings';

export const DONATE_SCOPE = 'donate';

export interface DonateInput {
  body: PublicDonation;
  idempotencyKey: string;
  /** The signed-in caller, when a valid bearer token was sent. */
  actor: Actor | null;
  ip?: string | null;
}

export async function createPublicDonation(db: Database, input: DonateInput): Promise<StoredAnswer<PublicDonationResponse>> {
  const { body } = input;
  // The caller is part of what the key guards: the same key from another account is another request.
  const hash = requestHash({ body, userId: input.actor?.id ?? null });
  return withIdempotency<PublicDonationResponse>(db, { scope: DONATE_SCOPE, key: input.idempotencyKey, hash }, async (tx) => {
    const system = await getSettings(tx, 'system');
    if (system.maintenance_mode) throw serviceUnavailable(errorMessages.maintenance);
    const cents = toCents(body.amount);
    if (cents < toCents(system.min_donation_amount)) {
      throw fieldError('amount', donateMessages.amountBelowMin(formatMoney(system.min_donation_amount)));
    }
    if (cents > toCents(system.max_donation_amount)) {
      throw fieldError('amount', donateMessages.amountAboveMax(formatMoney(system.max_donation_amount)));
    }

    const row = await insertDonation(tx, {
      donorName: body.donorName,
      donorEmail: body.email,
      donorPhone: body.phone ?? null,
      donorNit: body.nit ?? null,
      amountCents: cents,
      currency: 'GTQ',
      donationType: 'monetary',
      description: donateMessages.description,
      source: 'public',
      userId: input.actor?.id ?? null,
      cardLast4: body.cardLast4,
      cardBrand: body.cardBrand,
    });

    await audit(tx, {
      actor: input.actor,
      action: 'donation.create',
      entityType: 'donation',
      entityId: row.id,
      details: { source: 'public', reference: row.referenceCode, amount_cents: row.amountCents },
      ip: input.ip,
    });

    return {
      statusCode: 201,
      body: {
        id: row.id,
        reference_code: row.referenceCode,
        amount: fromCents(row.amountCents),
        status: 'pending',
        card_last4: body.cardLast4,
        card_brand: body.cardBrand,
        created_at: row.createdAt.toISOString(),
      },
    };
  });
}
