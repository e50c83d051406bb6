// Schemas shared by every endpoint: the error answer, ids, paging.
import { z } from 'zod';

export const errorResponseSchema = z
  .object({
    detail: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** A positive integer id taken from a path parameter. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'El identificador debe ser un número entero' })
    .int({ error: 'El identificador debe ser un número entero' })
    .positive({ error: 'El identificador debe ser un número entero positivo' })
    .max(2_147_483_647, { error: 'El identificador no es válido' }),
});

export const uuidParamSchema = z.object({
  id: z.uuid({ error: 'El identificador no es válido' }),
});
