// Corrections of the ledger by staff (docs/product.md#the-donation-ledger): void a gift not paid by card
// (its receipt annulled, with SAT when FEL certified it), set a pending deposit's amount to what arrived,
// reopen a rejected deposit; each is a new correction with who, when and why. Thin handlers: the rules
// live in domain/giving/corrections.ts and domain/receipts/fel/annulment.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDonationSchema } from '@donaciones/shared/schemas/admin';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { adjustDepositAmountSchema, correctionReasonSchema, donationCorrectionSchema } from '@donaciones/shared/schemas/corrections';
import { actorOf } from '../../http/auth';
import { adjustDepositAmount, correctionsOf, reopenDeposit, voidDonation } from '../../domain/giving/corrections';
import { readsContacts } from '../../domain/giving/donor-privacy';
import { adminDonationOf } from '../../domain/giving/review';
import { annulDueReceipts } from '../../domain/receipts/fel/annulment';
import { bearer, error, refusals, writeRefusals } from '../common';

export default async function adminCorrectionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const TAG = 'admin: correcciones';
  const answers = { 200: adminDonationSchema, ...writeRefusals, 404: error, 409: error };

  r.get(
    '/admin/donations/:id/corrections',
    {
      config: { permission: 'donations.read' },
      schema: {
        tags: [TAG],
        summary: 'Las correcciones de una donación, de la más antigua a la más reciente',
        security: bearer,
        params: idParamSchema,
        response: { 200: z.array(donationCorrectionSchema), 404: error, ...refusals },
      },
    },
    async (request) => {
      await adminDonationOf(app.db, request.params.id, false);
      return correctionsOf(app.db, request.params.id);
    },
  );

  r.post(
    '/admin/donations/:id/void',
    {
      schema: {
        tags: [TAG],
        summary: 'Anular una donación completada que no se pagó con tarjeta, o una con tarjeta que la pasarela no puede reembolsar',
        description:
          'Pasa a VOIDED con el motivo (`reason`, obligatorio): sale de los totales, su recibo queda anulado y, si SAT lo ' +
          'certificó (FEL), se envía su anulación al certificador (si no responde, el trabajo de fondo la reintenta). ' +
          'Se avisa al donante. Una donación con tarjeta se reembolsa; se anula solo si la pasarela configurada no puede reembolsarla ' +
          '(otra pasarela, sin identificador del pago, o sin pasarela), una vez devuelto el dinero por el medio en que se cobró. ' +
          '409 si no está completada, si es con tarjeta y se puede reembolsar, o si el mes actual está cerrado.',
        security: bearer,
        params: idParamSchema,
        body: correctionReasonSchema,
        response: answers,
      },
    },
    async (request) => {
      const { annulReceiptId } = await voidDonation(app.db, { id: request.params.id, reason: request.body.reason, actor: actorOf(request), ip: request.ip, gateway: app.payments });
      if (annulReceiptId != null && app.fel) await annulDueReceipts(app.db, app.fel, { receiptId: annulReceiptId, log: app.log });
      return adminDonationOf(app.db, request.params.id, readsContacts(request.user?.roles));
    },
  );

  r.post(
    '/admin/donations/:id/adjust-amount',
    {
      schema: {
        tags: [TAG],
        summary: 'Ajustar un depósito pendiente al monto que llegó al banco',
        description:
          '`amount` en la moneda de la donación (menor que el declarado, o que el registrado en oficina) y `reason`. El donante recibe un correo; al aprobarla, el recibo es por lo que llegó. ' +
          '409 si no es un depósito pendiente o el monto no es menor.',
        security: bearer,
        params: idParamSchema,
        body: adjustDepositAmountSchema,
        response: answers,
      },
    },
    async (request) => {
      await adjustDepositAmount(app.db, { id: request.params.id, amount: request.body.amount, reason: request.body.reason, actor: actorOf(request), ip: request.ip });
      return adminDonationOf(app.db, request.params.id, readsContacts(request.user?.roles));
    },
  );

  r.post(
    '/admin/donations/:id/reopen',
    {
      schema: {
        tags: [TAG],
        summary: 'Reabrir un depósito rechazado cuando el donante trae la prueba',
        description: 'Vuelve a PENDING con el motivo (`reason`) en sus correcciones; luego se aprueba o rechaza. 409 si no es un depósito rechazado.',
        security: bearer,
        params: idParamSchema,
        body: correctionReasonSchema,
        response: answers,
      },
    },
    async (request) => {
      await reopenDeposit(app.db, { id: request.params.id, reason: request.body.reason, actor: actorOf(request), ip: request.ip });
      return adminDonationOf(app.db, request.params.id, readsContacts(request.user?.roles));
    },
  );
}
