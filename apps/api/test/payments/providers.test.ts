// The bank deposit and the simulated card are providers like Recurrente (docs/product.md#payments):
// one PaymentProvider each, a name stored on their donations, and who settles those donations. They
// open no checkout and send no webhook, so those calls are refused with the reason. Migration 0020
// names the deposit provider on the deposits recorded before it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client';
import { donations } from '../../src/db/schema';
import { depositProvider } from '../../src/domain/payments/deposit/provider';
import { ProviderError, WebhookSignatureError } from '../../src/domain/payments/provider';
import { cardProviderName, isSimulatedProvider, needsManualReview, settledByProvider, settlementOf } from '../../src/domain/payments/providers';
import { simulatedProvider } from '../../src/domain/payments/simulated/provider';
import { freshDatabase } from '../support/helpers';

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
  // The run's migrated database, opened as every file opens its own (within the hooks' time limit).
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('names the deposit provider on every bank deposit and leaves cards, goods and cash as they were', async () => {
    // Rows as they were stored before 0020, then 0020's own statement.
    const base = { donorName: 'Ana', donorEmail: 'ana@correo.gt', amountCents: 10_000, source: 'public', status: 'pending' } as const;
    await database.db.insert(donations).values([
      { ...base, referenceCode: '#MG00000001', donationType: 'monetary', paymentMethod: 'bank_deposit', paymentProvider: null },
      { ...base, referenceCode: '#MG00000002', donationType: 'monetary', paymentMethod: 'bank_deposit', paymentProvider: null, status: 'completed' },
      { ...base, referenceCode: '#MG00000003', donationType: 'monetary', paymentMethod: 'card', paymentProvider: 'simulated' },
      { ...base, referenceCode: '#MG00000004', donationType: 'goods', paymentMethod: null, paymentProvider: null },
    ]);
    const statement = readFileSync(path.join(migrationsFolder(), '0020_deposit-provider.sql'), 'utf8');
    await database.db.execute(sql.raw(statement));
    const rows = await database.db.select({ reference: donations.referenceCode, provider: donations.paymentProvider }).from(donations).orderBy(donations.referenceCode);
    expect(rows).toEqual([
      { reference: '#MG00000001', provider: 'deposit' },
      { reference: '#MG00000002', provider: 'deposit' },
      { reference: '#MG00000003', provider: 'simulated' },
      { reference: '#MG00000004', provider: null },
    ]);
  });
});
