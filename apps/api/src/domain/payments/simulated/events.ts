// The simulated provider's events (the offline demo, docs/product.md#payments): a few seconds after a
// card gift is recorded, the demo's "gateway" answers as a gateway does, with the product's neutral
// event (./../events.ts): paid, or declined for the documented test cards (./simulated.ts). The
// dispatcher settles it like any gateway's webhook.
import type { DonationRow } from '../../ledger/types';
import type { ReceivedEvent } from '../events';
import { FAILING_TEST_CARDS, simulatedPaymentId } from './simulated';

/** The event the simulated card sends for a pending card donation; its delivery id makes a replay a no-op. */
export function simulatedCardEvent(row: DonationRow): ReceivedEvent {
  const failure = row.cardLast4 ? (FAILING_TEST_CARDS[row.cardLast4] ?? null) : null;
  const paymentId = simulatedPaymentId(row.referenceCode);
  const payment = {
    paymentId,
    checkoutId: null,
    subscriptionId: null,
    donationReference: row.referenceCode,
    giftId: null,
    amountCents: row.amountCents,
    currency: row.currency,
    method: 'card',
    cardLast4: row.cardLast4,
    cardNetwork: row.cardBrand,
    feeCents: null,
    vatWithheldCents: null,
    failureReason: failure,
  };
  const kind = failure ? 'failed' : 'paid';
  return {
    deliveryId: `simulated-${row.id}`,
    providerType: failure ? 'simulated.payment_declined' : 'simulated.payment_succeeded',
    objectId: paymentId,
    event: { kind, recurring: false, payment },
    payload: { donation: row.referenceCode, kind, amount_cents: row.amountCents, currency: row.currency, card_last4: row.cardLast4 },
  };
}
