// "Mi ahijado/a" (docs/product.md#sponsorship): the children the signed-in sponsor sponsors, as a
// sponsor sees them (sponsorChildSchema: the public fields plus the birthday month), never a staff field;
// a place still unpaid with the public fields only; the ended ones with the child's first name only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mySponsorshipsSchema } from '@donaciones/shared/schemas/sponsorship';
import { signedInUser } from '../../http/auth';
import { mySponsorships } from '../../domain/sponsorship/sponsors';
import { MEMBER_TAG as TAG, bearer, error } from '../common';

export default async function memberSponsorshipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/member/sponsorships',
    {
      schema: {
        tags: [TAG],
        summary: 'Mi ahijado/a: las niñas y los niños que apadrino',
        description:
          'Los apadrinamientos activos de la cuenta (con los campos de quien apadrina), los lugares que esperan su primer pago (solo los campos ' +
          'públicos, hasta cuándo y cómo se paga) y, en `past`, los que terminaron: el primer nombre, las fechas y cómo terminó.',
        security: bearer,
        response: { 200: mySponsorshipsSchema, 401: error },
      },
    },
    async (request) => mySponsorships(app.db, signedInUser(request).id),
  );
}
