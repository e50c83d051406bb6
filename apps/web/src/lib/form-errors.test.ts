import { describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { applyServerErrors } from './form-errors';

function badRequest(errors: Record<string, string>): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = { status: 400, statusText: '400', headers: {}, config, data: { detail: 'Datos inválidos', errors } } as AxiosResponse;
  return new AxiosError('Request failed with status code 400', AxiosError.ERR_BAD_REQUEST, config, {}, response);
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
