// Schemas shared by every endpoint: the error answer, ids, paging.
import { z } from 'zod';
import { decimalId } from './fields';

export const errorResponseSchema = z
  .object({
    detail: z.string(),
    /** A machine-readable reason where the client acts on it (e.g. `DUPLICATE_MONTHLY_GIFT`). */
    code: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** A positive integer id taken from a path parameter, in decimal digits only. */
export const idParamSchema = z.object({ id: decimalId });

export const uuidParamSchema = z.object({
  id: z.uuid({ error: 'El identificador no es válido' }),
});
