// The staff's side of card payments (docs/product.md#payments): a donation's payment detail, its
// refund, and the provider's fee and the dollar rate. Thin handlers: the rules live in
// domain/payments/checkouts.ts and platform/settings.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { REFUND_REASON_MAX_LENGTH, adminDonationPaymentSchema, paymentEventSchema, paymentProblemSchema, paymentSettingsSchema } from '@donaciones/shared/schemas/payments';
import { paymentSettingsInputSchema } from '@donaciones/shared/schemas/payment-settings-input';
import { conflict } from '../../errors';
import { paymentMessages } from '../../messages/payments';
import { actorOf } from '../../http/auth';
import type { PaymentContext } from '../../domain/payments/checkouts';
import { paymentProblems, refundDuplicatePayment } from '../../domain/payments/problems';
import { refundDonation } from '../../domain/payments/refunds';
import { adminDonationPayment } from '../../domain/payments/views';
import { getSettings, putSettings } from '../../platform/settings';
import { bearer, error, refusals, writeRefusals } from '../common';

const refundBodySchema = z.object({
  reason: z
    .string({ error: paymentMessages.refundReasonRequired })
    .trim()
    .min(3, { error: paymentMessages.refundReasonRequired })
    .max(REFUND_REASON_MAX_LENGTH, { error: paymentMessages.refundReasonTooLong(REFUND_REASON_MAX_LENGTH) }),
});

export default async function adminPaymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const DONATIONS = 'admin: donaciones';
  const SETTINGS = 'admin: configuración';
  const provider = (): PaymentContext => {
    if (!app.payments) throw conflict(paymentMessages.noProvider);
    return app.payments;
  };

  r.get(
    '/admin/donations/:id/payment',
    {
      schema: {
        tags: [DONATIONS],
        summary: 'El pago de una donación: pasarela, checkout, pago, red y últimos 4, comisión, IVA retenido, eventos',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminDonationPaymentSchema, 404: error, ...refusals },
      },
    },
    async (request) => adminDonationPayment(app.db, app.payments, request.params.id),
  );

  r.post(
    '/admin/donations/:id/refund',
    {
      config: { permission: 'corrections.manage' },
      schema: {
        tags: [DONATIONS],
        summary: 'Reembolsar una donación con tarjeta completada (motivo requerido)',
        description: 'Pide el reembolso a la pasarela (POST /refunds); la donación queda `refunded`, fuera de los totales, su recibo anulado y el donante avisado.',
        security: bearer,
        params: idParamSchema,
        body: refundBodySchema,
        response: { 200: adminDonationPaymentSchema, 404: error, 409: error, 502: error, ...writeRefusals },
      },
    },
    async (request) => {
      const row = await refundDonation(app.db, provider(), { id: request.params.id, reason: request.body.reason, actor: actorOf(request), ip: request.ip });
      return adminDonationPayment(app.db, app.payments, row.id);
    },
  );

  r.get(
    '/admin/payments/problems',
    {
      schema: {
        tags: [DONATIONS],
        summary: 'Pagos que piden atención: montos distintos, checkouts desconocidos y pagos duplicados por reembolsar',
        security: bearer,
        response: { 200: z.array(paymentProblemSchema), ...refusals },
      },
    },
    async () => paymentProblems(app.db, app.payments),
  );

  r.post(
    '/admin/payment-events/:id/refund',
    {
      config: { permission: 'corrections.manage' },
      schema: {
        tags: [DONATIONS],
        summary: 'Reembolsar un pago duplicado (la donación que duplicó queda completada)',
        description: 'Pide el reembolso del segundo pago a la pasarela (POST /refunds); la donación y su recibo no cambian.',
        security: bearer,
        params: idParamSchema,
        response: { 200: paymentEventSchema, 404: error, 409: error, 502: error, ...writeRefusals },
      },
    },
    async (request) => refundDuplicatePayment(app.db, provider(), { eventId: request.params.id, actor: actorOf(request), ip: request.ip }),
  );

  r.get(
    '/admin/settings/payments',
    {
      config: { permission: 'fiscal.manage' },
      schema: { tags: [SETTINGS], summary: 'Comisión de la pasarela y tipo de cambio del dólar', security: bearer, response: { 200: paymentSettingsSchema, ...refusals } },
    },
    async () => getSettings(app.db, 'payments'),
  );

  r.put(
    '/admin/settings/payments',
    {
      config: { permission: 'fiscal.manage' },
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar la comisión de la pasarela (para "cubrir la comisión") y el tipo de cambio del dólar con su fecha',
        security: bearer,
        body: paymentSettingsInputSchema,
        response: { 200: paymentSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => putSettings(app.db, 'payments', request.body, actorOf(request).id),
  );
}
