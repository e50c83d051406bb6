import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './http';
import { applyServerErrors } from './form-errors';

function badRequest(errors: Record<string, string>): HttpError {
  return new HttpError('Request failed with status code 400', 'ERR_BAD_REQUEST', undefined, { status: 400, headers: {}, config: undefined!, data: { detail: 'Datos inválidos', errors } });
}

type Values = { email: string; name: string; phone: string };

describe('applyServerErrors', () => {
  it('puts the listed fields’ messages on them, focusing only the first, and says it placed some', () => {
    const setError = vi.fn();
    const placed = applyServerErrors<Values>(setError, badRequest({ name: 'Falta el nombre', email: 'Correo inválido', _: 'General' }), ['email', 'name', 'phone']);
    expect(placed).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Correo inválido' }, { shouldFocus: true }],
      ['name', { type: 'server', message: 'Falta el nombre' }, { shouldFocus: false }],
    ]);
  });

  it('places nothing for a message on a field the form does not list, nor for an error without fields', () => {
    const setError = vi.fn();
    expect(applyServerErrors<Values>(setError, badRequest({ amount: 'Monto inválido' }), ['email'])).toBe(false);
    expect(applyServerErrors<Values>(setError, new Error('red caída'), ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it('without a list, takes every field the answer names except the general "_"', () => {
    const setError = vi.fn();
    applyServerErrors<Values>(setError, badRequest({ phone: 'Teléfono inválido', _: 'General' }));
    expect(setError.mock.calls).toEqual([['phone', { type: 'server', message: 'Teléfono inválido' }, { shouldFocus: true }]]);
  });
});
