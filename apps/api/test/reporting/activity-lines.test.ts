// The admin dashboard's recent activity says each audited step of the newer features in Spanish
// (deposits, bank statements, receipts, FEL, card payments, fiscal and bank account settings),
// never the raw action code.
import { describe, expect, it } from 'vitest';
import { activityMessage } from '../../src/domain/reporting/organisation-dashboard';

const line = (action: string, details: Record<string, unknown> = {}, actorEmail: string | null = 'admin@ejemplo.org') =>
  activityMessage({ action, actorEmail, details, entityId: '367' });

describe('admin activity lines', () => {
  it('names the deposit, statement, receipt, FEL and payment steps in Spanish', () => {
    expect(line('donation.slip_upload', {}, 'donante@ejemplo.org')).toBe('donante@ejemplo.org subió la boleta de depósito de la donación #367');
    expect(line('donation.slip_upload', { reference: '#MG85194331' }, null)).toBe('El donante subió la boleta de depósito de la donación #MG85194331');
    expect(line('bank_statement.import', { bank: 'Banrural', file_name: 'movimientos.csv' })).toBe('admin@ejemplo.org importó los movimientos de Banrural («movimientos.csv»)');
    expect(line('bank_statement.confirm', { reference: '#MG85194331' })).toBe('admin@ejemplo.org confirmó el depósito #MG85194331 con el estado de cuenta');
    expect(line('receipt.resend', { receipt: 'A-000303', to: 'donante@ejemplo.org' })).toBe('admin@ejemplo.org reenvió el recibo A-000303 a donante@ejemplo.org');
    expect(line('statement.resend', { year: 2026, to: 'donante@ejemplo.org' })).toBe('admin@ejemplo.org reenvió la constancia anual 2026 a donante@ejemplo.org');
    expect(line('receipt.fel_retry')).toBe('admin@ejemplo.org reintentó la certificación FEL del recibo de la donación #367');
    expect(line('donation.refund', { reference: '#MG1' })).toBe('admin@ejemplo.org reembolsó la donación #MG1');
    expect(line('donation.checkout_retry', { reference: '#MG1' }, null)).toBe('Se abrió un nuevo pago para la donación #MG1');
    expect(line('donation.payment_settled', {}, null)).toBe('La pasarela confirmó el pago de la donación #367');
  });

  it('names the fiscal data and bank accounts settings', () => {
    expect(line('settings.fiscal.update')).toBe('admin@ejemplo.org actualizó los datos fiscales de los recibos');
    expect(line('settings.bankAccounts.update')).toBe('admin@ejemplo.org actualizó las cuentas bancarias');
  });
});
