// Counts of one are singular ("1 crédito", "1 rechazada", "1 donante único") in the import, the reconciliation, the reports,
// the dashboard and the letters to print, as staff read them after a small file or a quiet month: "1 créditos · 1 confirmados" read as a mistake.
import { describe, expect, it } from 'vitest';
import { adminMessages } from './admin';
import { bankStatementsMessages } from './bank-statements';
import { importsMessages } from './imports';
import { letterMessages } from './letters';
import { monthlyAdminMessages } from './monthly-admin';

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

  it('are singular in the monthly giving report', () => {
    const r = monthlyAdminMessages.reports;
    expect(r.cancelledInPeriod(1, '1')).toBe('1 cancelada en el período');
    expect(r.cancelledInPeriod(1204, '1,204')).toBe('1,204 canceladas en el período');
    expect(r.activeGiftsCount(1, '1')).toBe('1 donación mensual activa');
    expect(r.activeGiftsCount(0, '0')).toBe('0 donaciones mensuales activas');
  });

  it('are singular on the dashboard, in the reports and on the letters to print', () => {
    expect(adminMessages.dashboard.activeUsers(1, '1')).toBe('1 activo');
    expect(adminMessages.dashboard.activeUsers(1204, '1,204')).toBe('1,204 activos');
    expect(adminMessages.dashboard.approvedCount(1, '1')).toBe('1 donación aprobada');
    expect(adminMessages.dashboard.approvedCount(2, '2')).toBe('2 donaciones aprobadas');
    expect(adminMessages.reports.uniqueDonorsCount(1, '1')).toBe('1 donante único');
    expect(adminMessages.reports.uniqueDonorsCount(15, '15')).toBe('15 donantes únicos');
    expect(letterMessages.printCount(1)).toBe('1 carta');
    expect(letterMessages.printCount(3)).toBe('3 cartas');
  });
});
