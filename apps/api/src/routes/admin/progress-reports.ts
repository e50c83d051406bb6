// Progress reports, staff side (docs/product.md#sponsorship; permission sponsorship.manage): a child's
// reports with every field, publishing one (refused while a text the sponsor reads holds contact
// details), its optional photo (raw request body, re-encoded without metadata) and "Reportes pendientes".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import {
  overdueProgressReportsSchema,
  progressReportInputSchema,
  staffProgressReportSchema,
  staffProgressReportsSchema,
} from '@donaciones/shared/schemas/progress-reports';
import { actorOf } from '../../http/auth';
import { createProgressReport, overdueProgressReports, staffProgressReports } from '../../domain/sponsorship/progress-reports';
import { addProgressReportPhoto, staffProgressReportPhoto } from '../../domain/sponsorship/progress-report-photos';
import { bearer, error, refusals, writeRefusals } from '../common';
import { LETTER_FILE_TYPE, bodyFile, fileTypeRefused, uploadScope } from '../letter-upload';
import { sendPhoto } from '../sponsorship';

const TAG = 'admin: apadrinamiento';

export default async function adminProgressReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/sponsorship/progress-reports/overdue',
    {
      schema: {
        tags: [TAG],
        summary: 'Reportes pendientes: apadrinados sin informe de avance en los últimos 182 días',
        description: 'Cuenta desde el último informe, o desde el inicio del apadrinamiento activo más antiguo si no hay informe desde entonces. El más atrasado primero.',
        security: bearer,
        response: { 200: overdueProgressReportsSchema, ...refusals },
      },
    },
    async () => ({ children: await overdueProgressReports(app.db) }),
  );

  r.get(
    '/admin/sponsorship/children/:id/progress-reports',
    { schema: { tags: [TAG], summary: 'Informes de avance de una niña o un niño (con las notas internas)', security: bearer, params: idParamSchema, response: { 200: staffProgressReportsSchema, ...writeRefusals, 404: error } } },
    async (request) => staffProgressReports(app.db, request.params.id),
  );

  r.post(
    '/admin/sponsorship/children/:id/progress-reports',
    {
      schema: {
        tags: [TAG],
        summary: 'Publicar un informe de avance (avisa por correo a quien apadrina)',
        description: 'Se rechaza (400, con el campo) mientras un texto que lee quien apadrina tenga datos de contacto. Las notas internas no las ve quien apadrina.',
        security: bearer,
        params: idParamSchema,
        body: progressReportInputSchema,
        response: { 201: staffProgressReportSchema, ...writeRefusals, 404: error },
      },
    },
    async (request, reply) => {
      const report = await createProgressReport(app.db, { childId: request.params.id, values: request.body, actor: actorOf(request), ip: request.ip });
      return reply.status(201).send(report);
    },
  );

  r.get(
    '/admin/sponsorship/progress-reports/:id/photo',
    { schema: { tags: [TAG], summary: 'La foto de un informe (para el personal, aunque no se muestre)', security: bearer, params: idParamSchema, response: { 200: z.any(), ...refusals, 400: error, 404: error } } },
    async (request, reply) => sendPhoto(reply, await staffProgressReportPhoto(app.db, request.params.id)),
  );

  await uploadScope(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/admin/sponsorship/progress-reports/:id/photo',
      {
        schema: {
          tags: [TAG],
          summary: 'Agregar o cambiar la foto de un informe (necesita un consentimiento vigente de fotos)',
          description: `El cuerpo es la imagen, con \`Content-Type: ${LETTER_FILE_TYPE}\` (hasta 5 MB). Se vuelve a codificar sin metadatos.`,
          security: bearer,
          params: idParamSchema,
          response: { 201: staffProgressReportSchema, ...writeRefusals, 404: error, 413: error, 415: error },
        },
      },
      async (request, reply) => {
        const file = bodyFile(request.body);
        if (!file) return fileTypeRefused(reply);
        return reply.status(201).send(await addProgressReportPhoto(app.db, { reportId: request.params.id, file, actor: actorOf(request), ip: request.ip }));
      },
    );
  });
}
