// The public site's API: what the home and checkout show, and the checkout's donation.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import { errorResponseSchema } from '@donaciones/shared/schemas/common';
import { publicDonationResponseSchema, publicDonationSchema } from '@donaciones/shared/schemas/donate';
import { type PublicSite, publicSiteSchema } from '@donaciones/shared/schemas/public-site';
import { createPublicDonation } from '../domain/giving/donate';
import { requireIdempotencyKey } from '../domain/giving/idempotency';
import { getPublicSite } from '../domain/content/public-site';
import { readBatcher, serializeOncePerAnswer } from '../platform/read-batching';
import { signedLinks } from '../platform/signed-links';

export default async function publicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The home page's data under load: concurrent callers share one read (and its ETag and
  // serialization) that starts after they all arrived, so it is never stale (platform/read-batching.ts).
  const siteReads = readBatcher<{ site: PublicSite; etag: string }>();
  const links = signedLinks(app.config.jwtSecret);

  r.get(
    '/public/site',
    {
      serializerCompiler: serializeOncePerAnswer,
      schema: {
        tags: ['sitio público'],
        summary: 'Datos del sitio público: organización, montos permitidos, cifras de inicio, programas, empresas y eventos',
        description:
          'Todo sale de la base de datos en cada consulta. Se responde con ETag y `Cache-Control: no-cache`: ' +
          'el navegador revalida y recibe 304 cuando nada cambió, sin mostrar cifras viejas.',
        response: { 200: publicSiteSchema, 304: z.null().describe('Sin cambios desde el ETag enviado') },
      },
    },
    async (request, reply) => {
      const { site, etag } = await siteReads('site', async () => {
        const read = await getPublicSite(app.db, new Date(), app.config.payments.provider);
        return { site: read, etag: `"${createHash('sha256').update(JSON.stringify(read)).digest('base64url').slice(0, 27)}"` };
      });
      reply.header('cache-control', 'no-cache').header('etag', etag);
      const given = request.headers['if-none-match'];
      if (typeof given === 'string' && given.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send(null);
      }
      return site;
    },
  );

  r.post(
    '/donate',
    {
      preHandler: app.optionalAuth,
      // Per IP (DONATE_RATE_LIMIT_PER_MINUTE, default 20): enough for a family sharing a connection,
      // far below what a card-testing script needs.
      config: app.config.rateLimitEnabled ? { rateLimit: { max: app.config.donateRateLimitPerMinute, timeWindow: 60_000 } } : {},
      schema: {
        tags: ['sitio público'],
        summary: 'Registra una donación monetaria pendiente (no se cobra aquí: el cargo se procesa después en el libro de donaciones)',
        description:
          'Requiere el encabezado `Idempotency-Key`: la misma clave con el mismo cuerpo devuelve la misma respuesta sin crear ' +
          'otra donación; con otro cuerpo responde 422. Nunca se aceptan el número completo de la tarjeta ni el CVC: solo los ' +
          'últimos 4 dígitos y la marca (campos desconocidos -> 400). Con un token válido la donación queda ligada a la cuenta. ' +
          'Limitado por IP (429). En modo de mantenimiento responde 503. Con `frequency: "monthly"` la donación es el primer pago de ' +
          'una donación mensual (recurring_gift_id): otra donación mensual activa del mismo correo y monto responde 409 con ' +
          '`code: "DUPLICATE_MONTHLY_GIFT"`, salvo con `allowDuplicateMonthly: true`.',
        headers: z.object({
          [IDEMPOTENCY_HEADER]: z.string().optional().describe('Clave única por intento de donación (por ejemplo, un UUID)'),
        }),
        body: publicDonationSchema,
        response: {
          201: publicDonationResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          402: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          502: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const key = requireIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const answer = await createPublicDonation(app.db, {
        body: request.body,
        idempotencyKey: key,
        actor: request.user ? { id: request.user.id, email: request.user.email } : null,
        ip: request.ip,
        payments: app.payments,
        links,
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.statusCode as 201).send(answer.body);
    },
  );
}
