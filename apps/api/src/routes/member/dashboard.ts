// The member dashboard's cards (docs/product.md#figures): level, impact, active programs, upcoming events.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeProgramSchema, impactSchema, levelsSchema, upcomingEventSchema, upcomingEventsQuerySchema } from '@donaciones/shared/schemas/member';
import { signedInUser } from '../../http/auth';
import { activePrograms, memberImpact, memberLevels, upcomingEvents } from '../../domain/reporting/personal-dashboard';
import { MEMBER_TAG as TAG, bearer, error, guarded } from '../common';

export default async function memberDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/user/levels',
    {
      schema: {
        tags: [TAG],
        summary: 'Nivel del donante y próxima meta',
        description:
          'Calculado con las donaciones completadas (GTQ) de la cuenta y los umbrales configurables (settings «levels»). ' +
          'progress_percentage = total / next_level_threshold × 100 (un decimal, máximo 100); next_level y next_level_threshold son null en el nivel más alto.',
        security: bearer,
        response: { 200: levelsSchema, 401: error },
      },
    },
    async (request) => memberLevels(app.db, signedInUser(request).id),
  );

  r.get(
    '/dashboard/impact',
    {
      schema: {
        tags: [TAG],
        summary: 'Impacto de las donaciones de la cuenta',
        description: 'Unidades enteras: total donado (completadas, GTQ) dividido entre los factores configurables (settings «impact»).',
        security: bearer,
        response: { 200: impactSchema, 401: error },
      },
    },
    async (request) => memberImpact(app.db, signedInUser(request).id),
  );

  r.get(
    '/dashboard/programs/active',
    {
      schema: {
        tags: [TAG],
        summary: 'Programas activos con su avance',
        description: 'progress_percentage = current_amount / goal_amount × 100, un decimal, máximo 100 (0 sin meta).',
        security: bearer,
        response: { 200: z.array(activeProgramSchema), 401: error },
      },
    },
    async () => activePrograms(app.db),
  );

  r.get(
    '/dashboard/events/upcoming',
    {
      schema: {
        tags: [TAG],
        summary: 'Próximos eventos publicados (el más cercano primero)',
        security: bearer,
        querystring: upcomingEventsQuerySchema,
        response: { 200: z.array(upcomingEventSchema), ...guarded },
      },
    },
    async (request) => upcomingEvents(app.db, request.query.limit),
  );
}
