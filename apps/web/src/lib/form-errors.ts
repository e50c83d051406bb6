// The per-field messages of a 400 answer (docs/product.md#errors) shown on the form's own fields.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getFieldErrors } from './api-client';

/**
 * Puts each field message of `error` on its field, the first one focused, and says whether any was
 * placed. Only `fields` are taken when given (the caller shows the rest another way); otherwise every
 * field the answer names.
 */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fields?: readonly Path<T>[]): boolean {
  const messages = getFieldErrors(error);
  const names = fields ?? (Object.keys(messages).filter((name) => name !== '_') as Path<T>[]);
  let placed = false;
  for (const name of names) {
    const message = messages[name];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
