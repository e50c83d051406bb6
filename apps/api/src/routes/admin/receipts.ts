// Staff and a donation's receipt (docs/product.md#receipts): download it as issued, send it to the donor
// again, and send the donor's yearly statement again. Thin handlers: the rules live in domain/receipts/receipts.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { actorOf, signedInUser } from '../../http/auth';
import { renderReceiptPdf } from '../../domain/receipts/pdf';
import { receiptFilename, receiptForViewer, receiptLabel, resendReceipt } from '../../domain/receipts/receipts';
import { resendStatement } from '../../domain/receipts/statements';
import { bearer, error, refusals, writeRefusals } from '../common';
import { sendPdf } from '../member/receipts';

const sentSchema = z.object({ to: z.string(), receipt: z.string() });
const statementSentSchema = z.object({ to: z.string(), year: z.number().int() });
const statementBodySchema = z.object({ year: z.number().int().min(2000).max(2100).optional() }).strict().optional();

export default async function adminReceiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const DONATIONS = 'admin: donaciones';

  r.get(
    '/admin/donations/:id/receipt.pdf',
    {
      schema: {
        tags: [DONATIONS],
        summary: 'El recibo de una donación tal como se emitió (PDF; ANULADO si se reembolsó)',
        security: bearer,
        params: idParamSchema,
        response: { 404: error, ...refusals },
      },
    },
    async (request, reply) => {
      const receipt = await receiptForViewer(app.db, request.params.id, signedInUser(request));
      return sendPdf(reply, await renderReceiptPdf(receipt), receiptFilename(receipt));
    },
  );

  r.post(
    '/admin/donations/:id/receipt/resend',
    {
      schema: {
        tags: [DONATIONS],
        summary: 'Enviar de nuevo el recibo al correo del donante, con el PDF adjunto (auditado)',
        description:
          'Al correo con que se emitió el recibo; si la donación se registró sin correo, al que se le dio después (el de la donación o el primero de su ficha de donante). ' +
          '409 si no tiene ninguno: su recibo se entrega impreso.',
        security: bearer,
        params: idParamSchema,
        response: { 200: sentSchema, 404: error, 409: error, ...writeRefusals },
      },
    },
    async (request) => {
      const { receipt, to } = await resendReceipt(app.db, { donationId: request.params.id, actor: actorOf(request), ip: request.ip });
      return { to, receipt: receiptLabel(receipt) };
    },
  );

  r.post(
    '/admin/donations/:id/statement/resend',
    {
      config: { permission: 'fiscal.manage' },
      schema: {
        tags: [DONATIONS],
        summary: 'Enviar de nuevo la constancia anual al donante de esta donación (auditado)',
        description: 'La del año de la donación, o la del año indicado; 404 si ese año no tiene recibos válidos de ese correo; 409 si la donación no tiene correo.',
        security: bearer,
        params: idParamSchema,
        body: statementBodySchema,
        response: { 200: statementSentSchema, 404: error, 409: error, ...writeRefusals },
      },
    },
    async (request) => {
      const sent = await resendStatement(app.db, { donationId: request.params.id, year: request.body?.year, actor: actorOf(request), ip: request.ip });
      return { to: sent.email, year: sent.year };
    },
  );
}
