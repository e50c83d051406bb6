// What the admin console's route files share: the OpenAPI pieces of their answers and the per-route limit.
import type { FastifyInstance } from 'fastify';
import { errorResponseSchema } from '@donaciones/shared/schemas/common';

export const error = errorResponseSchema;
export const bearer = [{ bearerAuth: [] }];
/** Every admin route may answer these: the ADMIN hook refuses before validation. */
export const refusals = { 401: error, 403: error } as const;
export const writeRefusals = { 400: error, 401: error, 403: error } as const;

/** A per-route ceiling of calls per minute, when rate limiting is on. */
export function limited(app: FastifyInstance, max: number): { rateLimit?: { max: number; timeWindow: string } } {
  return app.config.rateLimitEnabled ? { rateLimit: { max, timeWindow: '1 minute' } } : {};
}
