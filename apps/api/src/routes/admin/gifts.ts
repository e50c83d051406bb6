// Staff gift entry (docs/product.md#staff-gift-entry): record a gift the office received, the form's
// options, and the donor picker. Thin handlers: the rules live in domain/giving/gift-entry.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  donorChoicesQuerySchema,
  donorChoicesSchema,
  enteredGiftSchema,
  giftEntryOptionsSchema,
  staffGiftSchema,
} from '@donaciones/shared/schemas/gift-entry';
import { signedInUser } from '../../http/auth';
import { donorChoices, enterGift, giftEntryOptions } from '../../domain/giving/gift-entry';
import { bearer, error, refusals, writeRefusals } from '../common';

export default async function giftEntryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const GIFTS = 'admin: registro de donaciones';

  r.post(
    '/admin/gifts',
    {
      schema: {
        tags: [GIFTS],
        summary: 'Registrar una donación recibida por la oficina',
        description:
          'Donante existente (`donorId`) o nuevo (nombre; correo y teléfono opcionales); fecha en que se recibió (no futura ni ' +
          'en un mes cerrado); forma de pago: efectivo, cheque (número y banco), transferencia o depósito (referencia), en especie ' +
          '(descripción y base de valoración); monto dentro de los límites de la configuración (en dólares, por su valor en ' +
          'quetzales); NIT, CUI o CF (CF solo bajo Q2,500); destino (`programId`, o null: donde más se necesite); nota. ' +
          'Queda pendiente; con `completed: true` (permiso gifts.complete) se completa y emite el recibo. Cada error, junto a su campo.',
        security: bearer,
        body: staffGiftSchema,
        response: { 201: enteredGiftSchema, ...writeRefusals, 409: error },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const gift = await enterGift(app.db, { data: request.body, actor: { id: user.id, email: user.email, roles: user.roles }, ip: request.ip });
      return reply.status(201).send(gift);
    },
  );

  r.get(
    '/admin/gifts/options',
    {
      schema: {
        tags: [GIFTS],
        summary: 'Lo que necesita el formulario: límites del monto, tipo de cambio y programas que reciben donaciones',
        security: bearer,
        response: { 200: giftEntryOptionsSchema, ...refusals },
      },
    },
    async (request) => giftEntryOptions(app.db, signedInUser(request).roles),
  );

  r.get(
    '/admin/gifts/donor-choices',
    {
      schema: {
        tags: [GIFTS],
        summary: 'Buscar un donante para la donación (nombre y correo enmascarado)',
        description: 'Hasta 8 coincidencias por nombre, correo, NIT o teléfono; sin datos de contacto completos.',
        security: bearer,
        querystring: donorChoicesQuerySchema,
        response: { 200: donorChoicesSchema, 400: error, ...refusals },
      },
    },
    async (request) => donorChoices(app.db, request.query.q),
  );
}
