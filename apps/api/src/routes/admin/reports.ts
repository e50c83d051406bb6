// The reports: the period's figures and their download as CSV, Excel or PDF (docs/product.md#reports-and-exports).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsSchema, exportQuerySchema } from '@donaciones/shared/schemas/admin';
import { analyticsFor, computeAnalytics } from '../../domain/reporting/analytics';
import { type ReportFile, buildReportFile } from '../../domain/reporting/exports';
import { getSettings } from '../../platform/settings';
import { bearer, error, limited, refusals } from '../common';

function sendFile(reply: FastifyReply, file: ReportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export default async function adminReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const REPORTS = 'admin: reportes';

  r.get(
    '/admin/analytics',
    {
      schema: {
        tags: [REPORTS],
        summary: 'Estadísticas del período',
        description:
          'period = week (desde el lunes), month (desde el día 1), quarter (desde el inicio del trimestre) o year (desde el 1 de enero): ' +
          'periodos del calendario hasta hoy incluido, en hora de Guatemala. Cifras de donaciones aprobadas en quetzales, por fecha de la donación; `users` son cuentas nuevas.',
        security: bearer,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, 400: error, ...refusals },
      },
    },
    async (request) => analyticsFor(await computeAnalytics(app.db, { period: request.query.period }), request.user?.roles),
  );

  r.get(
    '/admin/reports/export',
    {
      config: limited(app, 30),
      schema: {
        tags: [REPORTS],
        summary: 'Descargar el reporte (CSV, Excel o PDF)',
        description:
          'Las mismas cifras que /admin/analytics. CSV en UTF-8 con BOM (Excel reconoce los acentos); `delimiter` = "," ' +
          '(por defecto, punto decimal) o ";" (coma decimal, para Excel configurado con coma decimal).',
        security: bearer,
        querystring: exportQuerySchema,
        response: { 400: error, ...refusals, 429: error },
      },
    },
    async (request, reply) => {
      const { period, format, delimiter } = request.query;
      const [computed, org] = await Promise.all([computeAnalytics(app.db, { period }), getSettings(app.db, 'organization')]);
      const analytics = analyticsFor(computed, request.user?.roles);
      return sendFile(reply, await buildReportFile({ analytics, organizationName: org.name }, format, delimiter));
    },
  );
}
