// The offline demo's card behaves like a gateway (docs/product.md#payments): a few seconds after a
// one-time card gift is recorded, the simulated provider's event (paid, or declined for the test
// cards) goes through the same dispatcher as a gateway's webhook, so the gift completes, its receipt
// is issued and emailed, and nobody presses anything. A monthly gift's first charge is the demo's
// monthly job's (domain/monthly/simulated-charges.ts).
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { donations, paymentEvents } from '../../db/schema';
import type { LinkContext } from '../ledger/links';
import { SIMULATED_PROVIDER } from '../payments/providers';
import { simulatedCardEvent } from '../payments/simulated/events';
import { receiveWebhook } from './provider-events';

/** How long the demo's card "takes" to answer, as a gateway's webhook would. */
export const SIMULATED_ANSWER_AFTER_MS = 2_000;

/** Sends the simulated card's answer for every pending card gift old enough that has none yet. Returns how many. */
export async function answerSimulatedCards(db: Database, links: LinkContext, options: { now?: Date; afterMs?: number; limit?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.afterMs ?? SIMULATED_ANSWER_AFTER_MS));
  const rows = await db
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.status, 'pending'),
        eq(donations.paymentProvider, SIMULATED_PROVIDER),
        eq(donations.paymentMethod, 'card'),
        eq(donations.donationType, 'monetary'),
        isNull(donations.recurringGiftId),
        lte(donations.createdAt, cutoff),
        sql`NOT EXISTS (SELECT 1 FROM ${paymentEvents} e WHERE e.donation_id = ${donations.id} AND e.provider = ${SIMULATED_PROVIDER})`,
      ),
    )
    .orderBy(asc(donations.createdAt))
    .limit(options.limit ?? 50);
  const ctx = { ...links, provider: { name: SIMULATED_PROVIDER } } as const;
  for (const row of rows) await receiveWebhook(db, ctx, simulatedCardEvent(row));
  return rows.length;
}
