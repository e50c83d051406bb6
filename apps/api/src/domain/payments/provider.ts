// What the product asks of a checkout-based payment provider (docs/product.md#payments). Recurrente
// is the only one today; the tests run it against a local stand-in written from its documentation.

export interface CheckoutRequest {
  /** The donation reference, also sent in the checkout's metadata. */
  reference: string;
  itemName: string;
  amountCents: number;
  currency: 'GTQ' | 'USD';
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  metadata: Record<string, string>;
  /** A monthly gift: the item is charged every month (a subscription at the provider; decision 0022). */
  monthly?: boolean;
}

export interface CreatedCheckout {
  id: string;
  checkoutUrl: string;
}

/** A checkout as the provider reports it (`GET /checkouts/{id}`), reduced to what the ledger needs. */
export interface CheckoutState {
  id: string;
  status: 'unpaid' | 'paid' | 'payment_in_progress';
  paymentId: string | null;
  /** The subscription a paid recurring checkout started (`payment.paymentable` of type Subscription). */
  subscriptionId: string | null;
  paymentMethod: string | null;
  cardLast4: string | null;
  cardNetwork: string | null;
  expiresAt: Date | null;
  metadata: Record<string, unknown>;
}

/** A subscription as the provider reports it (`GET /subscriptions/{id}`). */
export interface SubscriptionState {
  id: string;
  status: 'active' | 'paused' | 'past_due' | 'cancelled' | 'unable_to_start' | 'unknown';
  currentPeriodEnd: Date | null;
  checkoutId: string | null;
}

export interface Refund {
  id: string;
  status: string;
}

/** A webhook whose signature was verified: the delivery id (unique per event) and its body. */
export interface VerifiedEvent {
  deliveryId: string;
  body: Record<string, unknown>;
}

export interface CheckoutProvider {
  readonly name: 'recurrente';
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  getCheckout(id: string): Promise<CheckoutState>;
  refund(paymentId: string): Promise<Refund>;
  getSubscription(id: string): Promise<SubscriptionState>;
  /** Cancels a subscription (`DELETE /subscriptions/{id}`): no further charges. */
  cancelSubscription(id: string): Promise<void>;
  /** Throws WebhookSignatureError unless the raw body carries a valid, fresh signature. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): VerifiedEvent;
}

/** The provider could not be reached or refused the call; `detail` is its `error` text, if any. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly detail: string | null,
  ) {
    super(message);
  }
}

export class WebhookSignatureError extends Error {}
