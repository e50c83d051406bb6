// Schemas shared by every endpoint: the error answer, ids, paging.
import { z } from 'zod';
import { decimalId } from './fields';

export const errorResponseSchema = z
  .object({
    detail: z.string(),
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
