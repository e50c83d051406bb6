// The no-login page of a monthly gift (/donacion-mensual?token=..., docs/product.md#monthly-giving):
// the signed, expiring link of every monthly email opens this one gift, and nothing else: see it,
// change its amount, pause it, resume it early, cancel it, or pay a new checkout when a charge failed. A tampered, expired or other-purpose token
// answers 401 and reveals nothing.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  managedMonthlyGiftSchema,
  manageCancelMonthlySchema,
  manageMonthlyQuerySchema,
  manageChangeAmountSchema,
  managePauseSchema,
  manageResumeSchema,
  manageUpdateCardSchema,
  monthlyCheckoutSchema,
} from '@donaciones/shared/schemas/monthly';
import { changeManagedGiftAmount, pauseManagedGift, resumeManagedGift, updateManagedGiftCard } from '../domain/monthly/changes';
import { monthlyContext } from '../domain/monthly/monthly-gifts';
import { cancelManagedGift, managedGift } from '../domain/monthly/views';
import { error, limited } from './common';

const TAG = 'donación mensual (enlace)';

export default async function monthlyGiftLinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = monthlyContext(app);

  r.get(
    '/monthly-gifts/manage',
    {
      config: limited(app, 60),
      schema: {
        tags: [TAG],
        summary: 'Ver la donación mensual del enlace firmado',
        description: 'Sin iniciar sesión: el token del correo abre solo esa donación mensual. Token alterado, vencido o de otro uso: 401.',
        querystring: manageMonthlyQuerySchema,
        response: { 200: managedMonthlyGiftSchema, 400: error, 401: error, 429: error },
      },
    },
    async (request) => managedGift(app.db, ctx, request.query.token),
  );

  r.post(
    '/monthly-gifts/manage/cancel',
    {
      config: limited(app, 20),
      schema: {
        tags: [TAG],
        summary: 'Cancelar la donación mensual del enlace firmado',
        description: 'Se cancela en la pasarela de pagos y aquí, con un correo de confirmación. Motivo opcional. 409 si ya terminó.',
        body: manageCancelMonthlySchema,
        response: { 200: managedMonthlyGiftSchema, 400: error, 401: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) => cancelManagedGift(app.db, ctx, { token: request.body.token, reason: request.body.reason, ip: request.ip }),
  );

  r.post(
    '/monthly-gifts/manage/update-card',
    {
      config: limited(app, 10),
      schema: {
        tags: [TAG],
        summary: 'Actualizar la tarjeta de una donación mensual con el pago pendiente',
        description:
          'Solo si el último cobro falló (past_due): una nueva página de pago por el mismo monto; al completarse, la donación ' +
          'mensual anterior termina sola. Con el proveedor simulado el cambio es inmediato (checkoutUrl null). 409 si está al día.',
        body: manageUpdateCardSchema,
        response: { 200: monthlyCheckoutSchema, 400: error, 401: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) => updateManagedGiftCard(app.db, ctx, { token: request.body.token, ip: request.ip }),
  );

  r.post(
    '/monthly-gifts/manage/change-amount',
    {
      config: limited(app, 10),
      schema: {
        tags: [TAG],
        summary: 'Cambiar el monto de la donación mensual del enlace firmado',
        description:
          'Como en el área del donante: nada se cobra ahora y el nuevo monto empieza en el próximo cobro, el mismo día del mes, con un correo. ' +
          'checkoutUrl null con el proveedor simulado; con Recurrente, la página donde se confirma la tarjeta. 409 si terminó.',
        body: manageChangeAmountSchema,
        response: { 200: monthlyCheckoutSchema, 400: error, 401: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) => changeManagedGiftAmount(app.db, ctx, { token: request.body.token, amount: request.body.amount, ip: request.ip }),
  );

  r.post(
    '/monthly-gifts/manage/pause',
    {
      config: limited(app, 10),
      schema: {
        tags: [TAG],
        summary: 'Pausar la donación mensual del enlace firmado',
        description:
          'Salta los próximos 1, 2 o 3 cobros (months); se reanuda sola el mismo día del mes, con un correo. checkoutUrl null con el ' +
          'proveedor simulado; con Recurrente, la página donde se confirma la tarjeta. 409 si no está activa.',
        body: managePauseSchema,
        response: { 200: monthlyCheckoutSchema, 400: error, 401: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) => pauseManagedGift(app.db, ctx, { token: request.body.token, months: request.body.months, ip: request.ip }),
  );

  r.post(
    '/monthly-gifts/manage/resume',
    {
      config: limited(app, 10),
      schema: {
        tags: [TAG],
        summary: 'Reanudar ahora la donación mensual en pausa del enlace firmado',
        description:
          'Como en el área del donante: no cobra nada ahora; el próximo cobro vuelve al primer día de cobro que viene (resumeChargeAt), ' +
          'antes del fin de la pausa, con un correo. checkoutUrl null con el proveedor simulado; con Recurrente, la página donde se confirma ' +
          'la tarjeta. 409 si no está en pausa o si no hay un día de cobro antes del fin de la pausa.',
        body: manageResumeSchema,
        response: { 200: monthlyCheckoutSchema, 400: error, 401: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) => resumeManagedGift(app.db, ctx, { token: request.body.token, ip: request.ip }),
  );
}
