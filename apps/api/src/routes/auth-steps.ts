// /auth's second step (docs/product.md#accounts-and-sessions): the code after a password, a passkey
// (after a password or alone), and enrolling an authenticator app when the policy requires it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@donaciones/shared/schemas/common';
import { tokenPairSchema } from '@donaciones/shared/schemas/auth';
import {
  challengeTokenSchema,
  enrolConfirmSchema,
  enrolledSignInSchema,
  passkeyOptionsRequestSchema,
  passkeyOptionsSchema,
  passkeyVerifySchema,
  secondStepCodeSchema,
  totpSetupSchema,
} from '@donaciones/shared/schemas/two-step';
import type { z } from 'zod';
import { newOpaqueToken, type IssuedSession } from '../domain/accounts/sessions';
import type { SignInContext } from '../domain/accounts/sign-in';
import type { Throttle } from '../domain/accounts/throttle';
import { relyingParty } from '../domain/accounts/passkeys';
import {
  confirmEnrolmentAtSignIn,
  passkeyOptionsForSignIn,
  signInWithCode,
  signInWithPasskey,
  startEnrolmentAtSignIn,
} from '../domain/accounts/second-step';
import { secretBox } from '../platform/data-encryption';
import { getSettings } from '../platform/settings';
import { limited } from './common';

export const DEVICE_COOKIE = 'device_id';
export const DEVICE_COOKIE_MAX_AGE = 400 * 86_400;
const newDeviceIds = new WeakMap<FastifyRequest, string>();

/** The browser's random id: its cookie, or one made for this request and set with the session's cookies. */
export function deviceIdOf(request: FastifyRequest): string {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (cookie && /^[A-Za-z0-9_-]{20,100}$/.test(cookie)) return cookie;
  let id = newDeviceIds.get(request);
  if (!id) {
    id = newOpaqueToken();
    newDeviceIds.set(request, id);
  }
  return id;
}

interface Options {
  issue: (reply: FastifyReply, session: IssuedSession) => Promise<z.infer<typeof tokenPairSchema>>;
  signInContext: (request: FastifyRequest) => SignInContext;
  throttle: Throttle;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorResponseSchema]));
const tags = ['autenticación'];

export default async function authStepRoutes(app: FastifyInstance, { issue, signInContext, throttle }: Options) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rp = async () => relyingParty(app.config.publicUrl, (await getSettings(app.db, 'organization')).name);
  const box = secretBox(app.config.dataEncryptionKey);
  const perIp = (max: number) => limited(app, max);

  r.post(
    '/auth/login/code',
    {
      schema: {
        tags,
        summary: 'Segundo paso: el código de 6 dígitos de la aplicación o un código de recuperación',
        description: 'Cada código de la aplicación sirve una vez; un código de recuperación, una sola vez. Los intentos fallidos cuentan como contraseñas incorrectas.',
        body: secondStepCodeSchema,
        response: { 200: tokenPairSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const session = await signInWithCode(app.db, box, { ...request.body, ...signInContext(request) }, throttle);
      return issue(reply, session);
    },
  );

  r.post(
    '/auth/passkey/options',
    {
      config: perIp(60),
      schema: {
        tags,
        summary: 'Opciones WebAuthn para iniciar sesión con una llave de acceso (con `token` como segundo paso, sin él sin contraseña)',
        body: passkeyOptionsRequestSchema,
        response: { 200: passkeyOptionsSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => passkeyOptionsForSignIn(app.db, request.body.token, await rp()),
  );

  r.post(
    '/auth/passkey/verify',
    {
      config: perIp(60),
      schema: {
        tags,
        summary: 'Iniciar sesión con la respuesta de la llave de acceso',
        body: passkeyVerifySchema.extend({ token: challengeTokenSchema.shape.token.optional() }),
        response: { 200: tokenPairSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { challenge_id: challengeId, response, token } = request.body;
      const session = await signInWithPasskey(app.db, { challengeId, response, token, rp: await rp(), ...signInContext(request) });
      return issue(reply, session);
    },
  );

  r.post(
    '/auth/enrol/totp',
    {
      config: perIp(30),
      schema: {
        tags,
        summary: 'Configurar la aplicación de autenticación al iniciar sesión (cuando el segundo paso es obligatorio): secreto y código QR',
        body: challengeTokenSchema,
        response: { 200: totpSetupSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startEnrolmentAtSignIn(app.db, box, request.body.token);
    },
  );

  r.post(
    '/auth/enrol/totp/confirm',
    {
      schema: {
        tags,
        summary: 'Confirmar la aplicación con su primer código: abre la sesión y muestra una vez los diez códigos de recuperación',
        body: enrolConfirmSchema,
        response: { 200: enrolledSignInSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { session, recoveryCodes } = await confirmEnrolmentAtSignIn(app.db, box, { ...request.body, ...signInContext(request) }, throttle);
      return { ...(await issue(reply, session)), recovery_codes: recoveryCodes };
    },
  );
}
