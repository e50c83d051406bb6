// One error handler for the whole API: JSON `{"detail": "..."}` always, never a stack trace.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessages } from '../messages/errors';
import { DomainError, type ErrorCode, RateLimitedError } from '../errors';

/** The HTTP status of each domain error's code. */
const STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  payment_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  key_reused: 422,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
};

/** How long a 503 asks the client to wait before retrying. */
const UNAVAILABLE_RETRY_SECONDS = 30;

// zod's built-in messages, used where a schema sets none of its own, in Spanish like the rest.
z.config(z.locales.es());

/** PostgreSQL's connection-exception class (08) and its shutdown codes, and the socket's own errors. */
const DATABASE_AWAY_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
const DATABASE_AWAY_MESSAGE =
  /Connection terminated|Connection ended|connection is closed|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect/i;

/**
 * True when the error says the database (or the connection to it) is away for a moment, not that the
 * request is wrong: PostgreSQL restarting, a pool connection cut. Drizzle wraps the driver's error in
 * `cause`, so the chain is read down to its root.
 */
export function databaseAway(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || DATABASE_AWAY_CODES.has(code))) return true;
  if (typeof message === 'string' && DATABASE_AWAY_MESSAGE.test(message)) return true;
  return databaseAway(cause, depth + 1);
}

function fieldName(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
}

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      // A service that is down for a moment: the client (and any proxy) may retry after a short wait.
      if (error.code === 'unavailable') reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return reply
        .status(STATUS[error.code])
        .send({ detail: error.detail, ...(error.publicCode ? { code: error.publicCode } : {}), ...(error.fields ? { errors: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath);
        errors[key] ??= issue.message ?? errorMessages.invalidInput;
      }
      const first = Object.values(errors)[0] ?? errorMessages.invalidInput;
      return reply.status(400).send({ detail: first, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ detail: errorMessages.internal });
    }
    const code = error.code ?? '';
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ detail: errorMessages.malformedJson });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ detail: errorMessages.bodyTooLarge });
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ detail: errorMessages.unsupportedMediaType });
    if (error.statusCode === 429) return reply.status(429).send({ detail: errorMessages.tooManyRequests });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad headers, invalid content length, ...): never echo internals.
      return reply.status(error.statusCode).send({ detail: error.statusCode === 404 ? errorMessages.notFound : errorMessages.invalidInput });
    }
    if (databaseAway(error)) {
      // As /health and the rate limiter answer then: come back shortly (503 with Retry-After), not "we failed".
      request.log.warn({ err: error }, 'database away');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return reply.status(503).send({ detail: errorMessages.databaseDown });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: errorMessages.internal });
  });
});
