// The member's receipts (docs/product.md#receipts): the list, each receipt's PDF and the annual statement.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { can } from '@donaciones/shared/permissions';
import {
  ownPageQuerySchema,
  receiptParamsSchema,
  receiptsSchema,
  statementParamsSchema,
  statementQuerySchema,
} from '@donaciones/shared/schemas/member';
import { forbidden } from '../../errors';
import { receiptMessages } from '../../messages/receipts';
import { signedInUser } from '../../http/auth';
import { listReceipts } from '../../domain/giving/own-donations';
import { renderReceiptPdf, renderStatementPdf } from '../../domain/receipts/pdf';
import { receiptFilename, receiptForViewer } from '../../domain/receipts/receipts';
import { loadStatement } from '../../domain/receipts/statements';
import { MEMBER_TAG as TAG, bearer, error, guarded, limited } from '../common';

export default async function memberReceiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/me/receipts',
    {
      schema: {
        tags: [TAG],
        summary: 'Recibos propios y años con constancia',
        description:
          'Donaciones completadas con su número de recibo permanente, las más recientes primero, por páginas de limit (1 a 100, ' +
          'por defecto 50): next_cursor, pasado como cursor, da la página siguiente (null en la última). years lista todos los ' +
          'años que tienen constancia anual.',
        security: bearer,
        querystring: ownPageQuerySchema,
        response: { 200: receiptsSchema, ...guarded },
      },
    },
    async (request) => listReceipts(app.db, signedInUser(request).id, request.query),
  );

  r.get(
    '/receipts/:donationId.pdf',
    {
      config: limited(app, 60),
      schema: {
        tags: [TAG],
        summary: 'Recibo en PDF de una donación completada',
        description:
          'El recibo tal como se emitió al completarse la donación (mismo número, fecha y datos en cada descarga), como adjunto ' +
          '(application/pdf); si la donación se reembolsó, dice ANULADO con la fecha. Solo el dueño de la donación o un ADMIN; ' +
          'para cualquier otra persona responde 404, igual que para un id inexistente. 404 también si la donación no tiene recibo.',
        security: bearer,
        params: receiptParamsSchema,
        response: { ...guarded, 404: error, 429: error },
      },
    },
    async (request, reply) => {
      const receipt = await receiptForViewer(app.db, request.params.donationId, signedInUser(request));
      return sendPdf(reply, await renderReceiptPdf(receipt), receiptFilename(receipt));
    },
  );

  r.get(
    '/receipts/statement/:year.pdf',
    {
      config: limited(app, 30),
      schema: {
        tags: [TAG],
        summary: 'Constancia anual de donaciones en PDF',
        description:
          'Donaciones completadas de la cuenta en ese año (hora de Guatemala), con el total en cifras y en letras. Un ADMIN puede ' +
          'pedir la de otra cuenta con ?user_id=; para los demás, user_id distinto al propio responde 403. 404 si no hay donaciones.',
        security: bearer,
        params: statementParamsSchema,
        querystring: statementQuerySchema,
        response: { ...guarded, 403: error, 404: error, 429: error },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const target = request.query.user_id ?? user.id;
      if (target !== user.id && !can(user.roles, 'donors.read')) throw forbidden(receiptMessages.statementOtherUser);
      const data = await loadStatement(app.db, { userId: target }, request.params.year);
      const pdf = await renderStatementPdf(data);
      return sendPdf(reply, pdf, `constancia-donaciones-${data.year}.pdf`);
    },
  );
}

export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
