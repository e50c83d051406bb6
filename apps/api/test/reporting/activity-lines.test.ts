// The admin dashboard's recent activity says each audited step of the newer features in Spanish
// (deposits, bank statements, receipts, FEL, card payments, fiscal and bank account settings),
// never the raw action code.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activityMessage } from '../../src/domain/reporting/organisation-dashboard';
import type { TransitionAction } from '../../src/domain/ledger/types';

/** Every literal action the API's source hands to audit(), but the sign-in records the feed leaves out. */
function auditedActionsInSource(): string[] {
  const src = join(__dirname, '../../src');
  const found = new Set<string>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    for (const m of readFileSync(join(src, file), 'utf8').matchAll(/action: (?:first \? )?'([a-z_]+\.[a-z_.]+)'(?: : '([a-z_]+\.[a-z_]+)')?/g)) {
      for (const action of [m[1], m[2]]) if (action && !action.startsWith('auth.')) found.add(action);
    }
  }
  return [...found];
}

const line = (action: string, details: Record<string, unknown> = {}, actorEmail: string | null = 'admin@ejemplo.org') =>
  activityMessage({ action, actorEmail, details, entityId: '367' });

describe('admin activity lines', () => {
  it('names the deposit, statement, receipt, FEL and payment steps in Spanish', () => {
    expect(line('donation.slip_upload', {}, 'donante@ejemplo.org')).toBe('donante@ejemplo.org subió la boleta de depósito de la donación #367');
    expect(line('donation.slip_upload', { reference: '#MG85194331' }, null)).toBe('El donante subió la boleta de depósito de la donación #MG85194331');
    expect(line('bank_statement.import', { bank: 'Banrural', file_name: 'movimientos.csv' })).toBe('admin@ejemplo.org importó los movimientos de Banrural («movimientos.csv»)');
    expect(line('bank_statement.confirm', { reference: '#MG85194331' })).toBe('admin@ejemplo.org confirmó el depósito #MG85194331 con el estado de cuenta');
    expect(line('receipt.resend', { receipt: 'A-000303', to: 'donante@ejemplo.org' })).toBe('admin@ejemplo.org reenvió el recibo A-000303 a donante@ejemplo.org');
    expect(line('bank_statement.transfer_short', { line_number: 4 })).toBe(
      'La línea 4 del estado de cuenta trae la referencia de un apadrinamiento por menos de su cuota: quedó sin registrar para revisarla',
    );
    expect(line('sponsorship.released', { reason: 'child_left' })).toBe('Se liberó un lugar reservado sin pagar porque la niña o el niño salió del programa');
    expect(line('statement.resend', { year: 2026, to: 'donante@ejemplo.org' })).toBe('admin@ejemplo.org reenvió la constancia anual 2026 a donante@ejemplo.org');
    expect(line('receipt.fel_retry')).toBe('admin@ejemplo.org reintentó la certificación FEL del recibo de la donación #367');
    expect(line('donation.refund', { reference: '#MG1' })).toBe('admin@ejemplo.org reembolsó la donación #MG1');
    expect(line('donation.checkout_retry', { reference: '#MG1' }, null)).toBe('Se abrió un nuevo pago para la donación #MG1');
    expect(line('donation.payment_settled', {}, null)).toBe('La pasarela confirmó el pago de la donación #367');
  });

  it('names the fiscal data, bank accounts and card payment settings', () => {
    expect(line('settings.fiscal.update')).toBe('admin@ejemplo.org actualizó los datos fiscales de los recibos');
    expect(line('settings.bankAccounts.update')).toBe('admin@ejemplo.org actualizó las cuentas bancarias');
    expect(line('settings.payments.update')).toBe('admin@ejemplo.org actualizó los pagos con tarjeta');
  });

  it('says a card payment and a declined one in words', () => {
    expect(line('donation.pay', { reference: '#MG1' }, null)).toBe('La pasarela cobró la donación #MG1');
    expect(line('donation.decline', { reference: '#MG1' }, null)).toBe('La pasarela rechazó el pago de la donación #MG1');
  });

  it('never shows a stored action code, for every step the API records', () => {
    const transitions: TransitionAction[] = ['process', 'cancel', 'approve', 'reject', 'expire', 'pay', 'decline'];
    const settingsKeys = ['system', 'organization', 'impact', 'levels', 'payments', 'fiscal', 'bankAccounts'];
    const recorded = [
      ...transitions.map((a) => `donation.${a}`),
      ...settingsKeys.map((k) => `settings.${k}.update`),
      ...auditedActionsInSource(),
    ];
    expect(recorded.length).toBeGreaterThan(40);
    for (const action of recorded) {
      const text = line(action, { reference: '#MG1', email: 'a@ejemplo.org', name: 'Becas', title: 'Feria' });
      expect(text, action).not.toContain(action);
      expect(text.replace(/\S+@\S+/g, ''), action).not.toMatch(/\b[a-z_]+\.[a-z_]+\b/);
    }
    expect(line('algo.nuevo')).toBe('admin@ejemplo.org hizo un cambio');
  });
});
