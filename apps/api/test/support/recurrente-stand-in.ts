// A local stand-in for Recurrente (https://app.recurrente.com/api), written from its public API
// documentation, so that no test touches the network: the endpoints the product uses with the
// documented headers, status codes and payload shapes, a checkout page where 4242 4242 4242 4242
// pays and 4000 0000 0000 0002 is declined, and webhooks signed the way Svix signs them. A checkout
// whose item is `charge_type: "recurring"` starts a subscription (su_...) when paid, read and cancelled
// with GET/DELETE /subscriptions/{id}; tests drive its life with `renew`, `failRenewal`, `pastDue`,
// `cancelAfterRetries` and `pause`, which emit the documented events.
//
// Run by itself (the browser test starts it): `npx tsx apps/api/test/support/recurrente-stand-in.ts`
// with RECURRENTE_STAND_IN_PORT, RECURRENTE_PUBLIC_KEY, RECURRENTE_SECRET_KEY,
// RECURRENTE_WEBHOOK_SECRET and RECURRENTE_STAND_IN_WEBHOOK_URL (unset: test mode, no webhooks).
import { createHmac, randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PAYING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';
export const DECLINE_REASON = 'Tu banco ha rechazado la transacción. Llama a tu banco y pide que autoricen esta transacción.';

export interface StandInOptions {
  publicKey: string;
  secretKey: string;
  /** `whsec_` followed by the base64 key. */
  webhookSecret: string;
  /** Where signed webhooks are POSTed; null is Recurrente's test mode, which sends none. */
  webhookUrl: string | null;
  /** 'manual' keeps events in `outbox` until the test delivers them (order, replays). */
  delivery?: 'immediate' | 'manual';
  port?: number;
}

export interface StoredSubscription {
  id: string;
  status: 'active' | 'paused' | 'past_due' | 'cancelled' | 'unable_to_start';
  checkoutId: string;
  amountInCents: number;
  currency: string;
  interval: string;
  createdAt: string;
  updatedAt: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** The card of the first payment, charged again at each renewal. */
  paymentMethod: { id: string; type: string; card: { last4: string; network: string } };
}

export interface StoredCheckout {
  id: string;
  /** Set for a recurring item: a paid checkout starts a subscription. */
  recurring: { interval: string; count: number } | null;
  /** A recurring item's free trial (`free_trial_interval`, `free_trial_interval_count`): paying it charges nothing. */
  trial: { interval: string; count: number } | null;
  subscriptionId: string | null;
  status: 'unpaid' | 'paid' | 'payment_in_progress';
  items: Array<{ name: string; currency: string; amount_in_cents: number; quantity: number }>;
  currency: string;
  totalInCents: number;
  successUrl: string | null;
  cancelUrl: string | null;
  metadata: Record<string, unknown>;
  expiresAt: string | null;
  createdAt: string;
  payment: { id: string | null; paymentable: Record<string, unknown> } | null;
  paymentMethod: { id: string; type: string; card: { last4: string; network: string } } | null;
  latestIntent: { id: string; created_at: string; type: string; data: Record<string, unknown> } | null;
}

export interface OutgoingEvent {
  deliveryId: string;
  body: Record<string, unknown>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex').slice(0, 10)}`;

/** Svix's scheme: HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed with the base64 part after whsec_. */
export function svixSignature(secret: string, deliveryId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${deliveryId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The end of a billing period that starts at `from`. */
function nextPeriod(from: Date, interval: string): Date {
  const next = new Date(from);
  if (interval === 'week') next.setUTCDate(next.getUTCDate() + 7);
  else if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** A fresh webhook secret in Recurrente's (Svix's) format. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 4.5% of the amount (Recurrente's example: 10,000 cents -> 450). */
export const standInFee = (cents: number) => Math.round(cents * 0.045);
/** The IVA withheld: 15% of the IVA included in the amount (the example: 10,000 cents -> 160). */
export const standInVatWithheld = (cents: number) => Math.floor(((cents / 1.12) * 0.12 * 15) / 100);

export class RecurrenteStandIn {
  readonly checkouts = new Map<string, StoredCheckout>();
  readonly refunds = new Map<string, Record<string, unknown>>();
  readonly subscriptions = new Map<string, StoredSubscription>();
  /** Every event made, delivered or not, in order. */
  readonly events: OutgoingEvent[] = [];
  /** Events waiting for `deliver` (manual delivery). */
  readonly outbox: OutgoingEvent[] = [];
  /** Answers of the product to each delivery. */
  readonly deliveries: Array<{ deliveryId: string; status: number }> = [];
  private server: Server | null = null;
  private baseUrl = '';

  constructor(private readonly options: StandInOptions) {}

  get url(): string {
    return this.baseUrl;
  }

  /** The API base, as in RECURRENTE_API_URL. */
  get apiUrl(): string {
    return `${this.baseUrl}/api`;
  }

  set webhookUrl(url: string | null) {
    this.options.webhookUrl = url;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => send(res, 500, { error: err.message }));
    });
    await new Promise<void>((resolve) => this.server?.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.apiUrl;
  }

  async stop(): Promise<void> {
    // The product's fetch keeps connections alive: drop them, or close would wait for them.
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private authorized(req: IncomingMessage): boolean {
    return req.headers['x-public-key'] === this.options.publicKey && req.headers['x-secret-key'] === this.options.secretKey;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const path = url.pathname.replace(/\/$/, '');
    const method = req.method ?? 'GET';

    // The hosted checkout page (no API keys: it is the donor's browser).
    const page = /^\/checkout-session\/(ch_[\w]+)(\/pay|\/cancel)?$/.exec(path);
    if (page) {
      await this.checkoutPage(req, res, page[1], page[2] ?? '', method);
      return;
    }

    if (!path.startsWith('/api/')) return send(res, 404, { error: 'Not found' });
    if (!this.authorized(req)) return send(res, 401, { error: 'Unauthorized' });
    const raw = await readBody(req);
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(res, 400, { error: 'Invalid JSON' });
      }
    }

    if (method === 'GET' && path === '/api/test') return send(res, 200, { message: 'Hello Fundación de prueba' });
    if (method === 'POST' && path === '/api/checkouts') return this.createCheckout(res, body);
    const one = /^\/api\/checkouts\/(ch_[\w]+)$/.exec(path);
    if (one) {
      const checkout = this.checkouts.get(one[1]);
      if (!checkout) return send(res, 404, { error: 'Checkout not found' });
      if (method === 'GET') return send(res, 200, this.checkoutJson(checkout));
      if (method === 'PATCH') {
        if (checkout.status === 'paid') return send(res, 422, { error: 'Checkout already paid' });
        for (const key of ['success_url', 'cancel_url', 'expires_at'] as const) {
          if (typeof body[key] === 'string') {
            if (key === 'success_url') checkout.successUrl = body[key] as string;
            if (key === 'cancel_url') checkout.cancelUrl = body[key] as string;
            if (key === 'expires_at') checkout.expiresAt = body[key] as string;
          }
        }
        if (body.metadata && typeof body.metadata === 'object') checkout.metadata = body.metadata as Record<string, unknown>;
        return send(res, 200, this.checkoutJson(checkout));
      }
    }
    const subscription = /^\/api\/subscriptions\/(su_[\w]+)$/.exec(path);
    if (subscription) {
      const found = this.subscriptions.get(subscription[1]);
      if (!found) return send(res, 404, { error: 'Subscription not found' });
      if (method === 'GET') return send(res, 200, this.subscriptionJson(found));
      if (method === 'DELETE') {
        found.status = 'cancelled';
        found.updatedAt = new Date().toISOString();
        return send(res, 200, { message: 'Suscripción cancelada' });
      }
    }
    if (method === 'POST' && path === '/api/refunds') return this.createRefund(res, body);
    const refund = /^\/api\/refunds\/(re_[\w]+)$/.exec(path);
    if (method === 'GET' && refund) {
      const found = this.refunds.get(refund[1]);
      return found ? send(res, 200, found) : send(res, 404, { error: 'Refund not found' });
    }
    return send(res, 404, { error: 'Not found' });
  }

  private createCheckout(res: ServerResponse, body: Record<string, unknown>) {
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0) return send(res, 422, { error: 'items is required' });
    const parsed: StoredCheckout['items'] = [];
    let recurring: StoredCheckout['recurring'] = null;
    let trial: StoredCheckout['trial'] = null;
    for (const item of items as Array<Record<string, unknown>>) {
      if (item.charge_type !== undefined && item.charge_type !== 'one_time' && item.charge_type !== 'recurring') {
        return send(res, 422, { error: 'items.charge_type must be one_time or recurring' });
      }
      if (item.charge_type === 'recurring') {
        const interval = item.billing_interval;
        const count = item.billing_interval_count === undefined ? 1 : Number(item.billing_interval_count);
        if (interval !== 'week' && interval !== 'month' && interval !== 'year') return send(res, 422, { error: 'items.billing_interval must be week, month or year' });
        if (!Number.isInteger(count) || count < 1) return send(res, 422, { error: 'items.billing_interval_count must be a positive integer' });
        recurring = { interval, count };
        if (item.free_trial_interval !== undefined || item.free_trial_interval_count !== undefined) {
          const trialInterval = item.free_trial_interval;
          const trialCount = Number(item.free_trial_interval_count ?? 0);
          if (trialInterval !== 'week' && trialInterval !== 'month' && trialInterval !== 'year') {
            return send(res, 422, { error: 'items.free_trial_interval must be week, month or year' });
          }
          if (!Number.isInteger(trialCount) || trialCount < 0) return send(res, 422, { error: 'items.free_trial_interval_count must be a non-negative integer' });
          if (trialCount > 0) trial = { interval: trialInterval, count: trialCount };
        }
      }
      const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
      if (typeof item.name !== 'string' || item.name === '') return send(res, 422, { error: 'items.name is required' });
      if (item.currency !== 'GTQ' && item.currency !== 'USD') return send(res, 422, { error: 'items.currency must be GTQ or USD' });
      if (!Number.isInteger(item.amount_in_cents) || (item.amount_in_cents as number) <= 0) {
        return send(res, 422, { error: 'items.amount_in_cents must be a positive integer' });
      }
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9) return send(res, 422, { error: 'items.quantity must be 1 to 9' });
      parsed.push({ name: item.name, currency: item.currency, amount_in_cents: item.amount_in_cents as number, quantity });
    }
    if (new Set(parsed.map((i) => i.currency)).size > 1) return send(res, 422, { error: 'items must share one currency' });
    const metadata = (body.metadata ?? {}) as Record<string, unknown>;
    const keys = Object.keys(metadata);
    if (keys.length > 50 || keys.some((k) => k.length > 40) || Object.values(metadata).some((v) => String(v).length > 500)) {
      return send(res, 422, { error: 'metadata exceeds its limits' });
    }
    const checkout: StoredCheckout = {
      id: id('ch'),
      recurring,
      trial,
      subscriptionId: null,
      status: 'unpaid',
      items: parsed,
      currency: parsed[0].currency,
      totalInCents: parsed.reduce((sum, i) => sum + i.amount_in_cents * i.quantity, 0),
      successUrl: typeof body.success_url === 'string' ? body.success_url : null,
      cancelUrl: typeof body.cancel_url === 'string' ? body.cancel_url : null,
      metadata,
      expiresAt: typeof body.expires_at === 'string' ? body.expires_at : null,
      createdAt: new Date().toISOString(),
      payment: null,
      paymentMethod: null,
      latestIntent: null,
    };
    this.checkouts.set(checkout.id, checkout);
    return send(res, 201, { id: checkout.id, checkout_url: `${this.baseUrl}/checkout-session/${checkout.id}` });
  }

  checkoutJson(c: StoredCheckout): Record<string, unknown> {
    return {
      id: c.id,
      status: c.status,
      payment: c.payment,
      payment_method: c.paymentMethod,
      transfer_setups: [],
      metadata: c.metadata,
      expires_at: c.expiresAt,
      success_url: c.successUrl,
      cancel_url: c.cancelUrl,
      created_at: c.createdAt,
      total_in_cents: String(c.totalInCents),
      currency: c.currency,
      live_mode: false,
      ...(c.latestIntent ? { latest_intent: c.latestIntent } : {}),
    };
  }

  subscriptionJson(s: StoredSubscription): Record<string, unknown> {
    return {
      id: s.id,
      description: 'Donación mensual',
      status: s.status,
      created_at: s.createdAt,
      updated_at: s.updatedAt,
      current_period_start: s.currentPeriodStart,
      current_period_end: s.currentPeriodEnd,
      tax_name: null,
      tax_id: null,
      subscriber: { id: 'us_standin', first_name: 'Donante', last_name: 'de prueba', full_name: 'Donante de prueba', email: 'donante@prueba.gt', phone_number: null },
      checkout: { id: s.checkoutId },
      product: { id: 'prod_standin' },
    };
  }

  private createRefund(res: ServerResponse, body: Record<string, unknown>) {
    const paymentId = body.payment_intent_id;
    const checkout = [...this.checkouts.values()].find((c) => c.payment?.id === paymentId);
    if (typeof paymentId !== 'string' || !checkout) return send(res, 404, { error: 'Payment intent not found' });
    if ([...this.refunds.values()].some((r) => r.payment_intent_id === paymentId)) return send(res, 422, { error: 'Payment already refunded' });
    const refund = {
      id: id('re'),
      status: 'succeeded',
      customer: { id: 'us_standin', email: 'donante@prueba.gt', full_name: 'Donante de prueba' },
      account_refunded_amount_in_cents: checkout.totalInCents - standInFee(checkout.totalInCents),
      customer_refunded_amount_in_cents: checkout.totalInCents,
      currency: checkout.currency,
      created_at: new Date().toISOString(),
      payment_intent_id: paymentId,
    };
    this.refunds.set(refund.id, refund);
    const { payment_intent_id: _omit, ...answer } = refund;
    return send(res, 200, answer);
  }

  // ------------------------------------------------------------------------- the donor's checkout page

  private async checkoutPage(req: IncomingMessage, res: ServerResponse, checkoutId: string, action: string, method: string) {
    const checkout = this.checkouts.get(checkoutId);
    if (!checkout) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>No encontrado</title><p>Checkout no encontrado</p>');
    }
    if (action === '/cancel') return this.redirect(res, checkout.cancelUrl ?? this.baseUrl);
    if (action === '/pay' && method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const outcome = await this.pay(checkoutId, form.get('card_number') ?? '');
      if (outcome.paid) return this.redirect(res, checkout.successUrl ?? this.baseUrl);
      return this.renderPage(res, checkout, outcome.reason);
    }
    return this.renderPage(res, checkout, null);
  }

  private redirect(res: ServerResponse, location: string) {
    res.writeHead(303, { location });
    res.end();
  }

  private renderPage(res: ServerResponse, c: StoredCheckout, error: string | null) {
    const total = `${c.currency} ${(c.totalInCents / 100).toFixed(2)}`;
    const expired = c.expiresAt != null && Date.parse(c.expiresAt) <= Date.now();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Recurrente (PRUEBA)</title><link rel="icon" href="data:,"></head>
<body>
<main>
<p>PRUEBA</p>
<h1>${escapeHtml(c.items[0].name)}</h1>
<p data-testid="total">${escapeHtml(total)}</p>
${c.status === 'paid' ? '<p role="status">Pagado</p>' : expired ? '<p role="alert">Este enlace de pago expiró</p>' : `
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout-session/${c.id}/pay">
  <label for="card_number">Número de tarjeta</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number">
  <label for="card_expiry">Vencimiento</label>
  <input id="card_expiry" name="card_expiry" placeholder="MM/AA">
  <label for="card_cvc">CVC</label>
  <input id="card_cvc" name="card_cvc">
  <button type="submit">Pagar ${escapeHtml(total)}</button>
</form>`}
<a href="/checkout-session/${c.id}/cancel">Regresar a la tienda</a>
</main>
</body></html>`);
  }

  /** What the checkout page does with a card number; also used directly by API tests. */
  async pay(checkoutId: string, cardNumber: string): Promise<{ paid: true } | { paid: false; reason: string }> {
    const c = this.checkouts.get(checkoutId);
    if (!c) throw new Error(`no checkout ${checkoutId}`);
    if (c.status === 'paid') return { paid: true };
    if (c.expiresAt != null && Date.parse(c.expiresAt) <= Date.now()) return { paid: false, reason: 'Este enlace de pago expiró' };
    const digits = cardNumber.replace(/\D/g, '');
    if (c.trial) return this.startTrial(c, digits);
    const intentId = id('pa');
    const network = digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : 'amex';
    const now = new Date().toISOString();
    const paymentable = c.recurring
      ? { type: 'Subscription', id: c.subscriptionId ?? id('su'), tax_name: null, tax_id: null, address: null, phone_number: null }
      : { type: 'OneTimePayment', id: id('on'), tax_name: null, tax_id: null, address: null, phone_number: null };
    const common = {
      api_version: '2024-04-24',
      created_at: now,
      amount_in_cents: c.totalInCents,
      currency: c.currency,
      vat_withheld_currency: c.currency,
      customer: { email: 'donante@prueba.gt', full_name: 'Donante de prueba', id: 'us_standin' },
      payment: { id: intentId, paymentable },
      product: { id: 'prod_standin' },
      invoice: { id: id('inv'), tax_invoice_url: null },
    };
    if (digits === PAYING_CARD) {
      c.status = 'paid';
      c.payment = { id: intentId, paymentable: { type: paymentable.type, id: paymentable.id, tax_name: null, tax_id: null } };
      c.paymentMethod = { id: id('pay_m'), type: 'card', card: { last4: digits.slice(-4), network } };
      c.latestIntent = { id: intentId, created_at: now, type: 'PaymentIntent', data: { auth_code: '123456' } };
      // The subscription exists before any webhook about it is sent.
      let subscription: StoredSubscription | null = null;
      if (c.recurring) {
        const started = new Date();
        subscription = {
          id: paymentable.id,
          status: 'active',
          checkoutId: c.id,
          amountInCents: c.totalInCents,
          currency: c.currency,
          interval: c.recurring.interval,
          createdAt: started.toISOString(),
          updatedAt: started.toISOString(),
          currentPeriodStart: started.toISOString(),
          currentPeriodEnd: nextPeriod(started, c.recurring.interval).toISOString(),
          paymentMethod: c.paymentMethod,
        };
        this.subscriptions.set(subscription.id, subscription);
        c.subscriptionId = subscription.id;
      }
      await this.emit({
        id: intentId,
        event_type: 'payment_intent.succeeded',
        checkout: {
          id: c.id,
          status: 'paid',
          payment: { id: intentId, paymentable },
          payment_method: c.paymentMethod,
          transfer_setups: [],
          metadata: c.metadata,
        },
        failure_reason: null,
        fee: standInFee(c.totalInCents),
        vat_withheld: standInVatWithheld(c.totalInCents),
        ...common,
      });
      // A recurring item: the subscription started with this payment; Recurrente tells it too.
      if (subscription) await this.emit(this.subscriptionEvent('subscription.create', subscription, intentId));
      return { paid: true };
    }
    const reason = digits === DECLINED_CARD ? DECLINE_REASON : 'La tarjeta no es válida.';
    c.latestIntent = { id: intentId, created_at: now, type: 'PaymentIntent', data: { failure_reason: reason } };
    await this.emit({ id: intentId, event_type: 'payment_intent.failed', checkout: { id: c.id }, failure_reason: reason, fee: 0, vat_withheld: 0, ...common });
    return { paid: false, reason };
  }

  /**
   * A recurring checkout with a free trial: the card is tokenised, nothing is charged, and the
   * subscription's first charge comes when the trial ends. Recurrente tells it with
   * `setup_intent.succeeded` (its body names the subscription under `suscription`, as documented),
   * or `setup_intent.cancelled` when the card is refused.
   */
  private async startTrial(c: StoredCheckout, digits: string): Promise<{ paid: true } | { paid: false; reason: string }> {
    const trial = c.trial as { interval: string; count: number };
    const now = new Date();
    if (digits !== PAYING_CARD) {
      const reason = digits === DECLINED_CARD ? DECLINE_REASON : 'La tarjeta no es válida.';
      await this.emit({ api_version: '2024-03-13', created_at: now.toISOString(), event_type: 'setup_intent.cancelled', status: 'cancelled', suscription: { id: c.subscriptionId } });
      return { paid: false, reason };
    }
    const network = digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : 'amex';
    let trialEnd = now;
    for (let i = 0; i < trial.count; i += 1) trialEnd = nextPeriod(trialEnd, trial.interval);
    const subscription: StoredSubscription = {
      id: id('su'),
      status: 'active',
      checkoutId: c.id,
      amountInCents: c.totalInCents,
      currency: c.currency,
      interval: c.recurring?.interval ?? 'month',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      currentPeriodStart: now.toISOString(),
      // The trial is the first period: its end is the first charge.
      currentPeriodEnd: trialEnd.toISOString(),
      paymentMethod: { id: id('pay_m'), type: 'card', card: { last4: digits.slice(-4), network } },
    };
    this.subscriptions.set(subscription.id, subscription);
    c.status = 'paid';
    c.subscriptionId = subscription.id;
    c.paymentMethod = subscription.paymentMethod;
    c.payment = { id: null, paymentable: { type: 'Subscription', id: subscription.id, tax_name: null, tax_id: null } };
    await this.emit({ api_version: '2024-03-13', created_at: now.toISOString(), event_type: 'setup_intent.succeeded', status: 'succeeded', suscription: { id: subscription.id } });
    await this.emit(this.subscriptionEvent('subscription.create', subscription, ''));
    return { paid: true };
  }

  /** The body of a `subscription.*` event, as documented. */
  private subscriptionEvent(eventType: string, s: StoredSubscription, paymentId: string): Record<string, unknown> {
    return {
      api_version: '2024-04-24',
      created_at: new Date().toISOString(),
      customer_email: 'donante@prueba.gt',
      customer_id: 'us_standin',
      customer_name: 'Donante de prueba',
      event_type: eventType,
      id: s.id,
      payment: { id: paymentId, paymentable: { address: null, id: s.id, phone_number: null, tax_id: '', tax_name: null, type: 'Subscription' } },
      product: {
        id: 'prod_standin',
        name: 'Donación mensual',
        metadata: {},
        prices: [
          {
            amount_in_cents: s.amountInCents,
            billing_interval: s.interval,
            billing_interval_count: 1,
            charge_type: 'recurring',
            currency: s.currency,
            free_trial_interval: s.interval,
            free_trial_interval_count: 0,
            id: 'price_standin',
            periods_before_automatic_cancellation: null,
          },
        ],
        status: 'active',
      },
    };
  }

  private subscriptionOf(subscriptionId: string): StoredSubscription {
    const s = this.subscriptions.get(subscriptionId);
    if (!s) throw new Error(`no subscription ${subscriptionId}`);
    return s;
  }

  /** The charge of one period of a subscription, as Recurrente emits it: a payment whose paymentable is the Subscription. */
  private async charge(s: StoredSubscription, outcome: 'paid' | 'declined'): Promise<string> {
    const intentId = id('pa');
    const checkout = this.checkouts.get(s.checkoutId);
    const paymentable = { type: 'Subscription', id: s.id, tax_name: null, tax_id: null, address: null, phone_number: null };
    const common = {
      api_version: '2024-04-24',
      created_at: new Date().toISOString(),
      amount_in_cents: s.amountInCents,
      currency: s.currency,
      vat_withheld_currency: s.currency,
      customer: { email: 'donante@prueba.gt', full_name: 'Donante de prueba', id: 'us_standin' },
      payment: { id: intentId, paymentable },
      product: { id: 'prod_standin' },
      invoice: { id: id('inv'), tax_invoice_url: null },
    };
    if (outcome === 'paid') {
      const start = new Date(s.currentPeriodEnd);
      s.currentPeriodStart = start.toISOString();
      s.currentPeriodEnd = nextPeriod(start, s.interval).toISOString();
      s.status = 'active';
      s.updatedAt = new Date().toISOString();
      await this.emit({
        id: intentId,
        event_type: 'payment_intent.succeeded',
        checkout: { id: s.checkoutId, status: 'paid', payment: { id: intentId, paymentable }, payment_method: s.paymentMethod, transfer_setups: [], metadata: checkout?.metadata ?? {} },
        failure_reason: null,
        fee: standInFee(s.amountInCents),
        vat_withheld: standInVatWithheld(s.amountInCents),
        ...common,
      });
    } else {
      await this.emit({ id: intentId, event_type: 'payment_intent.failed', checkout: { id: s.checkoutId }, failure_reason: DECLINE_REASON, fee: 0, vat_withheld: 0, ...common });
    }
    return intentId;
  }

  /** Test control: the subscription's next period is charged and paid (a renewal, or a retry that succeeds). */
  async renew(subscriptionId: string): Promise<string> {
    const s = this.subscriptionOf(subscriptionId);
    if (s.status === 'cancelled') throw new Error(`subscription ${subscriptionId} is cancelled`);
    return this.charge(s, 'paid');
  }

  /**
   * Test control: the automatic charge fails; the first failure makes the subscription past_due
   * (payment_intent.failed, then subscription.past_due), as documented.
   */
  async failRenewal(subscriptionId: string): Promise<string> {
    const s = this.subscriptionOf(subscriptionId);
    const intentId = await this.charge(s, 'declined');
    if (s.status !== 'past_due') await this.pastDue(subscriptionId, intentId);
    return intentId;
  }

  /** Test control: `subscription.past_due`. */
  async pastDue(subscriptionId: string, paymentId: string = id('pa')): Promise<void> {
    const s = this.subscriptionOf(subscriptionId);
    s.status = 'past_due';
    s.updatedAt = new Date().toISOString();
    await this.emit(this.subscriptionEvent('subscription.past_due', s, paymentId));
  }

  /** Test control: the retries 3 and 5 days later failed too, so Recurrente cancels (`subscription.cancel`). */
  async cancelAfterRetries(subscriptionId: string): Promise<void> {
    const s = this.subscriptionOf(subscriptionId);
    await this.charge(s, 'declined');
    s.status = 'cancelled';
    s.updatedAt = new Date().toISOString();
    await this.emit(this.subscriptionEvent('subscription.cancel', s, id('pa')));
  }

  /** Test control: `subscription.paused`. */
  async pause(subscriptionId: string): Promise<void> {
    const s = this.subscriptionOf(subscriptionId);
    s.status = 'paused';
    s.updatedAt = new Date().toISOString();
    await this.emit(this.subscriptionEvent('subscription.paused', s, id('pa')));
  }

  private async emit(body: Record<string, unknown>) {
    const event = { deliveryId: `msg_${randomBytes(12).toString('hex')}`, body };
    this.events.push(event);
    if (!this.options.webhookUrl) return;
    if (this.options.delivery === 'manual') this.outbox.push(event);
    else await this.deliver(event);
  }

  /** POSTs one event, signed now (or at `timestamp`), to the product; returns the product's status. */
  async deliver(event: OutgoingEvent, options: { timestamp?: number; secret?: string; url?: string } = {}): Promise<number> {
    const url = options.url ?? this.options.webhookUrl;
    if (!url) throw new Error('no webhook url (test mode)');
    const payload = JSON.stringify(event.body);
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'svix-id': event.deliveryId,
        'svix-timestamp': String(timestamp),
        'svix-signature': svixSignature(options.secret ?? this.options.webhookSecret, event.deliveryId, timestamp, payload),
      },
      body: payload,
    });
    await res.arrayBuffer();
    this.deliveries.push({ deliveryId: event.deliveryId, status: res.status });
    return res.status;
  }

  /** Delivers the queued events (manual delivery), in the given order of their indexes or as queued. */
  async flush(order?: number[]): Promise<number[]> {
    const queued = this.outbox.splice(0);
    const events = order ? order.map((i) => queued[i]) : queued;
    const statuses: number[] = [];
    for (const event of events) statuses.push(await this.deliver(event));
    return statuses;
  }
}

// Started as a program (the browser test): keys and ports from the environment.
if (process.argv[1] && /recurrente-stand-in\.[cm]?[jt]s$/.test(process.argv[1])) {
  const env = process.env;
  const standIn = new RecurrenteStandIn({
    publicKey: env.RECURRENTE_PUBLIC_KEY ?? 'pk_test_standin',
    secretKey: env.RECURRENTE_SECRET_KEY ?? 'sk_test_standin',
    webhookSecret: env.RECURRENTE_WEBHOOK_SECRET ?? newWebhookSecret(),
    webhookUrl: env.RECURRENTE_STAND_IN_WEBHOOK_URL || null,
    port: Number(env.RECURRENTE_STAND_IN_PORT ?? 4010),
  });
  void standIn.start().then((api) => process.stdout.write(`Recurrente stand-in on ${api}\n`));
  const stop = () => {
    setTimeout(() => process.exit(0), 2000).unref();
    void standIn.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
