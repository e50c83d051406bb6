// What the route files share: the OpenAPI pieces of their answers, the tag of the member area and
// the per-route limit.
import type { FastifyInstance } from 'fastify';
import { errorResponseSchema } from '@donaciones/shared/schemas/common';

export const error = errorResponseSchema;
export const bearer = [{ bearerAuth: [] }];
/** A signed-in route's refusals of bad input and of an anonymous caller. */
export const guarded = { 400: error, 401: error } as const;
/** What an admin route may answer before its handler: the ADMIN hook refuses before validation. */
export const refusals = { 401: error, 403: error } as const;
export const writeRefusals = { 400: error, 401: error, 403: error } as const;

export const MEMBER_TAG = 'mi cuenta';

/** A per-route ceiling of calls per minute, when rate limiting is on. */
export function limited(app: FastifyInstance, max: number): { rateLimit?: { max: number; timeWindow: string } } {
  return app.config.rateLimitEnabled ? { rateLimit: { max, timeWindow: '1 minute' } } : {};
}
