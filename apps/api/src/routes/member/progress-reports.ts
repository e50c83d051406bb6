// "Mi ahijado/a", progress reports (docs/product.md#sponsorship): the reports of the caller's own
// sponsorship, sponsor-level fields only (sponsorProgressReportSchema strips the rest), and a report's
// photo while a current consent covers photos. Another person's sponsorship or report answers 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { sponsorshipParamsSchema } from '@donaciones/shared/schemas/letters';
import { sponsorProgressReportsSchema } from '@donaciones/shared/schemas/progress-reports';
import { signedInUser } from '../../http/auth';
import { sponsorProgressReports } from '../../domain/sponsorship/progress-reports';
import { sponsorProgressReportPhoto } from '../../domain/sponsorship/progress-report-photos';
import { MEMBER_TAG as TAG, bearer, error, guarded } from '../common';
import { sendPhoto } from '../sponsorship';

export default async function memberProgressReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/me/sponsorships/:sponsorshipId/progress-reports',
    {
      schema: {
        tags: [TAG],
        summary: 'Informes de avance de mi ahijado/a',
        description: 'Los informes publicados mientras apadrino, el más reciente primero: escuela, salud, mensaje y foto (solo con consentimiento vigente). Un apadrinamiento ajeno responde 404.',
        security: bearer,
        params: sponsorshipParamsSchema,
        response: { 200: sponsorProgressReportsSchema, ...guarded, 404: error },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex');
      return sponsorProgressReports(app.db, signedInUser(request).id, request.params.sponsorshipId);
    },
  );

  r.get(
    '/users/me/progress-reports/:id/photo',
    {
      schema: {
        tags: [TAG],
        summary: 'La foto de un informe de avance de mi ahijado/a',
        description: 'Solo con el apadrinamiento activo y un consentimiento vigente de fotos; si no, 404.',
        security: bearer,
        params: idParamSchema,
        response: { 200: z.any().describe('La imagen, sin metadatos'), ...guarded, 404: error },
      },
    },
    async (request, reply) => sendPhoto(reply, await sponsorProgressReportPhoto(app.db, signedInUser(request).id, request.params.id)),
  );
}
