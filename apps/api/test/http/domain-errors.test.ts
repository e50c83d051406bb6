// The one error handler (http/error-handler.ts) turns each domain error's code into its HTTP status,
// with the house body `{"detail", "errors"?}` and Retry-After for rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidInputError,
  KeyReusedError,
  NotFoundError,
  PaymentDeclinedError,
  ProviderFailedError,
  RateLimitedError,
  UnauthenticatedError,
  UnavailableError,
  fieldError,
} from '../../src/errors';
import { errorMessages } from '../../src/messages/errors';
import errorHandler, { databaseAway } from '../../src/http/error-handler';

const cases: [string, DomainError, number][] = [
  ['invalid_input', new InvalidInputError(), 400],
  ['unauthenticated', new UnauthenticatedError(), 401],
  ['payment_declined', new PaymentDeclinedError('Tarjeta rechazada', { cardNumber: 'Tarjeta rechazada' }), 402],
  ['forbidden', new ForbiddenError(), 403],
  ['not_found', new NotFoundError('Donación no encontrada'), 404],
  ['conflict', new ConflictError(), 409],
  ['key_reused', new KeyReusedError(), 422],
  ['rate_limited', new RateLimitedError(2.2), 429],
  ['provider_failed', new ProviderFailedError('La pasarela no responde'), 502],
  ['unavailable', new UnavailableError('En mantenimiento'), 503],
  ['field', fieldError('email', 'Correo no válido'), 400],
];

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(errorHandler);
  for (const [name, error] of cases) {
    app.get(`/${name}`, async () => {
      throw error;
    });
  }
  // The driver's errors while PostgreSQL restarts, as Drizzle hands them on (the driver's error in `cause`).
  app.get('/database-restarting', async () => {
    throw Object.assign(new Error('Failed query: insert into "donations" ...'), {
      cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    });
  });
  app.get('/connection-cut', async () => {
    throw new Error('Connection terminated unexpectedly');
  });
  app.get('/bug', async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'id')");
  });
  await app.ready();
});
afterAll(async () => app?.close());

describe('domain errors', () => {
  it.each(cases)('%s answers its status with the detail and the field messages', async (name, error, status) => {
    const res = await app.inject({ method: 'GET', url: `/${name}` });
    expect(error.code).toBeTypeOf('string');
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ detail: error.detail, ...(error.fields ? { errors: error.fields } : {}) });
  });

  it('a rate limit says when to retry, in whole seconds and at least 1, and in its detail in whole minutes rounded up', async () => {
    const res = await app.inject({ method: 'GET', url: '/rate_limited' });
    expect(res.headers['retry-after']).toBe('3');
    expect(res.json().detail).toBe('Demasiadas solicitudes. Intenta de nuevo en 1 minuto.');
    expect(new RateLimitedError(0).retryAfterSeconds).toBe(1);
    expect(new RateLimitedError(60).detail).toBe('Demasiadas solicitudes. Intenta de nuevo en 1 minuto.');
    expect(new RateLimitedError(60.5).detail).toBe('Demasiadas solicitudes. Intenta de nuevo en 2 minutos.');
    expect(new RateLimitedError(900, 'Otro texto').detail).toBe('Otro texto');
  });

  it('a database away for a moment answers 503 with Retry-After, not 500; a bug stays a 500', async () => {
    for (const url of ['/database-restarting', '/connection-cut']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toEqual({ detail: errorMessages.databaseDown });
    }
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(databaseAway(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(databaseAway(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(databaseAway(null)).toBe(false);
  });
});
