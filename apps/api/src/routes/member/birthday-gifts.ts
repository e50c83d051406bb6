// A sponsor's birthday gift (docs/product.md#sponsorship, decision 0055): a one-time gift for the child
// of the caller's own active sponsorship, in the weeks before the birthday month, through the public
// checkout. Another person's sponsorship answers 404, as one that does not exist.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import { sponsorshipParamsSchema } from '@donaciones/shared/schemas/letters';
import { birthdayGiftAnswerSchema, birthdayGiftInputSchema } from '@donaciones/shared/schemas/sponsorship-amounts';
import { actorOf } from '../../http/auth';
import { sendBirthdayGift } from '../../domain/sponsorship/birthday-gifts';
import { requireIdempotencyKey } from '../../domain/giving/idempotency';
import { signedLinks } from '../../platform/signed-links';
import { MEMBER_TAG as TAG, bearer, error, guarded, limited } from '../common';

export default async function memberBirthdayGiftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const links = signedLinks(app.config.jwtSecret);
  r.post(
    '/member/sponsorships/:sponsorshipId/birthday-gift',
    {
      config: limited(app, 20),
      schema: {
        tags: [TAG],
        summary: 'Enviar un regalo de cumpleaños a mi ahijado/a',
        description:
          'Una donación única designada a la niña o el niño, por tarjeta (la página del proveedor o la tarjeta del demo) o por depósito, ' +
          'dentro de los montos mínimo y máximo. Solo desde 45 días antes del mes de su cumpleaños hasta el fin de ese mes (si no, 409), ' +
          'y solo con el apadrinamiento activo propio (si no, 404). Requiere `Idempotency-Key`. El recibo es el de cualquier donación.',
        security: bearer,
        params: sponsorshipParamsSchema,
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional().describe('Clave única por intento (por ejemplo, un UUID)') }),
        body: birthdayGiftInputSchema,
        response: { 201: birthdayGiftAnswerSchema, ...guarded, 402: error, 404: error, 409: error, 422: error, 429: error, 502: error, 503: error },
      },
    },
    async (request, reply) => {
      const gift = await sendBirthdayGift(app.db, {
        actor: actorOf(request),
        sponsorshipId: request.params.sponsorshipId,
        body: request.body,
        idempotencyKey: requireIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]),
        ip: request.ip,
        payments: app.payments,
        links,
      });
      return reply.status(201).send(gift);
    },
  );
}
