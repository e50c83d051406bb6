// Sponsorship reports and the children's export (docs/product.md#sponsorship, decision 0053;
// permission sponsorship.manage, and sponsorship.export_staff_fields for the staff-level columns).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { can } from '@donaciones/shared/permissions';
import { childExportRequestSchema, sponsorshipReportQuerySchema, sponsorshipReportSchema } from '@donaciones/shared/schemas/sponsorship-reports';
import { actorOf } from '../../http/auth';
import { exportChildren } from '../../domain/sponsorship/children-export';
import { sponsorshipReport } from '../../domain/sponsorship/reports';
import { bearer, error, limited, refusals, writeRefusals } from '../common';

const TAG = 'admin: apadrinamiento';

function sendFile(reply: FastifyReply, file: { body: Buffer; contentType: string; fileName: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export default async function adminSponsorshipReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/sponsorship/reports',
    {
      schema: {
        tags: [TAG],
        summary: 'Reportes de apadrinamiento del período',
        description:
          '`from` y `to`: días de Guatemala (AAAA-MM-DD), ambos incluidos. Niñas y niños esperando y apadrinados ahora por programa y ' +
          'departamento, apadrinamientos iniciados y terminados en el período, espera promedio, permanencia a 12 meses, cartas atrasadas ' +
          'y consentimientos que vencen en 30 días.',
        security: bearer,
        querystring: sponsorshipReportQuerySchema,
        response: { 200: sponsorshipReportSchema, 400: error, ...refusals },
      },
    },
    async (request) => sponsorshipReport(app.db, request.query),
  );

  r.post(
    '/admin/sponsorship/children/export',
    {
      config: limited(app, 30),
      schema: {
        tags: [TAG],
        summary: 'Exportar la lista de niñas y niños (CSV o Excel)',
        description:
          'Columnas públicas, de quien apadrina y operativas (estado, lugares, esperando desde, apadrinamientos activos). `staffFields: true` añade los ' +
          'datos personales y requiere el permiso sponsorship.export_staff_fields. Nunca fotos, situación familiar ni notas. Cada ' +
          'exportación queda en la auditoría.',
        security: bearer,
        body: childExportRequestSchema,
        response: { ...writeRefusals, 429: error },
      },
    },
    async (request, reply) => {
      const file = await exportChildren(app.db, {
        ...request.body,
        mayExportStaffFields: can(request.user?.roles, 'sponsorship.export_staff_fields'),
        actor: actorOf(request),
        ip: request.ip,
      });
      return sendFile(reply, file);
    },
  );
}
