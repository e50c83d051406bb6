// Recurrente's REST API (https://app.recurrente.com/api): JSON in and out, the account's keys in the
// X-PUBLIC-KEY and X-SECRET-KEY headers, amounts as integer cents, errors as `{"error": ...}`.
// Webhooks are delivered by Svix: verified on the raw body with `standardwebhooks`, the same scheme.
import { Webhook } from 'standardwebhooks';
import type { PaymentsConfig } from '../../../config';
import type { ReceivedEvent } from '../events';
import { type PaymentProvider, ProviderError, WebhookSignatureError } from '../provider';
import { objectIdOf, readCheckout, readEvent, readSubscription } from './events';

type RecurrenteConfig = Extract<PaymentsConfig, { provider: 'recurrente' }>;

/** A provider call that takes longer than this is treated as failed (the donor can try again). */
const TIMEOUT_MS = 15_000;

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asString = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

// eslint-disable-next-line max-lines-per-function -- one closure on purpose: it holds the keys and the webhook verifier, and each method inside (the HTTP call, one per endpoint) is short
export function recurrenteProvider(config: RecurrenteConfig): PaymentProvider {
  let verifier: Webhook | null = null;

  async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          'X-PUBLIC-KEY': config.publicKey,
          'X-SECRET-KEY': config.secretKey,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderError(`Recurrente ${method} ${path}: ${(err as Error).message}`, null, null);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) {
      const error = asRecord(parsed).error;
      const detail = typeof error === 'string' ? error : error != null ? JSON.stringify(error) : null;
      throw new ProviderError(`Recurrente ${method} ${path}: HTTP ${res.status}${detail ? ` ${detail}` : ''}`, res.status, detail);
    }
    return asRecord(parsed);
  }

  return {
    name: 'recurrente',

    async createCheckout(request) {
      const answer = await call('POST', '/checkouts', {
        items: [
          {
            name: request.itemName,
            currency: request.currency,
            amount_in_cents: request.amountCents,
            quantity: 1,
            ...(request.monthly ? { charge_type: 'recurring', billing_interval: 'month', billing_interval_count: 1 } : {}),
            ...(request.monthly && request.freeTrial
              ? { free_trial_interval: request.freeTrial.interval, free_trial_interval_count: request.freeTrial.count }
              : {}),
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        // Read back from the checkout inside its events (./events.ts).
        metadata: {
          ...(request.reference != null ? { donation_reference: request.reference } : {}),
          ...(request.donationId != null ? { donation_id: String(request.donationId) } : {}),
          ...(request.giftId != null ? { recurring_gift_id: String(request.giftId) } : {}),
        },
        expires_at: request.expiresAt.toISOString(),
      });
      const id = asString(answer.id);
      const checkoutUrl = asString(answer.checkout_url);
      if (!id || !checkoutUrl) throw new ProviderError('Recurrente POST /checkouts: answer without id or checkout_url', 201, null);
      return { id, checkoutUrl };
    },

    async getCheckout(id) {
      return readCheckout(await call('GET', `/checkouts/${encodeURIComponent(id)}`));
    },

    async expireCheckout(id) {
      // Recurrente documents a past expires_at as expiring an unpaid checkout at once.
      await call('PATCH', `/checkouts/${encodeURIComponent(id)}`, { expires_at: new Date(Date.now() - 60_000).toISOString() });
    },

    async refund(paymentId) {
      const answer = await call('POST', '/refunds', { payment_intent_id: paymentId });
      return { id: asString(answer.id) ?? '', status: asString(answer.status) ?? 'unknown' };
    },

    async getSubscription(id) {
      return readSubscription(await call('GET', `/subscriptions/${encodeURIComponent(id)}`));
    },

    async cancelSubscription(id) {
      await call('DELETE', `/subscriptions/${encodeURIComponent(id)}`);
    },

    verifyWebhook(rawBody, headers) {
      const header = (name: string) => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const id = header('svix-id');
      const timestamp = header('svix-timestamp');
      const signature = header('svix-signature');
      if (!id || !timestamp || !signature) throw new WebhookSignatureError('missing svix headers');
      try {
        verifier ??= new Webhook(config.webhookSecret);
        // Rejects a timestamp more than 5 minutes away and compares the signatures in constant time.
        verifier.verify(rawBody, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature });
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('body is not JSON');
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new WebhookSignatureError('body is not an object');
      const payload = body as Record<string, unknown>;
      const providerType = asString(payload.event_type) ?? 'unknown';
      return { deliveryId: id, providerType, objectId: objectIdOf(payload), event: readEvent(providerType, payload), payload } satisfies ReceivedEvent;
    },
  };
}
