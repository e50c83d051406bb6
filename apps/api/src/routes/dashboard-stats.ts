// GET /dashboard/stats (docs/product.md#figures): one path, two answers chosen by the caller's
// role. ADMIN gets the organisation's figures (domain/reporting/organisation-dashboard.ts); DONOR and
// USER get their own (domain/reporting/personal-dashboard.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@donaciones/shared/permissions';
import { adminDashboardStatsSchema } from '@donaciones/shared/schemas/admin';
import { errorResponseSchema } from '@donaciones/shared/schemas/common';
import { memberDashboardStatsSchema } from '@donaciones/shared/schemas/member';
import { unauthorized } from '../errors';
import { adminDashboardStats } from '../domain/reporting/organisation-dashboard';
import { memberDashboardStats } from '../domain/reporting/personal-dashboard';

export default async function dashboardStatsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard/stats',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['panel'],
        summary: 'Cifras del panel según el rol',
        description:
          'ADMIN: totales de la organización (`kind: "admin"`): usuarios, donaciones aprobadas y su monto, pendientes, ' +
          'system_health (porcentaje de correos entregados en 7 días; 98 si no hay correos), crecimiento de este mes frente ' +
          'al anterior, usuarios, donaciones y actividad recientes. DONOR y USER: sus propias cifras.',
        security: [{ bearerAuth: [] }],
        response: { 200: z.union([adminDashboardStatsSchema, memberDashboardStatsSchema]), 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return can(user.roles, 'reports.read') ? adminDashboardStats(app.db, { contacts: can(user.roles, 'donors.read'), accounts: can(user.roles, 'users.manage') }) : memberDashboardStats(app.db, user.id);
    },
  );
}
