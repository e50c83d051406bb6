// Helpers of the two-step sign-in tests: sign in step by step, enrol an authenticator app, make codes.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { authenticator } from 'otplib';
import { freshIp, setCookies } from './auth';

const V1 = '/api/v1';

/** The app's code for a secret, now or `steps` time-steps (30 s) away. */
export function totpCode(secret: string, steps = 0): string {
  return authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);
}

export function postLogin(app: FastifyInstance, email: string, password: string, options: { ip?: string; cookies?: Record<string, string>; userAgent?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `${V1}/auth/login`,
    payload: { email, password },
    remoteAddress: options.ip ?? freshIp(),
    cookies: options.cookies,
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
  });
}

export function postCode(app: FastifyInstance, token: string, code: string, ip = freshIp()) {
  return app.inject({ method: 'POST', url: `${V1}/auth/login/code`, payload: { token, code }, remoteAddress: ip });
}

export const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

/** Enrols an authenticator app from the settings of a signed-in account; answers its secret and recovery codes. */
export async function enrolTotp(app: FastifyInstance, accessToken: string): Promise<{ secret: string; firstCode: string; recoveryCodes: string[] }> {
  const setup = await app.inject({ method: 'POST', url: `${V1}/users/me/totp`, headers: bearerOf(accessToken) });
  if (setup.statusCode !== 200) throw new Error(`totp setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const firstCode = totpCode(secret);
  const confirm = await app.inject({ method: 'POST', url: `${V1}/users/me/totp/confirm`, headers: bearerOf(accessToken), payload: { code: firstCode } });
  if (confirm.statusCode !== 200) throw new Error(`totp confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { secret, firstCode, recoveryCodes: (confirm.json() as { recovery_codes: string[] }).recovery_codes };
}

export const cookiesOf = (res: LightMyRequestResponse) => setCookies(res);
