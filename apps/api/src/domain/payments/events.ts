// The product's own payment events (decision 0032): what a provider's webhook or status answer means
// for a donation, in the product's words. Each provider's adapter turns its payloads into these; the
// rest of the API never reads a provider's field names or id formats.

/** What a provider told about one payment: amounts in cents, card as network and last 4 digits. */
export interface PaymentFacts {
  /** The provider's id of this payment (the key a renewal's donation is stored under). */
  paymentId: string | null;
  checkoutId: string | null;
  /** The provider's monthly subscription this payment charged, when the adapter can tell it. */
  subscriptionId: string | null;
  /** The donation and monthly gift the checkout was opened for, as sent in its metadata. */
  donationReference: string | null;
  giftId: string | null;
  amountCents: number | null;
  currency: string | null;
  /** 'card' or 'bank_transfer' (null: not said). */
  method: string | null;
  cardLast4: string | null;
  cardNetwork: string | null;
  feeCents: number | null;
  vatWithheldCents: number | null;
  failureReason: string | null;
}

/** A subscription's news: started, past due (a charge failed), paused, or ended by the provider. */
export interface SubscriptionFacts {
  subscriptionId: string | null;
  /** The payment that started it, if told. */
  paymentId: string | null;
  customerEmail: string | null;
  amountCents: number | null;
}

export type PaymentEvent =
  /** Money received: `recurring` when it is a charge of a monthly subscription (the first or a renewal). */
  | { kind: 'paid'; recurring: boolean; payment: PaymentFacts }
  | { kind: 'failed'; recurring: boolean; payment: PaymentFacts }
  /** A bank transfer was started and may take up to a day to arrive. */
  | { kind: 'transfer_pending'; payment: PaymentFacts }
  | { kind: 'subscription_started' | 'subscription_past_due' | 'subscription_paused' | 'subscription_cancelled'; subscription: SubscriptionFacts }
  /** A subscription with a free trial started: the card is confirmed, nothing was charged (decision 0038). */
  | { kind: 'subscription_setup'; subscription: SubscriptionFacts }
  /** An event the product does not act on (stored, never applied). */
  | { kind: 'other' };

/** A verified webhook: its delivery id (unique per event), the provider's name of it, the event, and the body kept as received. */
export interface ReceivedEvent {
  deliveryId: string;
  providerType: string;
  /** The id of the object the event is about (a payment or a subscription), for the stored record. */
  objectId: string | null;
  event: PaymentEvent;
  payload: Record<string, unknown>;
}

/** The events a monthly gift acts on: its subscription's news and the payments that charge it. */
export const isMonthlyEvent = (event: PaymentEvent): boolean =>
  event.kind.startsWith('subscription_') || ((event.kind === 'paid' || event.kind === 'failed') && event.recurring);

/** The facts of a payment or subscription event that name a checkout, if any. */
export const checkoutIdOf = (event: PaymentEvent): string | null =>
  event.kind === 'paid' || event.kind === 'failed' || event.kind === 'transfer_pending' ? event.payment.checkoutId : null;
