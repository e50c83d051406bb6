// The member's own second step and sessions (docs/product.md#accounts-and-sessions): authenticator
// app, recovery codes, passkeys, and "Sesiones activas". Every answer is about the caller's account.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimalIdOf } from '@donaciones/shared/schemas/fields';
import { twoStepMessages as m } from '@donaciones/shared/messages/two-step';
import { messageResponseSchema } from '@donaciones/shared/schemas/common';
import {
  accountSecuritySchema,
  confirmTotpSchema,
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  passwordConfirmSchema,
  recoveryCodesSchema,
  sessionListSchema,
  totpSetupSchema,
} from '@donaciones/shared/schemas/two-step';
import { signedInUser } from '../../http/auth';
import {
  confirmTotpFromSettings,
  endOwnOtherSessions,
  endOwnSession,
  getAccountSecurity,
  listOpenSessions,
  regenerateRecoveryCodes,
  removePasskeyFromSettings,
  removeTotpFromSettings,
  startTotpFromSettings,
} from '../../domain/accounts/account-security';
import { passkeyRegistrationOptions, registerPasskey, relyingParty } from '../../domain/accounts/passkeys';
import { counterThrottle } from '../../domain/accounts/throttle';
import { secretBox } from '../../platform/data-encryption';
import { getSettings } from '../../platform/settings';
import { MEMBER_TAG as TAG, bearer, error, guarded, limited } from '../common';

export default async function memberSecurityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = counterThrottle(app.counters, app.config.rateLimitEnabled);
  const box = secretBox(app.config.dataEncryptionKey);
  const env = app.config.env;
  const rp = async () => relyingParty(app.config.publicUrl, (await getSettings(app.db, 'organization')).name);
  const answers = { ...guarded, 404: error, 429: error };
  // Who made a change to the second step, as its email to the owner names it (browser, system, place).
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

  r.get(
    '/users/me/security',
    { schema: { tags: [TAG], summary: 'Segundo paso de la cuenta: aplicación, códigos de recuperación restantes y llaves de acceso', security: bearer, response: { 200: accountSecuritySchema, 401: error } } },
    async (request) => getAccountSecurity(app.db, signedInUser(request).id, env),
  );

  r.post(
    '/users/me/totp',
    {
      config: limited(app, 20),
      schema: { tags: [TAG], summary: 'Empezar a configurar la aplicación de autenticación: secreto y código QR', security: bearer, response: { 200: totpSetupSchema, ...answers } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startTotpFromSettings(app.db, box, signedInUser(request).id);
    },
  );

  r.post(
    '/users/me/totp/confirm',
    {
      schema: {
        tags: [TAG],
        summary: 'Confirmar la aplicación con su primer código; responde una sola vez los diez códigos de recuperación',
        security: bearer,
        body: confirmTotpSchema,
        response: { 200: recoveryCodesSchema, ...answers },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmTotpFromSettings(app.db, box, { userId: signedInUser(request).id, code: request.body.code, ...client(request) }, throttle);
    },
  );

  r.post(
    '/users/me/totp/remove',
    {
      schema: {
        tags: [TAG],
        summary: 'Quitar la aplicación de autenticación (con la contraseña actual); cierra las demás sesiones',
        security: bearer,
        body: passwordConfirmSchema,
        response: { 200: messageResponseSchema, ...answers },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await removeTotpFromSettings(app.db, { userId: user.id, sessionId: user.sessionId, password: request.body.password, env, ...client(request) }, throttle);
      return { message: m.removed };
    },
  );

  r.post(
    '/users/me/recovery-codes',
    {
      schema: {
        tags: [TAG],
        summary: 'Generar diez códigos de recuperación nuevos (con la contraseña actual); los anteriores dejan de servir',
        security: bearer,
        body: passwordConfirmSchema,
        response: { 200: recoveryCodesSchema, ...answers },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return regenerateRecoveryCodes(app.db, { userId: signedInUser(request).id, password: request.body.password, ...client(request) }, throttle);
    },
  );

  r.post(
    '/users/me/passkeys/options',
    {
      config: limited(app, 20),
      schema: { tags: [TAG], summary: 'Opciones WebAuthn para crear una llave de acceso', security: bearer, response: { 200: passkeyOptionsSchema, ...answers } },
    },
    async (request) => passkeyRegistrationOptions(app.db, signedInUser(request).id, await rp()),
  );

  r.post(
    '/users/me/passkeys',
    {
      config: limited(app, 20),
      schema: { tags: [TAG], summary: 'Guardar la llave de acceso creada por el navegador', security: bearer, body: passkeyRegisterSchema, response: { 201: messageResponseSchema, ...answers } },
    },
    async (request, reply) => {
      const { challenge_id: challengeId, response, name } = request.body;
      await registerPasskey(app.db, { userId: signedInUser(request).id, challengeId, response, name, rp: await rp(), ...client(request) });
      return reply.status(201).send({ message: m.passkeyAdded });
    },
  );

  r.delete(
    '/users/me/passkeys/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Eliminar una llave de acceso; cierra las demás sesiones',
        security: bearer,
        params: z.object({ id: decimalIdOf(m.passkeyNotFound) }),
        response: { 200: messageResponseSchema, ...answers },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await removePasskeyFromSettings(app.db, { userId: user.id, sessionId: user.sessionId, passkeyId: request.params.id, env, ...client(request) });
      return { message: m.passkeyRemoved };
    },
  );

  r.get(
    '/users/me/sessions',
    { schema: { tags: [TAG], summary: 'Sesiones activas: dispositivo, lugar aproximado y último uso', security: bearer, response: { 200: sessionListSchema, 401: error } } },
    async (request) => {
      const user = signedInUser(request);
      return { sessions: await listOpenSessions(app.db, user.id, user.sessionId) };
    },
  );

  r.delete(
    '/users/me/sessions/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Cerrar una sesión propia',
        security: bearer,
        params: z.object({ id: z.uuid({ error: m.sessionNotFound }) }),
        response: { 200: messageResponseSchema, ...answers },
      },
    },
    async (request) => {
      await endOwnSession(app.db, { userId: signedInUser(request).id, sessionId: request.params.id, ip: request.ip });
      return { message: m.sessionEnded };
    },
  );

  r.post(
    '/users/me/sessions/end-others',
    { schema: { tags: [TAG], summary: 'Cerrar todas las demás sesiones propias', security: bearer, response: { 200: messageResponseSchema, ...answers } } },
    async (request) => {
      const user = signedInUser(request);
      const ended = await endOwnOtherSessions(app.db, { userId: user.id, sessionId: user.sessionId, ip: request.ip });
      return { message: m.otherSessionsEnded(ended) };
    },
  );
}
