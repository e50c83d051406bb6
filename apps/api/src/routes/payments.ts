// Card payments through a provider (docs/product.md#payments): the return page's status and retry,
// and the provider's signed webhooks. The staff's side (refunds, payment detail, payment settings)
// is in routes/admin/payments.ts. Thin handlers: the rules live in domain/payments/ and the events' dispatcher in domain/giving/provider-events.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@donaciones/shared/schemas/common';
import { REFERENCE_PATTERN, donationPaymentStatusSchema } from '@donaciones/shared/schemas/payments';
import { badRequest, conflict } from '../errors';
import { paymentMessages } from '../messages/payments';
import { holdsUnstorableText } from '../http/security';
import { jsonNestingExceeds } from '../http/json-depth';
import { limited } from './common';
import { receiveWebhook } from '../domain/giving/provider-events';
import { retryCheckout } from '../domain/giving/retry-checkout';
import type { PaymentContext } from '../domain/payments/checkouts';
import { paymentStatus } from '../domain/payments/views';
import { WebhookSignatureError } from '../domain/payments/provider';

const error = errorResponseSchema;
/** Recurrente's event bodies are a few kilobytes; anything far larger is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const referenceQuery = z.object({ ref: z.string().regex(REFERENCE_PATTERN, { error: paymentMessages.referenceInvalid }) });

export default async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = (): PaymentContext => {
    if (!app.payments) throw conflict(paymentMessages.noProvider);
    return app.payments;
  };

  r.get(
    '/donate/status',
    {
      config: limited(app, 120),
      schema: {
        tags: ['sitio público'],
        summary: 'Estado del pago de una donación, por su referencia (página de regreso del pago)',
        description: 'Mientras la donación está pendiente se consulta el checkout en la pasarela de pagos; si ya se pagó, la donación se completa aquí mismo (una sola vez).',
        querystring: referenceQuery,
        response: { 200: donationPaymentStatusSchema, 400: error, 404: error, 429: error },
      },
    },
    async (request) => paymentStatus(app.db, app.payments, request.query.ref),
  );

  r.post(
    '/donate/retry',
    {
      config: limited(app, 10),
      schema: {
        tags: ['sitio público'],
        summary: 'Intentar de nuevo: un nuevo checkout para la misma donación (rechazada o sin pagar)',
        body: referenceQuery,
        response: { 200: donationPaymentStatusSchema, 400: error, 404: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) => {
      const ctx = provider();
      await retryCheckout(app.db, ctx, request.body.ref);
      return paymentStatus(app.db, null, request.body.ref);
    },
  );

  // The provider's webhooks: the raw body is needed for the signature, so this route parses nothing
  // itself. No CSRF (no cookie is involved) and no per-user limit; a bad or stale signature is 400.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    hook.post(
      '/payments/recurrente/webhook',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['pagos'],
          summary: 'Webhooks de Recurrente (firmados con el esquema de Svix)',
          description: 'Cada evento se guarda una vez (svix-id): una repetición no cambia nada. Firma inválida o vieja (más de 5 minutos): 400.',
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: error },
        },
      },
      async (request) => {
        const ctx = app.payments;
        if (!ctx || app.config.payments.provider !== 'recurrente') throw badRequest(paymentMessages.webhookInvalid);
        const raw = typeof request.body === 'string' ? request.body : '';
        // Absurd nesting overflows the stack while the event is parsed or stored: a 500 the provider
        // would retry forever. Refused before either, like any bad input.
        if (jsonNestingExceeds(raw)) throw badRequest(paymentMessages.webhookInvalid);
        let event;
        try {
          event = ctx.provider.verifyWebhook(raw, request.headers);
        } catch (err) {
          if (err instanceof WebhookSignatureError) {
            request.log.warn({ reason: err.message }, 'webhook refused');
            throw badRequest(paymentMessages.webhookInvalid);
          }
          throw err;
        }
        // Text PostgreSQL cannot store (an escaped lone surrogate) is refused like any bad input.
        if (holdsUnstorableText(event.payload)) throw badRequest(paymentMessages.webhookInvalid);
        const result = await receiveWebhook(app.db, ctx, event);
        return { received: true as const, duplicate: result.duplicate };
      },
    );
  });
}
