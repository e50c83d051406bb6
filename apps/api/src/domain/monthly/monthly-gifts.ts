// Monthly giving (docs/product.md#monthly-giving, decision 0022): the gift row and what every part of
// monthly/ reads of it. A monthly gift is one `recurring_gifts` row; its first payment and every
// renewal are ordinary ledger donations pointing to it, completed through the ledger's one transition
// and its completion step (receipt, totals, DONOR, the gift's bookkeeping). With a gateway the gift is
// a subscription opened by a recurring checkout and moved by the provider's events (./provider-events.ts);
// with the simulated provider (the offline demo) a job charges it on its `next_charge_at`
// (./simulated-charges.ts). Cancelling always asks the provider first (./cancel.ts). Every monthly
// email carries a signed, expiring link to the no-login page (./views.ts).
import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { monthlyApiMessages } from '../../messages/monthly';
import { formatCents } from '@donaciones/shared/format';
import { toQuetzalCents } from '@donaciones/shared/schemas/payments';
import { and, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donations, recurringGifts } from '../../db/schema';
import type { LinkContext } from '../ledger/links';
import { type DonationRow, insertDonation } from '../ledger/transitions';
import type { PaymentContext } from '../payments/checkouts';
import { getSettings } from '../../platform/settings';
import { signedLinks } from '../../platform/signed-links';

export type GiftRow = typeof recurringGifts.$inferSelect;

/** Gifts whose charges still come (the duplicate rule counts these). */
export const LIVE_STATUSES = ['active', 'past_due', 'paused'] as const;

/** What the monthly engine needs of the process: its gateway (null: simulated), links and public URL. */
export interface MonthlyContext extends LinkContext {
  payments: PaymentContext | null;
}

export function monthlyContext(app: FastifyInstance): MonthlyContext {
  return { payments: app.payments, links: signedLinks(app.config.jwtSecret), publicUrl: app.config.publicUrl };
}

export const amountOf = (gift: Pick<GiftRow, 'amountCents' | 'currency'>) => formatCents(gift.amountCents, gift.currency);

export async function lockGift(tx: Db, id: number): Promise<GiftRow | null> {
  const [gift] = await tx.select().from(recurringGifts).where(eq(recurringGifts.id, id)).for('update').limit(1);
  return gift ?? null;
}

/** Locks the monthly gift a donation belongs to, if any. */
export async function lockGiftOfDonation(tx: Db, donationId: number): Promise<void> {
  await tx.execute(sql`SELECT g.id FROM recurring_gifts g JOIN donations d ON d.recurring_gift_id = g.id WHERE d.id = ${donationId} FOR UPDATE OF g`);
}

export async function giftById(db: Db, id: number): Promise<GiftRow | null> {
  const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, id)).limit(1);
  return gift ?? null;
}

/** A new donation of a gift (a renewal), pending, with the payment id it is keyed by. */
export async function insertRenewal(tx: Db, gift: GiftRow, values: { amountCents: number; paymentId: string | null; cardLast4?: string | null; cardBrand?: string | null }) {
  // A dollar gift is valued in quetzales at the staff's rate of the day of each charge.
  const usd = gift.currency === 'USD' ? await getSettings(tx, 'payments') : null;
  // Each renewal's receipt names the donor as the first charge did (decision 0019).
  const first = await firstDonationOf(tx, gift);
  return insertDonation(tx, {
    ...donorIdentityOf(first),
    ...(usd
      ? {
          gtqCents: toQuetzalCents(values.amountCents, 'USD', usd.usd_exchange_rate),
          exchangeRate: String(usd.usd_exchange_rate),
          exchangeRateDate: usd.usd_exchange_rate_date,
        }
      : {}),
    donorName: gift.donorName,
    donorEmail: gift.donorEmail,
    amountCents: values.amountCents,
    currency: gift.currency,
    donationType: 'monetary',
    description: monthlyApiMessages.donationDescription,
    source: 'public',
    userId: gift.userId,
    cardLast4: values.cardLast4 ?? null,
    cardBrand: values.cardBrand ?? null,
    paymentMethod: 'card',
    paymentProvider: gift.provider,
    paymentReference: values.paymentId,
    recurringGiftId: gift.id,
    // Every renewal goes where the donor designated the gift (docs/product.md#designation).
    programId: gift.programId,
  });
}

/**
 * The donor's phone, tax id and anonymous choice as the gift's first donation recorded them, for the
 * gift's later donations: a gift given anonymously stays anonymous in every renewal.
 */
export function donorIdentityOf(first: DonationRow | null) {
  return {
    donorPhone: first?.donorPhone ?? null,
    donorNit: first?.donorNit ?? null,
    donorTaxIdKind: first?.donorTaxIdKind ?? null,
    donorAnonymous: first?.donorAnonymous ?? false,
  };
}

/** The first donation of a gift: the one its checkout was opened for. */
export async function firstDonationOf(db: Db, gift: GiftRow): Promise<DonationRow | null> {
  const [row] = await db.select().from(donations).where(eq(donations.recurringGiftId, gift.id)).orderBy(asc(donations.id)).limit(1);
  return row ?? null;
}

/** Records the subscription id on a gift that does not know it yet. */
export async function linkSubscription(db: Db, gift: GiftRow, subscriptionId: string | null): Promise<GiftRow> {
  if (!subscriptionId || gift.subscriptionId) return gift;
  const [updated] = await db
    .update(recurringGifts)
    .set({ subscriptionId, updatedAt: sql`now()` })
    .where(and(eq(recurringGifts.id, gift.id), isNull(recurringGifts.subscriptionId)))
    .returning();
  return updated ?? gift;
}
