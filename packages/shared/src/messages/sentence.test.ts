import { describe, expect, it } from 'vitest';
import { asSentence } from './sentence';

describe('asSentence', () => {
  it('adds one full stop to a reason without one, and none to a reason that has its own', () => {
    expect(asSentence('Cobro duplicado')).toBe('Cobro duplicado.');
    expect(asSentence('Cobro duplicado.')).toBe('Cobro duplicado.');
    expect(asSentence('  Fondos insuficientes.  ')).toBe('Fondos insuficientes.');
    expect(asSentence('¿Tarjeta vencida?')).toBe('¿Tarjeta vencida?');
    expect(asSentence('Dijo «no más…»')).toBe('Dijo «no más…»');
  });
});
