// The staff side of monthly giving (docs/product.md#monthly-giving): the list with its filters and
// pages, a gift's detail with its charges, and the cancellation on the donor's request.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import {
  adminMonthlyGiftDetailSchema,
  adminMonthlyGiftListSchema,
  adminMonthlyGiftsQuerySchema,
  type AdminMonthlyGiftDetail,
  staffCancelMonthlyGiftSchema,
} from '@donaciones/shared/schemas/monthly-admin';
import { can } from '@donaciones/shared/permissions';
import { actorOf } from '../../http/auth';
import { getAdminMonthlyGift, listAdminMonthlyGifts } from '../../domain/monthly/gift-console';
import { cancelMonthlyGift } from '../../domain/monthly/cancel';
import { monthlyContext } from '../../domain/monthly/monthly-gifts';
import { readsContacts, staffEmail } from '../../domain/giving/donor-privacy';
import { bearer, error, refusals, writeRefusals } from '../common';

/** A gift as these roles may see it: the donor's email masked without donors.read (docs/product.md#donor-privacy). */
function shownTo<T extends { donorEmail: string }>(gift: T, roles: readonly string[] | undefined): T {
  return { ...gift, donorEmail: staffEmail(gift.donorEmail, readsContacts(roles)) };
}

/**
 * A gift's page as these roles may see it: which child a sponsorship gift pays for only with
 * sponsorship.manage. Who sponsors whom is not for the rest of the staff (docs/product.md#sponsorship).
 */
function detailShownTo(gift: AdminMonthlyGiftDetail, roles: readonly string[] | undefined): AdminMonthlyGiftDetail {
  const shown = shownTo(gift, roles);
  if (!shown.sponsorship || can(roles, 'sponsorship.manage')) return shown;
  return { ...shown, sponsorship: { ...shown.sponsorship, childId: null, childFirstName: null } };
}

export default async function adminMonthlyGiftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const MONTHLY = 'admin: donaciones mensuales';

  r.get(
    '/admin/monthly-gifts',
    {
      schema: {
        tags: [MONTHLY],
        summary: 'Donaciones mensuales',
        description:
          'Filtros: `status` (incomplete, active, past_due, paused, cancelled), `minAmount` y `maxAmount` (monto mensual en quetzales; ' +
          'una donación en dólares por su equivalente al tipo de cambio del equipo), `since` (iniciadas desde ese día, AAAA-MM-DD, hora de Guatemala). ' +
          'Más recientes primero, 20 por página (`page` desde 1).',
        security: bearer,
        querystring: adminMonthlyGiftsQuerySchema,
        response: { 200: adminMonthlyGiftListSchema, 400: error, ...refusals },
      },
    },
    async (request) => {
      const list = await listAdminMonthlyGifts(app.db, request.query);
      return { ...list, gifts: list.gifts.map((gift) => shownTo(gift, request.user?.roles)) };
    },
  );

  r.get(
    '/admin/monthly-gifts/:id',
    {
      schema: {
        tags: [MONTHLY],
        summary: 'Una donación mensual con sus cobros',
        description: 'Los cobros son las donaciones del libro con esta donación mensual, más recientes primero.',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminMonthlyGiftDetailSchema, 400: error, ...refusals, 404: error },
      },
    },
    async (request) => detailShownTo(await getAdminMonthlyGift(app.db, request.params.id), request.user?.roles),
  );

  r.post(
    '/admin/monthly-gifts/:id/cancel',
    {
      config: { permission: 'corrections.manage' },
      schema: {
        tags: [MONTHLY],
        summary: 'Cancelar una donación mensual a pedido del donante',
        description:
          'El motivo (`reason`, obligatorio, hasta 500 caracteres) es lo que pidió el donante; queda en la auditoría con quién canceló. ' +
          'Se detienen los cobros en la pasarela y se avisa al donante por correo. 409 si ya terminó.',
        security: bearer,
        params: idParamSchema,
        body: staffCancelMonthlyGiftSchema,
        response: { 200: adminMonthlyGiftDetailSchema, ...writeRefusals, 404: error, 409: error, 502: error },
      },
    },
    async (request) => {
      await cancelMonthlyGift(app.db, {
        giftId: request.params.id,
        by: 'staff',
        actor: actorOf(request),
        reason: request.body.reason,
        ip: request.ip,
        context: monthlyContext(app),
      });
      return detailShownTo(await getAdminMonthlyGift(app.db, request.params.id), request.user?.roles);
    },
  );
}
