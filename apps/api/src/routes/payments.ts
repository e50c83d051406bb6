// Card payments through a provider (docs/product.md#payments): the return page's status and retry,
// the provider's signed webhooks, and the staff's refunds, payment detail and payment settings.
// Thin handlers: the rules live in services/payments/checkouts.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema } from '@donaciones/shared/schemas/common';
import {
  REFERENCE_PATTERN,
  REFUND_REASON_MAX_LENGTH,
  adminDonationPaymentSchema,
  donationPaymentStatusSchema,
  paymentSettingsSchema,
} from '@donaciones/shared/schemas/payments';
import { badRequest, conflict, unauthorized } from '../errors';
import { paymentMessages } from '../messages/payments';
import { holdsUnstorableText } from '../plugins/security';
import type { Actor } from '../services/audit';
import {
  type PaymentContext,
  adminDonationPayment,
  paymentStatus,
  receiveWebhook,
  refundDonation,
  retryCheckout,
} from '../services/payments/checkouts';
import { WebhookSignatureError } from '../services/payments/provider';
import { getSettings, putSettings } from '../services/settings';

const error = errorResponseSchema;
const bearer = [{ bearerAuth: [] }];
/** Recurrente's event bodies are a few kilobytes; anything far larger is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const referenceQuery = z.object({ ref: z.string().regex(REFERENCE_PATTERN, { error: paymentMessages.referenceInvalid }) });

function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return { id: request.user.id, email: request.user.email };
}

export default async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = (max: number): { rateLimit?: { max: number; timeWindow: string } } => (app.config.rateLimitEnabled ? { rateLimit: { max, timeWindow: '1 minute' } } : {});
  const admin = app.requireRole('ADMIN');
  const provider = (): PaymentContext => {
    if (!app.payments) throw conflict(paymentMessages.noProvider);
    return app.payments;
  };

  r.get(
    '/donate/status',
    {
      config: limited(120),
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
      config: limited(10),
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
        if (holdsUnstorableText(event.body)) throw badRequest(paymentMessages.webhookInvalid);
        const result = await receiveWebhook(app.db, ctx, event);
        return { received: true as const, duplicate: result.duplicate };
      },
    );
  });

  const ADMIN_TAG = 'admin: donaciones';

  r.get(
    '/admin/donations/:id/payment',
    {
      onRequest: admin,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'El pago de una donación: pasarela, checkout, pago, red y últimos 4, comisión, IVA retenido, eventos',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminDonationPaymentSchema, 401: error, 403: error, 404: error },
      },
    },
    async (request) => adminDonationPayment(app.db, app.payments, request.params.id),
  );

  r.post(
    '/admin/donations/:id/refund',
    {
      onRequest: admin,
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Reembolsar una donación con tarjeta completada (motivo requerido)',
        description: 'Pide el reembolso a la pasarela (POST /refunds); la donación queda `refunded`, fuera de los totales, su recibo anulado y el donante avisado.',
        security: bearer,
        params: idParamSchema,
        body: z.object({
          reason: z
            .string({ error: paymentMessages.refundReasonRequired })
            .trim()
            .min(3, { error: paymentMessages.refundReasonRequired })
            .max(REFUND_REASON_MAX_LENGTH, { error: paymentMessages.refundReasonTooLong(REFUND_REASON_MAX_LENGTH) }),
        }),
        response: { 200: adminDonationPaymentSchema, 400: error, 401: error, 403: error, 404: error, 409: error, 502: error },
      },
    },
    async (request) => {
      const row = await refundDonation(app.db, provider(), { id: request.params.id, reason: request.body.reason, actor: actorOf(request), ip: request.ip });
      return adminDonationPayment(app.db, app.payments, row.id);
    },
  );

  r.get(
    '/admin/settings/payments',
    {
      onRequest: admin,
      schema: { tags: ['admin: configuración'], summary: 'Comisión de la pasarela y tipo de cambio del dólar', security: bearer, response: { 200: paymentSettingsSchema, 401: error, 403: error } },
    },
    async () => getSettings(app.db, 'payments'),
  );

  r.put(
    '/admin/settings/payments',
    {
      onRequest: admin,
      schema: {
        tags: ['admin: configuración'],
        summary: 'Guardar la comisión de la pasarela (para "cubrir la comisión") y el tipo de cambio del dólar con su fecha',
        security: bearer,
        body: paymentSettingsSchema,
        response: { 200: paymentSettingsSchema, 400: error, 401: error, 403: error },
      },
    },
    async (request) => putSettings(app.db, 'payments', request.body, actorOf(request).id),
  );
}
