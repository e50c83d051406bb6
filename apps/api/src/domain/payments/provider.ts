// What the product asks of a payment provider (docs/product.md#payments): one interface, whatever the
// provider. A provider's adapter speaks its own API and hands the product neutral events
// (./events.ts). Recurrente is the gateway; the tests run it against a local stand-in written from
// its documentation. The offline demo's simulated card and the bank deposit are offline providers
// (./offline-provider.ts, each in its folder): they open no checkout and send no events, and their
// `settlement` says who settles their donations. ./providers.ts picks a donation's provider by name.
import type { PaymentProviderName } from '@donaciones/shared/schemas/payments';
import type { ReceivedEvent } from './events';

export interface CheckoutRequest {
  /** The donation reference; events of the checkout name it back (none for a trial's checkout). */
  reference?: string;
  itemName: string;
  amountCents: number;
  currency: 'GTQ' | 'USD';
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  donationId?: number;
  /** The monthly gift whose first payment this is: events of the checkout name it back. */
  giftId?: number;
  /** A monthly gift: the item is charged every month (a subscription at the provider; decision 0022). */
  monthly?: boolean;
  /** A monthly item's free trial (decision 0038): its first charge comes when the trial ends. */
  freeTrial?: { interval: 'week' | 'month'; count: number };
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
  /** The subscription a paid recurring checkout started, if any. */
  subscriptionId: string | null;
  paymentMethod: string | null;
  cardLast4: string | null;
  cardNetwork: string | null;
  expiresAt: Date | null;
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

export interface PaymentProvider {
  /** Stored on each donation it settles (`donations.payment_provider`). */
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  getCheckout(id: string): Promise<CheckoutState>;
  /** Ends an unpaid checkout at once (`PATCH /checkouts/{id}` with a past `expires_at`): it can no longer be paid. */
  expireCheckout(id: string): Promise<void>;
  refund(paymentId: string): Promise<Refund>;
  getSubscription(id: string): Promise<SubscriptionState>;
  /** Cancels a subscription (`DELETE /subscriptions/{id}`): no further charges. */
  cancelSubscription(id: string): Promise<void>;
  /**
   * Throws WebhookSignatureError unless the raw body carries a valid, fresh signature; else the body
   * read as the product's event, with the body itself kept for the record.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): ReceivedEvent;
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
