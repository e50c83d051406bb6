// The donor and user area (docs/product.md#screens-and-routes, #figures): levels, impact, programs, events,
// profile, preferences, password, own donations, history and PDF receipts. Signed-in users only, and
// every answer is about the caller's own account (request.user), never an id taken from the request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasRole } from '@donaciones/shared/roles';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { receiptMessages } from '../messages/receipts';
import { errorResponseSchema, messageResponseSchema } from '@donaciones/shared/schemas/common';
import {
  activeProgramSchema,
  formatReceiptNumber,
  historySchema,
  impactSchema,
  levelsSchema,
  myDonationListSchema,
  myDonationsQuerySchema,
  receiptParamsSchema,
  receiptsSchema,
  statementParamsSchema,
  statementQuerySchema,
  upcomingEventSchema,
  upcomingEventsQuerySchema,
} from '@donaciones/shared/schemas/member';
import {
  changePasswordSchema,
  preferencesSchema,
  profileSchema,
  updatePreferencesSchema,
  updateProfileSchema,
} from '@donaciones/shared/schemas/profile';
import { z } from 'zod';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../errors';
import type { AuthUser } from '../plugins/auth';
import { activePrograms, memberImpact, memberLevels, upcomingEvents } from '../services/member-dashboard';
import { donationHistory, listMyDonations, listReceipts, loadReceipt, loadStatement } from '../services/member-donations';
import { changePassword, getPreferences, getProfile, updatePreferences, updateProfile } from '../services/member-profile';
import { renderReceiptPdf, renderStatementPdf } from '../services/receipt-pdf';
import { getSettings } from '../services/settings';

const TAG = 'mi cuenta';
const bearer = [{ bearerAuth: [] }];
const error = errorResponseSchema;
const guarded = { 400: error, 401: error };

/** Wrong current passwords allowed per account and window before change-password answers 429. */
const PASSWORD_FAILURES_MAX = 10;
const PASSWORD_FAILURES_WINDOW_MS = 15 * 60_000;

function caller(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default async function memberRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Checked before the body is validated, so an anonymous call always gets 401, never a validation answer.
  const auth = { onRequest: app.requireAuth };
  const limited = (max: number) => (app.config.rateLimitEnabled ? { rateLimit: { max, timeWindow: '1 minute' } } : {});

  r.get(
    '/user/levels',
    {
      ...auth,
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
    async (request) => memberLevels(app.db, caller(request).id),
  );

  r.get(
    '/dashboard/impact',
    {
      ...auth,
      schema: {
        tags: [TAG],
        summary: 'Impacto de las donaciones de la cuenta',
        description: 'Unidades enteras: total donado (completadas, GTQ) dividido entre los factores configurables (settings «impact»).',
        security: bearer,
        response: { 200: impactSchema, 401: error },
      },
    },
    async (request) => memberImpact(app.db, caller(request).id),
  );

  r.get(
    '/dashboard/programs/active',
    {
      ...auth,
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
      ...auth,
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

  r.get(
    '/users/me/profile',
    { ...auth, schema: { tags: [TAG], summary: 'Perfil propio', security: bearer, response: { 200: profileSchema, 401: error } } },
    async (request) => getProfile(app.db, caller(request).id),
  );

  r.put(
    '/users/me/profile',
    {
      ...auth,
      config: limited(30),
      schema: {
        tags: [TAG],
        summary: 'Actualizar el perfil propio',
        description:
          'first_name y last_name requeridos (2 a 100); phone opcional con el patrón de Guatemala (+502 opcional, al menos 8 dígitos); ' +
          'address hasta 255. El email no se cambia aquí: enviarlo distinto responde 400 «El email no se puede cambiar desde aquí...».',
        security: bearer,
        body: updateProfileSchema,
        response: { 200: profileSchema, ...guarded, 429: error },
      },
    },
    async (request) => updateProfile(app.db, { userId: caller(request).id, data: request.body, ip: request.ip }),
  );

  r.get(
    '/users/me/preferences',
    { ...auth, schema: { tags: [TAG], summary: 'Preferencias propias', security: bearer, response: { 200: preferencesSchema, 401: error } } },
    async (request) => getPreferences(app.db, caller(request).id),
  );

  r.put(
    '/users/me/preferences',
    {
      ...auth,
      config: limited(30),
      schema: {
        tags: [TAG],
        summary: 'Guardar preferencias propias',
        description:
          'Cada parte es opcional y lo que no se envía conserva su valor. privacy_settings.show_donations_publicly permite que las ' +
          'páginas públicas muestren el nombre y el correo del donante sin enmascarar (docs/product.md#donor-privacy).',
        security: bearer,
        body: updatePreferencesSchema,
        response: { 200: preferencesSchema, ...guarded, 429: error },
      },
    },
    async (request) => updatePreferences(app.db, { userId: caller(request).id, data: request.body }),
  );

  r.post(
    '/user/change-password',
    {
      ...auth,
      schema: {
        tags: [TAG],
        summary: 'Cambiar la contraseña propia',
        description:
          'Verifica current_password (400 «La contraseña actual no es correcta.» si no coincide); new_password: 8+ caracteres con ' +
          'mayúscula, minúscula y número. Cierra las demás sesiones de la cuenta; la actual sigue activa. Tras 10 intentos ' +
          'fallidos en 15 minutos responde 429.',
        security: bearer,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...guarded, 429: error },
      },
    },
    async (request) => {
      const user = caller(request);
      const key = `change-password:${user.id}`;
      if (app.config.rateLimitEnabled) {
        const hit = await app.counters.get(key);
        if (hit.count >= PASSWORD_FAILURES_MAX) throw tooManyRequests(hit.ttlMs / 1000);
      }
      try {
        await changePassword(app.db, { userId: user.id, sessionId: user.sessionId, data: request.body, ip: request.ip });
      } catch (err) {
        if (app.config.rateLimitEnabled && err instanceof AppError && err.errors?.current_password) {
          await app.counters.incr(key, PASSWORD_FAILURES_WINDOW_MS);
        }
        throw err;
      }
      return { message: screensMessages.passwordChanged };
    },
  );

  r.get(
    '/users/me/donations',
    {
      ...auth,
      schema: {
        tags: [TAG],
        summary: 'Donaciones propias (más recientes primero)',
        description: 'Las donaciones vinculadas a la cuenta (creadas por ella o completadas con su correo verificado). limit 1 a 100, por defecto 20.',
        security: bearer,
        querystring: myDonationsQuerySchema,
        response: { 200: myDonationListSchema, ...guarded },
      },
    },
    async (request) => listMyDonations(app.db, caller(request).id, request.query),
  );

  r.get(
    '/users/me/history',
    {
      ...auth,
      schema: {
        tags: [TAG],
        summary: 'Historial propio por año y mes, con totales',
        description: 'Agrupado por la fecha de la donación en hora de Guatemala. total_amount suma las donaciones completadas en GTQ.',
        security: bearer,
        response: { 200: historySchema, 401: error },
      },
    },
    async (request) => donationHistory(app.db, caller(request).id),
  );

  r.get(
    '/users/me/receipts',
    {
      ...auth,
      schema: {
        tags: [TAG],
        summary: 'Recibos propios y años con constancia',
        description: 'Donaciones completadas con su número de recibo permanente; years lista los años que tienen constancia anual.',
        security: bearer,
        response: { 200: receiptsSchema, 401: error },
      },
    },
    async (request) => listReceipts(app.db, caller(request).id),
  );

  r.get(
    '/receipts/:donationId.pdf',
    {
      ...auth,
      config: limited(60),
      schema: {
        tags: [TAG],
        summary: 'Recibo en PDF de una donación completada',
        description:
          'Se descarga como adjunto (application/pdf). Solo el dueño de la donación o un ADMIN; para cualquier otra persona ' +
          'responde 404, igual que para un id inexistente. 404 también si la donación aún no está completada.',
        security: bearer,
        params: receiptParamsSchema,
        response: { ...guarded, 404: error, 429: error },
      },
    },
    async (request, reply) => {
      const data = await loadReceipt(app.db, request.params.donationId, caller(request));
      const pdf = await renderReceiptPdf(data, await getSettings(app.db, 'organization'));
      return sendPdf(reply, pdf, `recibo-${formatReceiptNumber(data.donation.receiptNumber as number)}.pdf`);
    },
  );

  r.get(
    '/receipts/statement/:year.pdf',
    {
      ...auth,
      config: limited(30),
      schema: {
        tags: [TAG],
        summary: 'Constancia anual de donaciones en PDF',
        description:
          'Donaciones completadas de la cuenta en ese año (hora de Guatemala), con el total en cifras y en letras. Un ADMIN puede ' +
          'pedir la de otra cuenta con ?user_id=; para los demás, user_id distinto al propio responde 403. 404 si no hay donaciones.',
        security: bearer,
        params: statementParamsSchema,
        querystring: statementQuerySchema,
        response: { ...guarded, 403: error, 404: error, 429: error },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      const target = request.query.user_id ?? user.id;
      if (target !== user.id && !hasRole(user.roles, 'ADMIN')) throw forbidden(receiptMessages.statementOtherUser);
      const data = await loadStatement(app.db, target, request.params.year);
      const pdf = await renderStatementPdf(data, await getSettings(app.db, 'organization'));
      return sendPdf(reply, pdf, `constancia-donaciones-${data.year}.pdf`);
    },
  );
}

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
