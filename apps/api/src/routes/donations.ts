// The donation ledger's service API (docs/product.md#screens-and-routes, #the-donation-ledger, #donor-privacy). Thin handlers: the rules
// live in domain/giving/donations.ts and domain/ledger/transitions.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '@donaciones/shared/permissions';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema } from '@donaciones/shared/schemas/common';
import {
  type DonationList,
  type DonationStats,
  createDonationSchema,
  donationListSchema,
  donationSchema,
  donationStatsSchema,
  listDonationsQuerySchema,
} from '@donaciones/shared/schemas/donations';
import { unauthorized } from '../errors';
import { limited } from './common';
import type { AuthUser } from '../http/auth';
import { changeDonationStatus, createDonation, donationStats, getDonation, listDonations } from '../domain/giving/donations';
import { monthlyContext } from '../domain/monthly/monthly-gifts';
import { readBatcher, serializeOncePerAnswer } from '../platform/read-batching';

const TAG = 'donaciones';
const bearer = [{ bearerAuth: [] }];
const error = errorResponseSchema;

function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default async function donationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The public reads under load: concurrent anonymous callers share one query that starts after
  // they all arrived, so answers are never stale (platform/read-batching.ts, docs/performance.md).
  const statsReads = readBatcher<DonationStats>();
  const anonymousListReads = readBatcher<DonationList>();

  r.post(
    '/donations',
    {
      preHandler: app.requireAuth,
      config: limited(app, 60),
      schema: {
        tags: [TAG],
        summary: 'Registrar una donación (queda pendiente)',
        description:
          'Para usuarios con sesión iniciada; quien la registra queda como dueño y puede cancelarla. Montos de 1 a 10000 ' +
          '(«El monto mínimo de una donación es 1 GTQ» / «El monto máximo de una donación es 10,000 GTQ»). Responde 201 con la donación creada.',
        security: bearer,
        body: createDonationSchema,
        response: { 201: donationSchema, 400: error, 401: error, 429: error, 503: error },
      },
    },
    async (request, reply) => {
      const donation = await createDonation(app.db, { data: request.body, viewer: signedIn(request) });
      return reply.status(201).send(donation);
    },
  );

  r.get(
    '/donations',
    {
      preHandler: app.optionalAuth,
      serializerCompiler: serializeOncePerAnswer,
      schema: {
        tags: [TAG],
        summary: 'Listar donaciones (más recientes primero)',
        description:
          'Público. Solo ADMIN ve correos y nombres completos; los demás ven `m***@dominio` y nombre con inicial del ' +
          'primer apellido (el nombre completo de donantes que eligieron mostrarse; «Anónimo» y correo vacío en una donación anónima). Quien no es ADMIN ve solo ' +
          'donaciones completadas, más las propias en otros estados; la referencia y el número de recibo solo los ven ADMIN y el dueño. limit por defecto 20, máximo 100 ' +
          '(un valor mayor se recorta). El filtro donor_email solo encuentra, para quien no es ADMIN, sus propias donaciones. ' +
          'Para la página siguiente, `after` con el `next_cursor` de la anterior (null en la última): su costo no crece con la ' +
          'página; `offset` sigue valiendo, pero no junto con `after`.',
        querystring: listDonationsQuerySchema,
        response: { 200: donationListSchema, 400: error, 401: error },
      },
    },
    async (request) =>
      request.user
        ? listDonations(app.db, { filter: request.query, viewer: request.user })
        : anonymousListReads(JSON.stringify(request.query), () => listDonations(app.db, { filter: request.query, viewer: null })),
  );

  r.get(
    '/donations/stats',
    {
      preHandler: app.optionalAuth,
      serializerCompiler: serializeOncePerAnswer,
      schema: {
        tags: [TAG],
        summary: 'Estadísticas de donaciones',
        description:
          'Montos en quetzales, leídos de totales mantenidos por la base de datos (sin recorrer el libro). success_rate: ' +
          'porcentaje con un decimal de completadas sobre las que ya tienen resultado (completed + failed + cancelled + expired); 0 si ninguna. ' +
          'Las cifras de pendientes (count_pending, total_amount_pending) solo se informan a ADMIN; para los demás valen null (no son públicas).',
        response: { 200: donationStatsSchema, 401: error },
      },
    },
    async (request) =>
      can(request.user?.roles, 'donations.read')
        ? statsReads('staff', () => donationStats(app.db, { withPending: true }))
        : statsReads('public', () => donationStats(app.db, { withPending: false })),
  );

  r.get(
    '/donations/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: [TAG],
        summary: 'Detalle de una donación',
        params: idParamSchema,
        response: { 200: donationSchema, 400: error, 401: error, 404: error },
      },
    },
    async (request) => getDonation(app.db, { id: request.params.id, viewer: request.user }),
  );

  r.post(
    '/donations/:id/process',
    {
      preHandler: app.requirePermission,
      config: { permission: 'donations.decide' },
      schema: {
        tags: [TAG],
        summary: 'Procesar una donación pendiente (personal con permiso donations.decide)',
        description:
          'Monetarias: cobra con el proveedor de pagos (simulado; fallan las tarjetas terminadas en 0002 rechazada, 9995 fondos ' +
          'insuficientes y 0069 vencida) y queda completed o failed. Bienes y servicios: se marcan recibidos (completed). ' +
          '409 si ya no está pendiente.',
        security: bearer,
        params: idParamSchema,
        response: { 200: donationSchema, 400: error, 401: error, 403: error, 404: error, 409: error },
      },
    },
    async (request) => changeDonationStatus(app.db, { id: request.params.id, action: 'process', viewer: signedIn(request), ip: request.ip }, monthlyContext(app)),
  );

  r.post(
    '/donations/:id/cancel',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: [TAG],
        summary: 'Cancelar una donación pendiente (ADMIN o quien la registró)',
        description: '403 para cualquier otra persona; 409 si ya no está pendiente.',
        security: bearer,
        params: idParamSchema,
        response: { 200: donationSchema, 400: error, 401: error, 403: error, 404: error, 409: error },
      },
    },
    async (request) => changeDonationStatus(app.db, { id: request.params.id, action: 'cancel', viewer: signedIn(request), ip: request.ip }, monthlyContext(app)),
  );
}
