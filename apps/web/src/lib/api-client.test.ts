import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpMessages } from '@donaciones/shared/messages/shell';
import { fakeAdapter, tokens, type Handler } from '@/test/http';
import { clearStoredTokens, createApiClient, errorToastMessage, getAccessToken, getErrorMessage, getFieldErrors, retryAfterSeconds, setAccessToken } from './api-client';

function setup(handler: Handler, canRefresh = true) {
  const { adapter, requests } = fakeAdapter(handler);
  const notifyError = vi.fn();
  const onSessionExpired = vi.fn();
  const client = createApiClient({ adapter, notifyError, onSessionExpired, canRefresh: () => canRefresh });
  return { client, requests, notifyError, onSessionExpired };
}

beforeEach(() => {
  setAccessToken(null);
  document.cookie = 'csrf_token=csrf-abc; path=/';
});
afterEach(() => {
  document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('api client configuration', () => {
  it('uses /api/v1, a 15 s timeout, the bearer token and the CSRF cookie as header', async () => {
    const { client, requests } = setup(() => ({ status: 200, data: { ok: true } }));
    setAccessToken('token-1');
    await client.get('/donations');
    expect(client.defaults.baseURL).toBe('/api/v1');
    expect(client.defaults.timeout).toBe(15_000);
    expect(requests[0].url).toBe('/donations');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer token-1');
    expect(requests[0].headers.get('x-csrf-token')).toBe('csrf-abc');
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, requests } = setup(() => ({ status: 200 }));
    await client.get('/public/site');
    expect(requests[0].headers.has('Authorization')).toBe(false);
  });

  it('treats tokens with the mock prefix as no token, and clears stored legacy tokens', () => {
    setAccessToken('mock-token-123');
    expect(getAccessToken()).toBeNull();
    setAccessToken('MOCK_abc');
    expect(getAccessToken()).toBeNull();
    localStorage.setItem('access_token', 'mock-1');
    localStorage.setItem('refresh_token', 'mock-2');
    localStorage.setItem('session_user', '{}');
    clearStoredTokens();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('session_user')).toBe('{}');
    localStorage.clear();
  });
});

describe('401: refresh once, then retry', () => {
  it('refreshes the token and retries the request with the new one', async () => {
    setAccessToken('old');
    const { client, requests, notifyError } = setup((req) => {
      if (req.url === '/auth/refresh') return { status: 200, data: tokens(2) };
      return req.headers.get('Authorization') === 'Bearer access-2' ? { status: 200, data: { me: 1 } } : { status: 401, data: { detail: 'expirado' } };
    });
    const res = await client.get('/dashboard/stats');
    expect(res.data).toEqual({ me: 1 });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /dashboard/stats', 'POST /auth/refresh', 'GET /dashboard/stats']);
    expect(requests[1].headers.get('x-csrf-token')).toBe('csrf-abc');
    expect(getAccessToken()).toBe('access-2');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shares one refresh between requests that fail together (single flight)', async () => {
    setAccessToken('old');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { client, requests } = setup(async (req) => {
      if (req.url === '/auth/refresh') {
        await gate;
        return { status: 200, data: tokens(3) };
      }
      return req.headers.get('Authorization') === 'Bearer access-3' ? { status: 200, data: req.url } : { status: 401 };
    });
    const all = Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    await vi.waitFor(() => expect(requests.filter((r) => r.url === '/auth/refresh')).toHaveLength(1));
    release();
    const answers = await all;
    expect(answers.map((a) => a.data)).toEqual(['/a', '/b', '/c']);
    expect(requests.filter((r) => r.url === '/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh fails: clears the token, toasts the expired session once and calls onSessionExpired', async () => {
    setAccessToken('old');
    const { client, notifyError, onSessionExpired, requests } = setup((req) => (req.url === '/auth/refresh' ? { status: 401 } : { status: 401 }));
    const results = await Promise.allSettled([client.get('/a'), client.get('/b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('Sesión expirada. Por favor inicia sesión nuevamente.');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(requests.filter((r) => r.url === '/auth/refresh').length).toBeLessThanOrEqual(2);
  });

  it('does not loop: a retried request that gets 401 again ends the session', async () => {
    setAccessToken('old');
    const { client, requests, onSessionExpired } = setup((req) => (req.url === '/auth/refresh' ? { status: 200, data: tokens(4) } : { status: 401 }));
    await expect(client.get('/a')).rejects.toThrow();
    expect(requests.map((r) => r.url)).toEqual(['/a', '/auth/refresh', '/a']);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not try a refresh for the auth endpoints or without a session', async () => {
    const { client, requests, onSessionExpired, notifyError } = setup(() => ({ status: 401, data: { detail: 'Correo o contraseña incorrectos.' } }), false);
    await expect(client.get('/donor/private')).rejects.toThrow();
    expect(requests).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(notifyError).toHaveBeenCalledWith('Correo o contraseña incorrectos.');

    const second = setup(() => ({ status: 401 }));
    await expect(second.client.post('/auth/login', {}, { skipAuthRefresh: true, skipErrorToast: true })).rejects.toThrow();
    expect(second.requests).toHaveLength(1);
    expect(second.notifyError).not.toHaveBeenCalled();
  });
});

describe('toast per status (docs/product.md#errors)', () => {
  const cases: [number, unknown, string][] = [
    [400, { detail: 'El monto no es válido' }, 'El monto no es válido'],
    [400, {}, 'Solicitud inválida'],
    [403, { detail: 'otra cosa' }, 'Acceso prohibido'],
    [404, {}, 'Recurso no encontrado'],
    [429, {}, 'Demasiadas solicitudes. Por favor intenta más tarde.'],
    [500, { detail: 'interno' }, 'Error del servidor. Por favor intenta más tarde.'],
    [409, { detail: 'La donación ya fue procesada' }, 'La donación ya fue procesada'],
    [502, {}, 'Ocurrió un error'],
  ];
  it.each(cases)('%i %j -> %s', async (status, data, text) => {
    const { client, notifyError } = setup(() => ({ status, data }));
    await expect(client.get('/x')).rejects.toThrow();
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(text);
  });

  it('no answer at all -> the network message', async () => {
    const { client, notifyError } = setup(() => 'network-error');
    await expect(client.get('/x')).rejects.toThrow();
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('Error de red. Por favor verifica tu conexión.');
  });

  it('callers can opt out for all statuses or for some', async () => {
    const { client, notifyError } = setup((req) => ({ status: Number(req.url.slice(1)), data: { detail: 'd' } }));
    await expect(client.get('/400', { skipErrorToast: true })).rejects.toThrow();
    await expect(client.get('/400', { skipErrorToast: [400, 401] })).rejects.toThrow();
    expect(notifyError).not.toHaveBeenCalled();
    await expect(client.get('/429', { skipErrorToast: [400, 401] })).rejects.toThrow();
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(httpMessages.tooManyRequests);
  });

  it('a 429 says in how many minutes to try again, from Retry-After, rounded up', async () => {
    const { client, notifyError } = setup((req) => ({ status: 429, data: { detail: 'd' }, headers: req.url === '/none' ? ({} as Record<string, string>) : { 'retry-after': req.url.slice(1) } }));
    for (const url of ['/60', '/125', '/1', '/none']) await expect(client.get(url)).rejects.toThrow();
    expect(notifyError.mock.calls.map(([message]) => message)).toEqual([
      'Demasiadas solicitudes. Intenta de nuevo en 1 minuto.',
      'Demasiadas solicitudes. Intenta de nuevo en 3 minutos.',
      'Demasiadas solicitudes. Intenta de nuevo en 1 minuto.',
      httpMessages.tooManyRequests,
    ]);
    const now = Date.parse('2026-11-28T18:00:00Z');
    expect(retryAfterSeconds('Sat, 28 Nov 2026 18:10:00 GMT', now)).toBe(600);
    expect(retryAfterSeconds('mañana', now)).toBeNull();
  });

  it('errorToastMessage without a response is the network text', () => {
    expect(errorToastMessage(undefined)).toBe(httpMessages.network);
  });
});

describe('error helpers for forms', () => {
  it('reads the detail and the field errors of an answer', async () => {
    const { client } = setup(() => ({ status: 400, data: { detail: 'Los datos enviados no son válidos.', errors: { email: 'Ingresa un correo electrónico válido' } } }));
    const error = await client.post('/x', {}, { skipErrorToast: true }).catch((e: unknown) => e);
    expect(getErrorMessage(error, 'fallback')).toBe('Los datos enviados no son válidos.');
    expect(getFieldErrors(error)).toEqual({ email: 'Ingresa un correo electrónico válido' });
    expect(getErrorMessage(new Error('x'), 'fallback')).toBe('fallback');
    expect(getFieldErrors(new Error('x'))).toEqual({});
  });
});
