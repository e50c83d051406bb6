// The one HTTP client of the web app (docs/product.md#screens-and-routes, #errors, #accounts-and-sessions): lib/http.ts (fetch)
// on /api/v1 with a 15 s timeout, the bearer access token (kept in memory only), the CSRF cookie
// echoed in a header, one single-flight refresh on 401 followed by a retry, and a toast per
// status unless the caller shows the error itself.
import { toast } from 'react-hot-toast';
import { API_BASE_PATH, CSRF_COOKIE, CSRF_HEADER, HTTP_TIMEOUT_MS, MOCK_TOKEN_PREFIX } from '@donaciones/shared/constants';
import { minutesToWait } from '@donaciones/shared/format';
import { httpMessages } from '@donaciones/shared/messages/shell';
import type { TokenPair } from '@donaciones/shared/schemas/auth';
import { createHttpClient, isHttpError, type HttpAdapter, type HttpClient, type HttpError, type RequestConfig } from './http';

/** An error answer of the API: `{"detail": "...", "errors": {field: message}}`. */
export interface ApiErrorBody {
  detail?: string;
  errors?: Record<string, string>;
}

// ---- access token (memory only) -------------------------------------------------------------

let accessToken: string | null = null;

/** Tokens left by an old mock login start with the mock prefix: they are never valid. */
export function isMockToken(token: string | null | undefined): boolean {
  return typeof token === 'string' && token.toLowerCase().startsWith(MOCK_TOKEN_PREFIX);
}

export function getAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  accessToken = token && !isMockToken(token) ? token : null;
}

/** Keys under which earlier versions kept tokens in storage; this version never stores them. */
const LEGACY_TOKEN_KEYS = ['access_token', 'refresh_token', 'token', 'auth_token', 'accessToken', 'refreshToken'];

/** Removes tokens persisted by older versions (mock tokens included) from the browser storage. */
export function clearStoredTokens(storage: Pick<Storage, 'removeItem'> = window.localStorage): void {
  for (const key of LEGACY_TOKEN_KEYS) storage.removeItem(key);
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

// ---- error helpers for callers ----------------------------------------------------------------

export function getErrorStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined;
}

/** The server's `detail`, else the fallback (for forms that show the error themselves). */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (isHttpError<ApiErrorBody>(error)) {
    const detail = error.response?.data?.detail;
    if (typeof detail === 'string' && detail.trim()) return detail;
  }
  return fallback;
}

/** The per-field messages of a 400 validation answer (`{errors: {field: message}}`). */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (isHttpError<ApiErrorBody>(error)) {
    const errors = error.response?.data?.errors;
    if (errors && typeof errors === 'object') return errors;
  }
  return {};
}

/** The seconds a Retry-After header asks to wait (whole seconds or an HTTP date), or null without one. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | null {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value);
  const date = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, (date - now) / 1000);
}

/**
 * The toast text of docs/product.md#errors for an error answer (or for no answer at all); a 429 says
 * in how many minutes to try again when the answer's Retry-After tells.
 */
export function errorToastMessage(status: number | undefined, detail?: string, retryAfter?: string): string {
  const h = httpMessages;
  if (status === undefined) return h.network;
  if (status === 400) return detail || h.badRequest;
  if (status === 401) return detail || h.sessionExpired;
  if (status === 403) return h.forbidden;
  if (status === 404) return h.notFound;
  if (status === 429) {
    const seconds = retryAfterSeconds(retryAfter);
    return seconds === null ? h.tooManyRequests : h.tooManyRequestsIn(minutesToWait(seconds));
  }
  if (status === 500) return h.serverError;
  return detail || h.generic;
}

function wantsToast(config: RequestConfig | undefined, status: number | undefined): boolean {
  const skip = config?.skipErrorToast;
  if (skip === true) return false;
  if (Array.isArray(skip) && status !== undefined && skip.includes(status)) return false;
  return true;
}

// ---- the client ----------------------------------------------------------------------------------

export interface ApiClientOptions {
  /** For tests: answers requests instead of the network. */
  adapter?: HttpAdapter;
  /** Shows a toast; defaults to react-hot-toast's error toast (deduplicated by text). */
  notifyError?: (message: string) => void;
  /** Called once when a 401 could not be cured by a refresh. */
  onSessionExpired?: () => void;
  /** Whether a refresh is worth trying (a session exists); defaults to "there is a token or a stored user". */
  canRefresh?: () => boolean;
}

const REFRESH_URL = '/auth/refresh';

export interface ApiClient extends HttpClient {
  /** Refreshes the access token (single flight: concurrent callers share one request). */
  refreshAccessToken: () => Promise<string>;
  configure: (options: Partial<Omit<ApiClientOptions, 'adapter'>>) => void;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const settings: Required<Omit<ApiClientOptions, 'adapter'>> = {
    notifyError: (message) => toast.error(message, { id: message }),
    onSessionExpired: () => {},
    canRefresh: () => accessToken !== null,
    ...options,
  };

  let refreshing: Promise<string> | null = null;
  let expiredNotified = false;
  const expire = () => {
    setAccessToken(null);
    if (!expiredNotified) {
      expiredNotified = true;
      settings.notifyError(httpMessages.sessionExpired);
      settings.onSessionExpired();
      // Several requests failing together give one toast and one redirect.
      setTimeout(() => {
        expiredNotified = false;
      }, 1000);
    }
  };

  const http = createHttpClient(
    { baseURL: API_BASE_PATH, timeout: HTTP_TIMEOUT_MS, headers: { Accept: 'application/json' }, adapter: options.adapter },
    {
      beforeRequest(headers) {
        const token = getAccessToken();
        if (token && !Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) headers.Authorization = `Bearer ${token}`;
        const csrf = readCookie(CSRF_COOKIE);
        if (csrf) headers[CSRF_HEADER] = csrf;
      },
      async onError(error: HttpError, client) {
        const config = error.config;
        const status = error.response?.status;
        if (status === 401 && config && !config.skipAuthRefresh && !config._retried && settings.canRefresh()) {
          let token: string;
          try {
            token = await instance.refreshAccessToken();
          } catch {
            expire();
            throw error;
          }
          const { headerMap: _headers, baseURL: _base, ...retry } = config;
          return client.request({ ...retry, headers: { ...config.headers, Authorization: `Bearer ${token}` }, _retried: true });
        }
        if (status === 401 && config?._retried) {
          expire();
          throw error;
        }
        if (error.code === 'ERR_CANCELED') throw error;
        const body = error.response?.data as ApiErrorBody | undefined;
        if (wantsToast(config, status)) settings.notifyError(errorToastMessage(status, body?.detail, error.response?.headers['retry-after']));
        throw error;
      },
    },
  );

  const instance = http as ApiClient;
  instance.refreshAccessToken = () => {
    refreshing ??= instance
      .post<TokenPair>(REFRESH_URL, {}, { skipAuthRefresh: true, skipErrorToast: true })
      .then((res) => {
        if (!res.data?.access_token || isMockToken(res.data.access_token)) throw new Error('invalid token');
        setAccessToken(res.data.access_token);
        return res.data.access_token;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  instance.configure = (next) => Object.assign(settings, next);

  return instance;
}

/** The app's client; the session provider plugs in what happens when a session expires. */
export const api = createApiClient();
