// /auth: accounts and sessions (docs/product.md#accounts-and-sessions).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSRF_COOKIE, REFRESH_COOKIE } from '@donaciones/shared/constants';
import { authMessages } from '@donaciones/shared/messages/auth';
import { errorResponseSchema, messageResponseSchema } from '@donaciones/shared/schemas/common';
import {
  forgotPasswordSchema,
  loginSchema,
  meSchema,
  passwordLinkQuerySchema,
  passwordLinkSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  tokenPairSchema,
} from '@donaciones/shared/schemas/auth';
import { loginAnswerSchema } from '@donaciones/shared/schemas/two-step';
import { unauthorized } from '../errors';
import type { SignInContext } from '../domain/accounts/sign-in';
import authStepRoutes, { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE, deviceIdOf } from './auth-steps';
import {
  checkPasswordLink,
  counterThrottle,
  getMe,
  login,
  registerAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '../domain/accounts/auth';
import { type IssuedSession, newOpaqueToken, revokeSession, rotateRefreshToken, sessionOfRefreshToken } from '../domain/accounts/sessions';

const REFRESH_COOKIE_PATH = '/api/v1/auth';
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorResponseSchema]));
const tags = ['autenticación'];

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const throttle = counterThrottle(app.counters, config.rateLimitEnabled);
  /** Per-route ceiling of calls per IP for the endpoints that have no throttle of their own. */
  const perIp = (max: number): { rateLimit?: { max: number; timeWindow: number } } =>
    config.rateLimitEnabled ? { rateLimit: { max, timeWindow: 60_000 } } : {};
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
  const cookieBase = { sameSite: 'strict' as const, secure: config.cookieSecure };
  /** What a sign-in needs to know of the request: address, browser, device id (from its cookie, or a new one). */
  const signInContext = (request: FastifyRequest): SignInContext => ({
    ...client(request),
    deviceId: deviceIdOf(request),
    ttlDays: config.refreshTokenTtlDays,
    env: config.env,
    publicUrl: config.publicUrl,
  });

  async function issue(reply: FastifyReply, session: IssuedSession) {
    const accessToken = await app.accessTokens.sign({ userId: session.userId, sessionId: session.sessionId });
    const maxAge = config.refreshTokenTtlDays * 86_400;
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, { ...cookieBase, httpOnly: true, path: REFRESH_COOKIE_PATH, maxAge });
    reply.setCookie(CSRF_COOKIE, newOpaqueToken(), { ...cookieBase, httpOnly: false, path: '/', maxAge });
    reply.setCookie(DEVICE_COOKIE, deviceIdOf(reply.request), { ...cookieBase, httpOnly: true, path: REFRESH_COOKIE_PATH, maxAge: DEVICE_COOKIE_MAX_AGE });
    reply.header('cache-control', 'no-store');
    return { access_token: accessToken, refresh_token: session.refreshToken, token_type: 'bearer' as const, expires_in: config.accessTokenTtlSeconds };
  }

  function clearCookies(reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, { ...cookieBase, httpOnly: true, path: REFRESH_COOKIE_PATH });
    reply.clearCookie(CSRF_COOKIE, { ...cookieBase, path: '/' });
  }

  r.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Crear una cuenta (rol USER) y enviar el correo de verificación',
        description: 'Misma respuesta si el correo ya tiene una cuenta: a su dueño le llega un aviso con los enlaces para entrar, y no se crea otra.',
        body: registerSchema,
        response: { 201: messageResponseSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      await registerAccount(app.db, { name, email, password, publicUrl: config.publicUrl, ip: request.ip }, throttle);
      return reply.status(201).send({ message: authMessages.registered });
    },
  );

  r.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Iniciar sesión: token de acceso, token de actualización y cookies de sesión',
        description:
          'Con la contraseña correcta responde los tokens, o el paso que falta: `second_step` (código de la aplicación, código de ' +
          'recuperación o llave de acceso, con /auth/login/code o /auth/passkey/verify) o `enrolment_required` (el personal debe ' +
          'configurar una aplicación de autenticación: /auth/enrol/totp).',
        body: loginSchema,
        response: { 200: loginAnswerSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const outcome = await login(app.db, { ...request.body, ...signInContext(request) }, throttle);
      if (outcome.kind === 'second_step') return { second_step: { token: outcome.token, methods: outcome.methods } };
      if (outcome.kind === 'enrol') return { enrolment_required: { token: outcome.token } };
      return issue(reply, outcome.session);
    },
  );

  await app.register(authStepRoutes, { issue, signInContext, throttle });

  r.get(
    '/auth/me',
    {
      preHandler: app.requireAuth,
      schema: { tags, summary: 'La cuenta de la sesión actual', security: [{ bearerAuth: [] }], response: { 200: meSchema, ...errors(401) } },
    },
    async (request) => getMe(app.db, request.user!.id),
  );

  r.post(
    '/auth/refresh',
    {
      config: perIp(120),
      schema: {
        tags,
        summary: 'Rotar los tokens: cookie de sesión con el encabezado X-CSRF-Token, o refresh_token en el cuerpo',
        body: refreshSchema,
        response: { 200: tokenPairSchema, ...errors(401, 403, 429) },
      },
    },
    async (request, reply) => {
      let token = request.body?.refresh_token;
      if (!token) {
        token = request.cookies[REFRESH_COOKIE];
        if (token) app.assertCsrf(request);
      }
      if (!token) throw unauthorized(authMessages.refreshInvalid);
      const result = await rotateRefreshToken(app.db, { token, ttlDays: config.refreshTokenTtlDays, ...client(request) });
      if (!result.ok) {
        if (result.reason === 'reused') {
          request.log.warn({ sessionId: result.sessionId, userId: result.userId }, 'refresh token reused: session revoked');
        }
        clearCookies(reply);
        throw unauthorized(authMessages.refreshInvalid);
      }
      return issue(reply, result.session);
    },
  );

  r.post(
    '/auth/logout',
    {
      config: perIp(120),
      schema: {
        tags,
        summary: 'Cerrar la sesión (token de actualización en el cuerpo o la cookie, o el token de acceso)',
        body: refreshSchema,
        response: { 200: messageResponseSchema, ...errors(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const sessionIds = new Set<string>();
      const bodyToken = request.body?.refresh_token;
      if (bodyToken) {
        const found = await sessionOfRefreshToken(app.db, bodyToken);
        if (found) sessionIds.add(found.sessionId);
      }
      if (request.headers.authorization) {
        try {
          await app.requireAuth(request, reply);
          sessionIds.add(request.user!.sessionId);
        } catch (err) {
          // An expired access token does not stop a logout that also presents a refresh token.
          if (!bodyToken && !request.cookies[REFRESH_COOKIE]) throw err;
        }
      }
      const cookieToken = request.cookies[REFRESH_COOKIE];
      if (cookieToken && !bodyToken) {
        app.assertCsrf(request);
        const found = await sessionOfRefreshToken(app.db, cookieToken);
        if (found) sessionIds.add(found.sessionId);
      }
      for (const id of sessionIds) await revokeSession(app.db, id, 'logout');
      clearCookies(reply);
      return { message: authMessages.loggedOut };
    },
  );

  r.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Pedir un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      await requestPasswordReset(app.db, { email: request.body.email, publicUrl: config.publicUrl, ip: request.ip }, throttle);
      return { message: authMessages.forgotSent };
    },
  );

  r.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Elegir una contraseña con el enlace de un solo uso (restablecer o invitación); confirma el correo y cierra todas las sesiones',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const { kind } = await resetPassword(app.db, { token, password, publicUrl: config.publicUrl, ip: request.ip }, throttle);
      return { message: kind === 'invitation' ? authMessages.invitationDone : authMessages.resetDone };
    },
  );

  r.get(
    '/auth/password-link',
    {
      config: perIp(30),
      schema: {
        tags,
        summary: 'Si el enlace para elegir contraseña (restablecer o invitación) aún sirve; no lo gasta ni dice de qué cuenta es',
        querystring: passwordLinkQuerySchema,
        response: { 200: passwordLinkSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkPasswordLink(app.db, request.query.token);
    },
  );

  r.get(
    '/auth/verify-email',
    {
      config: perIp(30),
      schema: {
        tags,
        summary: 'Confirmar el correo con el enlace del correo de bienvenida',
        querystring: z.object({ token: z.string({ error: authMessages.verifyInvalid }).min(10, { error: authMessages.verifyInvalid }).max(200, { error: authMessages.verifyInvalid }) }),
        response: { 200: messageResponseSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const result = await verifyEmail(app.db, { token: request.query.token, ip: request.ip });
      return { message: result.alreadyVerified ? authMessages.alreadyVerified : authMessages.verifyDone };
    },
  );

  r.post(
    '/auth/resend-verification',
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: 'Enviar de nuevo el enlace de verificación del correo',
        security: [{ bearerAuth: [] }],
        response: { 200: messageResponseSchema, ...errors(401, 429) },
      },
    },
    async (request) => {
      const result = await resendVerification(app.db, { userId: request.user!.id, publicUrl: config.publicUrl, ip: request.ip }, throttle);
      return { message: result.alreadyVerified ? authMessages.alreadyVerified : authMessages.verificationSent };
    },
  );
}
