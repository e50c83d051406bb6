// The sign-in's second step (docs/product.md#accounts-and-sessions): the code after the password, a
// passkey (after the password or alone), and enrolling an authenticator app when it is required.
import { startAuthentication } from '@simplewebauthn/browser';
import type { TokenPair } from '@donaciones/shared/schemas/auth';
import { api } from '@/lib/api-client';

const quiet = { skipAuthRefresh: true, skipErrorToast: [400, 401, 403, 429] } as const;

export interface TotpSetup {
  secret: string;
  otpauth_url: string;
  qr_svg_data_url: string;
}

export async function sendSecondStepCode(token: string, code: string): Promise<TokenPair> {
  const { data } = await api.post<TokenPair>('/auth/login/code', { token, code }, quiet);
  return data;
}

/** Asks the browser for a passkey (the account's own with `token`, any of this site's without) and signs in with it. */
export async function signInWithPasskey(token?: string): Promise<TokenPair> {
  const { data: start } = await api.post<{ challenge_id: string; options: Record<string, unknown> }>('/auth/passkey/options', token ? { token } : {}, quiet);
  const response = await startAuthentication({ optionsJSON: start.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  const { data } = await api.post<TokenPair>('/auth/passkey/verify', { challenge_id: start.challenge_id, response, ...(token ? { token } : {}) }, quiet);
  return data;
}

export async function startEnrolment(token: string): Promise<TotpSetup> {
  const { data } = await api.post<TotpSetup>('/auth/enrol/totp', { token }, quiet);
  return data;
}

export async function confirmEnrolment(token: string, code: string): Promise<TokenPair & { recovery_codes: string[] }> {
  const { data } = await api.post<TokenPair & { recovery_codes: string[] }>('/auth/enrol/totp/confirm', { token, code }, quiet);
  return data;
}
