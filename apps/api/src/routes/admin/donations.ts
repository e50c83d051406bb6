// The review of pending donations: the admin view of the ledger, approve and reject.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDonationListSchema, adminDonationReviewSchema, adminDonationSchema, adminDonationsQuerySchema, rejectDonationSchema } from '@donaciones/shared/schemas/admin';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { actorOf } from '../../http/auth';
import { adminDonationOf, approveDonation, listAdminDonations, rejectDonation } from '../../domain/giving/review';
import { adminDonationDonorSchema } from '@donaciones/shared/schemas/fiscal';
import { donationDonor } from '../../domain/receipts/fiscal';
import { donationHistory } from '../../domain/reporting/donation-history';
import { readsContacts } from '../../domain/giving/donor-privacy';
import { bearer, error, refusals, writeRefusals } from '../common';

export default async function adminDonationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const DONATIONS = 'admin: donaciones';

  r.get(
    '/admin/donations',
    {
      schema: {
        tags: [DONATIONS],
        summary: 'Donaciones para revisión (vista de administración)',
        description:
          'Estados: PENDING, APPROVED, DECLINED, CANCELLED, EXPIRED. `q` busca en correo, nombre o referencia. ' +
          'Más recientes primero; limit por defecto 20 (máximo 100). Para la página siguiente, `after` con el `next_cursor` de la ' +
          'anterior (null en la última); `offset` sigue valiendo, pero no junto con `after`.',
        security: bearer,
        querystring: adminDonationsQuerySchema,
        response: { 200: adminDonationListSchema, 400: error, ...refusals },
      },
    },
    async (request) => listAdminDonations(app.db, request.query, readsContacts(request.user?.roles)),
  );

  r.get(
    '/admin/donations/:id/review',
    {
      schema: {
        tags: [DONATIONS],
        summary: 'Una donación para revisarla en su página: la fila de la cola con su boleta, y su historial',
        description: 'El historial son las líneas de auditoría de la donación, de la más antigua a la más reciente.',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminDonationReviewSchema, 404: error, ...refusals },
      },
    },
    async (request) => {
      const donation = await adminDonationOf(app.db, request.params.id, readsContacts(request.user?.roles));
      return { donation, history: await donationHistory(app.db, request.params.id) };
    },
  );

  r.get(
    '/admin/donations/:id/donor',
    {
      config: { permission: 'donors.read' },
      schema: {
        tags: [DONATIONS],
        summary: 'Teléfono y NIT, CUI o CF del donante de una donación',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminDonationDonorSchema, 404: error, ...refusals },
      },
    },
    async (request) => donationDonor(app.db, request.params.id),
  );

  r.post(
    '/admin/donations/:id/approve',
    {
      config: { permission: 'donations.decide' },
      schema: {
        tags: [DONATIONS],
        summary: 'Aprobar una donación pendiente',
        description:
          'Pasa a APPROVED (completada, con número de recibo) y se avisa al donante por correo (si tiene). Una donación fechada en un mes ' +
          'ya cerrado queda con la fecha de la aprobación, en el mes abierto (`dated_in_closed_month` lo anuncia). 409 si ya no está pendiente.',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminDonationSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) => approveDonation(app.db, { id: request.params.id, actor: actorOf(request), ip: request.ip, contacts: readsContacts(request.user?.roles) }),
  );

  r.post(
    '/admin/donations/:id/reject',
    {
      config: { permission: 'donations.decide' },
      schema: {
        tags: [DONATIONS],
        summary: 'Rechazar una donación pendiente',
        description:
          'Pasa a DECLINED con el motivo (`reason`, obligatorio, hasta 500 caracteres), que queda en la auditoría y se envía ' +
          'al donante por correo con el correo de contacto del sistema; puede intentar de nuevo o escribir. 409 si ya no está pendiente.',
        security: bearer,
        params: idParamSchema,
        body: rejectDonationSchema,
        response: { 200: adminDonationSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) =>
      rejectDonation(app.db, {
        id: request.params.id,
        reason: request.body.reason,
        actor: actorOf(request),
        ip: request.ip,
        contacts: readsContacts(request.user?.roles),
      }),
  );
}
