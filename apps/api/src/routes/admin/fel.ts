// The electronic certification (FEL) of a donation's receipt, for staff (docs/product.md#receipts):
// its state and SAT's reason when it was not certified, and "send it again" for a rejected or failed
// one. Thin handlers: the rules live in domain/receipts/fel/certification.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { adminDonationFelSchema, adminReceiptFelSchema } from '@donaciones/shared/schemas/fel';
import { actorOf } from '../../http/auth';
import { adminDonationFel, retryReceiptCertification } from '../../domain/receipts/fel/certification';
import { bearer, error, refusals, writeRefusals } from '../common';

export default async function adminFelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const DONATIONS = 'admin: donaciones';
  const felOn = () => app.fel !== null;

  r.get(
    '/admin/donations/:id/fel',
    {
      config: { permission: 'donations.read' },
      schema: {
        tags: [DONATIONS],
        summary: 'La certificación FEL del recibo de una donación: estado, autorización de SAT o motivo del rechazo (null sin recibo)',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminDonationFelSchema, 404: error, ...refusals },
      },
    },
    async (request) => adminDonationFel(app.db, request.params.id, felOn()),
  );

  r.post(
    '/admin/donations/:id/fel/retry',
    {
      schema: {
        tags: [DONATIONS],
        summary: 'Reintentar la certificación FEL de un recibo rechazado o fallido',
        description: 'El recibo vuelve a `pending` con el mismo identificador; el proceso de certificación lo envía en su siguiente vuelta y, al terminar, se lo envía al donante.',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminReceiptFelSchema, 404: error, 409: error, ...writeRefusals },
      },
    },
    async (request) => retryReceiptCertification(app.db, { donationId: request.params.id, felOn: felOn(), actor: actorOf(request), ip: request.ip }),
  );
}
