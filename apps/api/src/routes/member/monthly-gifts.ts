// The signed-in donor's monthly gifts (docs/product.md#monthly-giving): the list, cancelling one,
// changing its amount from the next charge date, pausing it 1 to 3 months (decision 0038) and resuming
// a paused one early (decision 0069).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import {
  cancelMonthlyGiftSchema,
  changeMonthlyAmountSchema,
  memberMonthlyGiftsSchema,
  monthlyCheckoutSchema,
  monthlyGiftSchema,
  pauseMonthlyGiftSchema,
} from '@donaciones/shared/schemas/monthly';
import { actorOf, signedInUser } from '../../http/auth';
import { changeMemberGiftAmount, pauseMemberGift, resumeMemberGift } from '../../domain/monthly/changes';
import { monthlyContext } from '../../domain/monthly/monthly-gifts';
import { cancelMemberGift, listMemberGifts } from '../../domain/monthly/views';
import { MEMBER_TAG as TAG, bearer, error, guarded, limited } from '../common';

export default async function memberMonthlyGiftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = monthlyContext(app);

  r.get(
    '/member/monthly-gifts',
    {
      schema: {
        tags: [TAG],
        summary: 'Donaciones mensuales propias',
        description:
          'Las donaciones mensuales de la cuenta (hechas con la sesión iniciada o con su correo verificado), ya iniciadas o con el primer pago abierto, ' +
          'las más recientes primero: monto en centavos, estado, programa (programName; null: "Donde más se necesite"), inicio, próximo cobro, cobros completados y total donado.',
        security: bearer,
        response: { 200: memberMonthlyGiftsSchema, 401: error },
      },
    },
    async (request) => listMemberGifts(app.db, signedInUser(request).id),
  );

  r.post(
    '/member/monthly-gifts/:id/cancel',
    {
      config: limited(app, 20),
      schema: {
        tags: [TAG],
        summary: 'Cancelar una donación mensual propia',
        description:
          'Se cancela primero en la pasarela de pagos (ya no habrá cobros), luego aquí, y se envía un correo de confirmación. ' +
          'Motivo opcional (hasta 500 caracteres). 404 para una donación mensual ajena o inexistente; 409 si ya terminó.',
        security: bearer,
        params: idParamSchema,
        body: cancelMonthlyGiftSchema,
        response: { 200: monthlyGiftSchema, ...guarded, 404: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) =>
      cancelMemberGift(app.db, ctx, { userId: signedInUser(request).id, actor: actorOf(request), giftId: request.params.id, reason: request.body.reason, ip: request.ip }),
  );

  r.post(
    '/member/monthly-gifts/:id/change-amount',
    {
      config: limited(app, 10),
      schema: {
        tags: [TAG],
        summary: 'Cambiar el monto de una donación mensual propia',
        description:
          'No cobra nada ahora: el nuevo monto empieza en el próximo cobro, el mismo día del mes, con un correo que lo confirma. ' +
          'Con el proveedor simulado (demostración) queda registrado en la donación (pendingAmountCents desde pendingFrom) y checkoutUrl es null. ' +
          'Con Recurrente devuelve la página (checkoutUrl) donde se confirma la tarjeta de una nueva suscripción cuyo período de prueba ' +
          'termina en esa fecha; al confirmarla, la actual termina. Una donación con el pago pendiente (past_due) cambia con un nuevo primer pago. ' +
          '409 si terminó.',
        security: bearer,
        params: idParamSchema,
        body: changeMonthlyAmountSchema,
        response: { 200: monthlyCheckoutSchema, ...guarded, 404: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) =>
      changeMemberGiftAmount(app.db, ctx, { userId: signedInUser(request).id, actor: actorOf(request), giftId: request.params.id, amount: request.body.amount, ip: request.ip }),
  );

  r.post(
    '/member/monthly-gifts/:id/pause',
    {
      config: limited(app, 10),
      schema: {
        tags: [TAG],
        summary: 'Pausar una donación mensual propia',
        description:
          'Salta los próximos 1, 2 o 3 cobros (months) sin cancelar: el siguiente cobro es ese número de meses después, el mismo día, ' +
          'y la donación se reanuda sola; un correo lo confirma. Con el proveedor simulado queda en pausa (pausedUntil) y checkoutUrl es null; ' +
          'con Recurrente devuelve la página donde se confirma la tarjeta de una suscripción cuyo período de prueba termina ese día. ' +
          '409 si no está activa.',
        security: bearer,
        params: idParamSchema,
        body: pauseMonthlyGiftSchema,
        response: { 200: monthlyCheckoutSchema, ...guarded, 404: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) =>
      pauseMemberGift(app.db, ctx, { userId: signedInUser(request).id, actor: actorOf(request), giftId: request.params.id, months: request.body.months, ip: request.ip }),
  );

  r.post(
    '/member/monthly-gifts/:id/resume',
    {
      config: limited(app, 10),
      schema: {
        tags: [TAG],
        summary: 'Reanudar ahora una donación mensual propia en pausa',
        description:
          'No cobra nada ahora: el próximo cobro vuelve al primer día de cobro que viene (resumeChargeAt de la lista), antes del fin de la pausa, ' +
          'con un correo que lo confirma. Con el proveedor simulado queda activa y checkoutUrl es null; con Recurrente, que no tiene cómo reanudar ' +
          'una suscripción, devuelve la página donde se confirma la tarjeta de una suscripción cuyo período de prueba termina ese día, y al ' +
          'confirmarla la suscripción en pausa termina. 409 si no está en pausa o si no hay un día de cobro antes del fin de la pausa.',
        security: bearer,
        params: idParamSchema,
        response: { 200: monthlyCheckoutSchema, ...guarded, 404: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) => resumeMemberGift(app.db, ctx, { userId: signedInUser(request).id, actor: actorOf(request), giftId: request.params.id, ip: request.ip }),
  );
}
