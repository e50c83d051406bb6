// Birthday gifts to deliver (docs/product.md#sponsorship, decision 0055): the paid gifts of sponsors
// for their child's birthday, per child or all, and the mark that staff handed one over (audited).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { birthdayGiftsQuerySchema, staffBirthdayGiftSchema, staffBirthdayGiftsSchema } from '@donaciones/shared/schemas/sponsorship-amounts';
import { actorOf } from '../../http/auth';
import { listBirthdayGifts, markBirthdayGiftDelivered } from '../../domain/sponsorship/birthday-gifts';
import { bearer, error, refusals, writeRefusals } from '../common';

const TAG = 'admin: apadrinamiento';

export default async function adminBirthdayGiftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/sponsorship/birthday-gifts',
    {
      schema: {
        tags: [TAG],
        summary: 'Regalos de cumpleaños (por entregar, entregados o todos; de una niña o un niño con childId)',
        description: '`to_deliver`: pagados y sin entregar, el pagado hace más tiempo primero.',
        security: bearer,
        querystring: birthdayGiftsQuerySchema,
        response: { 200: staffBirthdayGiftsSchema, 400: error, ...refusals },
      },
    },
    async (request) => listBirthdayGifts(app.db, request.query),
  );

  r.post(
    '/admin/sponsorship/birthday-gifts/:id/delivered',
    {
      schema: {
        tags: [TAG],
        summary: 'Marcar un regalo de cumpleaños como entregado',
        description: 'Solo un regalo pagado y aún sin entregar (si no, 409). Queda en la bitácora.',
        security: bearer,
        params: idParamSchema,
        response: { 200: staffBirthdayGiftSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) => markBirthdayGiftDelivered(app.db, { id: request.params.id, actor: actorOf(request), ip: request.ip }),
  );
}
