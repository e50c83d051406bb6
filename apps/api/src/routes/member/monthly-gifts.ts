// The signed-in donor's monthly gifts (docs/product.md#monthly-giving): the list, cancelling one and
// changing its amount (a new checkout; the current gift ends once the new one is paid).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import {
  cancelMonthlyGiftSchema,
  changeMonthlyAmountSchema,
  memberMonthlyGiftsSchema,
  monthlyCheckoutSchema,
  monthlyGiftSchema,
} from '@donaciones/shared/schemas/monthly';
import { actorOf, signedInUser } from '../../http/auth';
import { changeMemberGiftAmount } from '../../domain/monthly/changes';
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
          'las más recientes primero: monto en centavos, estado, inicio, próximo cobro, cobros completados y total donado.',
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
          'Crea una nueva donación mensual con el nuevo monto y devuelve la página de pago (checkoutUrl). La actual sigue hasta que ' +
          'se complete el primer pago de la nueva; entonces termina sola. Con el proveedor simulado (demostración) el cambio es ' +
          'inmediato y checkoutUrl es null.',
        security: bearer,
        params: idParamSchema,
        body: changeMonthlyAmountSchema,
        response: { 200: monthlyCheckoutSchema, ...guarded, 404: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) =>
      changeMemberGiftAmount(app.db, ctx, { userId: signedInUser(request).id, actor: actorOf(request), giftId: request.params.id, amount: request.body.amount, ip: request.ip }),
  );
}
