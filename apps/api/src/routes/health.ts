import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@donaciones/shared/constants';
import { errorMessages } from '../messages/errors';
import { pingDatabase } from '../db/client';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  database_kind: z.enum(['pglite', 'postgres']),
  version: z.string(),
  detail: z.string().optional(),
});

export default async function health(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio y de la base de datos',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const ok = await pingDatabase(app.db);
      const body = {
        status: ok ? ('ok' as const) : ('error' as const),
        database: ok ? ('ok' as const) : ('error' as const),
        database_kind: app.dbKind,
        version: APP_VERSION,
        ...(ok ? {} : { detail: errorMessages.databaseDown }),
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
}
