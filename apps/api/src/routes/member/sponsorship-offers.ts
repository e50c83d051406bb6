// "Mi ahijado/a" when a sponsored child left (docs/product.md#sponsorship, decision 0051): the choices
// still open, and the sponsor's choice — another waiting child with the same monthly gift, keep giving
// where most needed, or cancel the gift. Only the child's first name is sent.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { childLeftOffersSchema, offerChoiceResponseSchema, offerChoiceSchema } from '@donaciones/shared/schemas/sponsorship-lifecycle';
import { sponsorshipParamsSchema } from '@donaciones/shared/schemas/letters';
import { actorOf, signedInUser } from '../../http/auth';
import { monthlyContext } from '../../domain/monthly/monthly-gifts';
import { myOffers } from '../../domain/sponsorship/child-left-offers';
import { chooseOffer } from '../../domain/sponsorship/offer-choice';
import { MEMBER_TAG as TAG, bearer, error } from '../common';

export default async function memberSponsorshipOfferRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/member/sponsorship-offers',
    {
      schema: {
        tags: [TAG],
        summary: 'Mi ahijado/a: elecciones pendientes',
        description: 'Los apadrinamientos de la cuenta cuyo niño o niña salió del programa y cuya elección sigue abierta (hasta offerUntil).',
        security: bearer,
        response: { 200: childLeftOffersSchema, 401: error },
      },
    },
    async (request) => myOffers(app.db, signedInUser(request).id),
  );

  r.post(
    '/member/sponsorship-offers/:sponsorshipId/choice',
    {
      schema: {
        tags: [TAG],
        summary: 'Elegir cómo seguir',
        description:
          'another_child: el mismo aporte mensual pasa a un apadrinamiento activo de otro niño o niña que espera (childId null: quien más tiempo lleva ' +
          'esperando), sin nuevo pago; keep_giving: el aporte sigue a "Donde más se necesite"; cancel: se cancela el aporte (en la pasarela también). Queda en la bitácora.',
        security: bearer,
        params: sponsorshipParamsSchema,
        body: offerChoiceSchema,
        response: { 200: offerChoiceResponseSchema, 400: error, 401: error, 404: error, 409: error, 502: error },
      },
    },
    async (request) =>
      chooseOffer(app.db, monthlyContext(app), { userId: signedInUser(request).id, sponsorshipId: request.params.sponsorshipId, actor: actorOf(request), ip: request.ip }, request.body),
  );
}
