// Counts of one are singular in the import and reconciliation summaries ("1 crédito", "1 rechazada"),
// as staff read them after a small file: "1 créditos · 1 confirmados" read as a mistake.
import { describe, expect, it } from 'vitest';
import { bankStatementsMessages } from './bank-statements';
import { importsMessages } from './imports';

describe('counts of one', () => {
  it('are singular in the reconciliation', () => {
    expect(bankStatementsMessages.screen.historyCounts(1, 1)).toBe('1 crédito · 1 confirmado');
    expect(bankStatementsMessages.screen.counts(1, 1, 0)).toBe('1 crédito · 1 por confirmar · 0 confirmados');
    expect(bankStatementsMessages.screen.historyCounts(2, 0)).toBe('2 créditos · 0 confirmados');
  });

  it('are singular in the import', () => {
    expect(importsMessages.screen.summary(1, 1, 1, 1)).toBe('1 se crea, 1 coincide con un donante existente, 1 ya importada, 1 rechazada.');
    expect(importsMessages.screen.summary(2, 0, 3, 0)).toBe('2 se crean, 0 coinciden con donantes existentes, 3 ya importadas, 0 rechazadas.');
    expect(importsMessages.screen.doneText(1, 0)).toBe('Se importó 1 línea.');
    expect(importsMessages.screen.doneText(1, 1)).toBe('Se importaron 2 líneas.');
  });
});
