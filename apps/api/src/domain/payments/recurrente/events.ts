// Recurrente's payloads read into the product's events (domain/payments/events.ts, decision 0032):
// the webhook bodies (`payment_intent.*`, `bank_transfer_intent.*`, `subscription.*`) and the
// checkout of `GET /checkouts/{id}`. Only this folder knows Recurrente's field names and id formats.
// A field of the wrong type reads as absent (null), never as an error: the event is still stored, and
// what it lacks is what decides (an amount that is not whole cents completes nothing).
import { z } from 'zod';
import type { PaymentEvent, PaymentFacts, SubscriptionFacts } from '../events';
import type { CheckoutState, SubscriptionState } from '../provider';

/** A text that is absent, empty or of another type reads as null. */
const text = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && v !== '' ? v : null));
/** Whole, non-negative cents, as a number or a numeric string. */
const cents = z.unknown().optional().transform((v) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
});
const date = text.transform((v) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : null));
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** An object, or {} for anything else (absent included), so the fields inside read as absent. */
const object = <T extends z.ZodRawShape>(shape: T) => {
  const inner = z.object(shape);
  return z
    .unknown()
    .optional()
    .transform((v) => inner.parse(isObject(v) ? v : {}));
};
const record = z
  .unknown()
  .optional()
  .transform((v) => (isObject(v) ? v : {}));

const paymentable = object({ type: text, id: text });
const payment = object({ id: text, paymentable });
const checkout = object({
  id: text,
  status: text,
  expires_at: date,
  payment,
  payment_method: object({ type: text, card: object({ last4: text, network: text }) }),
  metadata: record,
});

const paymentBody = object({
  id: text,
  event_type: text,
  amount_in_cents: cents,
  currency: text,
  fee: cents,
  vat_withheld: cents,
  failure_reason: text,
  payment,
  checkout,
});

const subscriptionBody = object({
  id: text,
  customer_email: text,
  payment,
  product: object({
    prices: z
      .unknown()
      .optional()
      .transform((v) => (Array.isArray(v) ? v : [])),
  }),
});

const price = object({ amount_in_cents: cents });

/** A paymentable of type Subscription is a charge of a monthly subscription (`su_...`). */
function subscriptionOf(p: z.infer<typeof paymentable>): { recurring: boolean; subscriptionId: string | null } {
  const recurring = p.type === 'Subscription';
  return { recurring, subscriptionId: recurring && p.id?.startsWith('su_') ? p.id : null };
}

function paymentFacts(body: z.infer<typeof paymentBody>, bankTransfer: boolean): PaymentFacts {
  const c = body.checkout;
  const metadata = c.metadata;
  return {
    // A bank transfer intent (`ba_...`) names its payment inside; a payment intent is its own id.
    paymentId: bankTransfer ? (body.payment.id ?? body.id) : body.id,
    checkoutId: c.id,
    subscriptionId: subscriptionOf(body.payment.paymentable).subscriptionId,
    donationReference: typeof metadata.donation_reference === 'string' ? metadata.donation_reference : null,
    giftId: typeof metadata.recurring_gift_id === 'string' ? metadata.recurring_gift_id : null,
    amountCents: body.amount_in_cents,
    currency: body.currency,
    method: bankTransfer ? 'bank_transfer' : c.payment_method.type,
    cardLast4: c.payment_method.card.last4,
    cardNetwork: c.payment_method.card.network,
    feeCents: body.fee,
    vatWithheldCents: body.vat_withheld,
    failureReason: body.failure_reason,
  };
}

function subscriptionFacts(raw: unknown): SubscriptionFacts {
  const body = subscriptionBody.parse(raw);
  return {
    subscriptionId: body.id,
    paymentId: body.payment.id,
    customerEmail: body.customer_email,
    amountCents: price.parse(body.product.prices[0]).amount_in_cents,
  };
}

const SUBSCRIPTION_EVENTS = {
  'subscription.create': 'subscription_started',
  'subscription.past_due': 'subscription_past_due',
  'subscription.paused': 'subscription_paused',
  'subscription.cancel': 'subscription_cancelled',
} as const;

// `setup_intent.succeeded`: a subscription with a free trial started. The documented body names it
// under `suscription` (sic); `subscription` is read too, should the spelling be corrected.
const setupBody = object({ suscription: object({ id: text }), subscription: object({ id: text }) });

/** A webhook body (already verified) as the product's event; what the product does not act on is `other`. */
export function readEvent(eventType: string, raw: Record<string, unknown>): PaymentEvent {
  if (eventType === 'setup_intent.succeeded') {
    const body = setupBody.parse(raw);
    const subscriptionId = body.suscription.id ?? body.subscription.id;
    return { kind: 'subscription_setup', subscription: { subscriptionId, paymentId: null, customerEmail: null, amountCents: null } };
  }
  if (eventType in SUBSCRIPTION_EVENTS) {
    return { kind: SUBSCRIPTION_EVENTS[eventType as keyof typeof SUBSCRIPTION_EVENTS], subscription: subscriptionFacts(raw) };
  }
  const [intent, outcome] = eventType.split('.');
  if (intent !== 'payment_intent' && intent !== 'bank_transfer_intent') return { kind: 'other' };
  const body = paymentBody.parse(raw);
  const bankTransfer = intent === 'bank_transfer_intent';
  const facts = paymentFacts(body, bankTransfer);
  const { recurring } = subscriptionOf(body.payment.paymentable);
  if (outcome === 'succeeded') return { kind: 'paid', recurring, payment: facts };
  if (outcome === 'failed') return { kind: 'failed', recurring, payment: facts };
  if (outcome === 'pending' && bankTransfer) return { kind: 'transfer_pending', payment: facts };
  return { kind: 'other' };
}

/** The id of the object a webhook is about (a payment or a subscription), as stored with the event. */
export const objectIdOf = (raw: Record<string, unknown>): string | null =>
  text.parse(raw.id) ?? setupBody.parse(raw).suscription.id ?? setupBody.parse(raw).subscription.id;

/** A checkout as `GET /checkouts/{id}` answers it. */
export function readCheckout(raw: unknown): CheckoutState {
  const c = checkout.parse(raw);
  return {
    id: c.id ?? '',
    status: c.status === 'paid' || c.status === 'payment_in_progress' ? c.status : 'unpaid',
    paymentId: c.payment.id,
    subscriptionId: c.payment.paymentable.type === 'Subscription' ? c.payment.paymentable.id : null,
    paymentMethod: c.payment_method.type,
    cardLast4: c.payment_method.card.last4,
    cardNetwork: c.payment_method.card.network,
    expiresAt: c.expires_at,
  };
}

const SUBSCRIPTION_STATUSES = ['active', 'paused', 'past_due', 'cancelled', 'unable_to_start'] as const;
const subscription = object({ id: text, status: text, current_period_end: date, checkout: object({ id: text }) });

/** A subscription as `GET /subscriptions/{id}` answers it. */
export function readSubscription(raw: unknown): SubscriptionState {
  const s = subscription.parse(raw);
  return {
    id: s.id ?? '',
    status: SUBSCRIPTION_STATUSES.find((x) => x === s.status) ?? 'unknown',
    currentPeriodEnd: s.current_period_end,
    checkoutId: s.checkout.id,
  };
}
