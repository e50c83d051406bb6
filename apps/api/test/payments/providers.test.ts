// The bank deposit and the simulated card are providers like Recurrente (docs/product.md#payments):
// one PaymentProvider each, a name stored on their donations, and who settles those donations. They
// open no checkout and send no webhook, so those calls are refused with the reason. Migration 0020
// names the deposit provider on the deposits recorded before it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { embeddedExtensions, migrationsFolder } from '../../src/db/client';
import { depositProvider } from '../../src/domain/payments/deposit/provider';
import { ProviderError, WebhookSignatureError } from '../../src/domain/payments/provider';
import { cardProviderName, isSimulatedProvider, needsManualReview, settledByProvider, settlementOf } from '../../src/domain/payments/providers';
import { simulatedProvider } from '../../src/domain/payments/simulated/provider';

const checkout = { reference: '#MG00000001', itemName: 'Donación', amountCents: 10_000, currency: 'GTQ' as const, successUrl: 'https://a.gt/ok', cancelUrl: 'https://a.gt/no', expiresAt: new Date() };

describe('the providers without a gateway', () => {
  it('name who settles their donations: a gateway by its answer, the demo card by a charge, a deposit by staff review', () => {
    expect(settlementOf('recurrente')).toBe('gateway');
    expect(settlementOf('simulated')).toBe('charge');
    expect(settlementOf('deposit')).toBe('review');
    expect(settlementOf(null)).toBeNull();
    expect([depositProvider.name, depositProvider.settlement, simulatedProvider.name, simulatedProvider.settlement]).toEqual(['deposit', 'review', 'simulated', 'charge']);

    const of = (paymentProvider: string | null) => ({ paymentProvider });
    expect([settledByProvider(of('recurrente')), settledByProvider(of('simulated')), settledByProvider(of('deposit')), settledByProvider(of(null))]).toEqual([true, false, false, false]);
    expect([needsManualReview(of('recurrente')), needsManualReview(of('simulated')), needsManualReview(of('deposit')), needsManualReview(of(null))]).toEqual([false, false, true, true]);
    expect([isSimulatedProvider('simulated'), isSimulatedProvider('deposit'), isSimulatedProvider('recurrente'), isSimulatedProvider(null)]).toEqual([true, false, false, false]);
  });

  it('store the card provider on a card gift, and refuse to take the deposit as one', () => {
    expect(cardProviderName(null)).toBe('simulated');
    expect(cardProviderName({ name: 'recurrente' })).toBe('recurrente');
    expect(() => cardProviderName(depositProvider)).toThrow('deposit is not a card provider');
  });

  it('refuse the gateway calls with the reason, in Spanish, and every webhook', async () => {
    await expect(depositProvider.createCheckout(checkout)).rejects.toThrow(new ProviderError('El depósito bancario: no abre un pago en línea', null, null));
    await expect(simulatedProvider.refund('SIM-00000001')).rejects.toThrow('El pago simulado: no devuelve pagos por sí mismo');
    await expect(simulatedProvider.getSubscription('sub_1')).rejects.toBeInstanceOf(ProviderError);
    expect(() => depositProvider.verifyWebhook('{}', {})).toThrow(WebhookSignatureError);
  });
});

describe('migration 0020 on existing deposits', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'migraciones-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the deposit provider on every bank deposit and leaves cards, goods and cash as they were', async () => {
    const extended = new PGlite({ extensions: await embeddedExtensions() });
    const folder = path.join(dir, 'antes');
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0020');
    writeFileSync(journalPath, JSON.stringify(journal));
    const db = drizzle(extended);
    try {
      await migrate(db, { migrationsFolder: folder });
      await extended.exec(`
        INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, donation_type, status, source, payment_method, payment_provider)
        VALUES ('#MG00000001', 'Ana', 'ana@correo.gt', 10000, 'monetary', 'pending', 'public', 'bank_deposit', NULL),
               ('#MG00000002', 'Beto', 'beto@correo.gt', 20000, 'monetary', 'completed', 'service', 'bank_deposit', NULL),
               ('#MG00000003', 'Caro', 'caro@correo.gt', 30000, 'monetary', 'pending', 'public', 'card', 'simulated'),
               ('#MG00000004', 'Dani', 'dani@correo.gt', 40000, 'goods', 'pending', 'service', NULL, NULL);
      `);
      await migrate(db, { migrationsFolder: migrationsFolder() });
      const { rows } = await extended.query<{ reference_code: string; payment_provider: string | null }>('SELECT reference_code, payment_provider FROM donations ORDER BY reference_code');
      expect(rows).toEqual([
        { reference_code: '#MG00000001', payment_provider: 'deposit' },
        { reference_code: '#MG00000002', payment_provider: 'deposit' },
        { reference_code: '#MG00000003', payment_provider: 'simulated' },
        { reference_code: '#MG00000004', payment_provider: null },
      ]);
    } finally {
      await extended.close();
    }
    // Every migration from an empty database, on a machine other test files share.
  }, 180_000);
});
