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
import errorHandler from '../../src/http/error-handler';

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

  it('a rate limit says when to retry, in whole seconds and at least 1', async () => {
    const res = await app.inject({ method: 'GET', url: '/rate_limited' });
    expect(res.headers['retry-after']).toBe('3');
    expect(res.json().detail).toBe(errorMessages.tooManyRequests);
    expect(new RateLimitedError(0).retryAfterSeconds).toBe(1);
  });
});
