// The member's own donations: the paged list, one gift, and the history by year and month.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { donationSchema } from '@donaciones/shared/schemas/donations';
import { historySchema, myDonationListSchema, myDonationsQuerySchema, ownPageQuerySchema } from '@donaciones/shared/schemas/member';
import { signedInUser } from '../../http/auth';
import { getDonation } from '../../domain/giving/donations';
import { donationHistory, listMyDonations } from '../../domain/giving/own-donations';
import { MEMBER_TAG as TAG, bearer, error, guarded } from '../common';

export default async function memberDonationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/me/donations',
    {
      schema: {
        tags: [TAG],
        summary: 'Donaciones propias (más recientes primero)',
        description: 'Las donaciones vinculadas a la cuenta (creadas por ella o completadas con su correo verificado). limit 1 a 100, por defecto 20.',
        security: bearer,
        querystring: myDonationsQuerySchema,
        response: { 200: myDonationListSchema, ...guarded },
      },
    },
    async (request) => listMyDonations(app.db, signedInUser(request).id, request.query),
  );

  r.get(
    '/users/me/donations/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Una donación propia',
        description:
          'La donación de la cuenta, de cualquier estado, como GET /donations/{id} la muestra a su dueño (can_cancel mientras está pendiente). ' +
          'La de otra cuenta responde 404 como un id desconocido, aunque esté completada o quien pregunte sea del equipo.',
        security: bearer,
        params: idParamSchema,
        response: { 200: donationSchema, ...guarded, 404: error },
      },
    },
    async (request) => getDonation(app.db, { id: request.params.id, viewer: signedInUser(request), own: true }),
  );

  r.get(
    '/users/me/history',
    {
      schema: {
        tags: [TAG],
        summary: 'Historial propio por año y mes, con totales',
        description:
          'Agrupado por la fecha de la donación en hora de Guatemala. total_amount suma las donaciones completadas en GTQ. ' +
          'Los totales cubren todos los años y meses; las donaciones vienen por páginas de limit (1 a 100, por defecto 50), ' +
          'las más recientes primero: next_cursor, pasado como cursor, da la página siguiente (null en la última).',
        security: bearer,
        querystring: ownPageQuerySchema,
        response: { 200: historySchema, ...guarded },
      },
    },
    async (request) => donationHistory(app.db, signedInUser(request).id, request.query),
  );
}
