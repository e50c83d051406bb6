// The plain gift's one-statement path (domain/giving/donate-fast-path.ts): what it records is what the
// general path records, it records nothing whenever a rule is not met (the general path then answers
// with its message), and a key is used once even when requests race.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { publicDonationSchema, type PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { createTestApp, type TestContext } from '../support/helpers';
import { auditLog, donations, idempotencyKeys } from '../../src/db/schema';
import { DONATE_SCOPE } from '../../src/domain/giving/donate';
import { isPlainGift, recordPlainGift } from '../../src/domain/giving/donate-fast-path';
import { getSettings, putSettings } from '../../src/platform/settings';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const body = (over: Record<string, unknown> = {}) =>
  publicDonationSchema.parse({
    donorName: 'Lucía Ajú',
    email: 'lucia.aju@correo.gt',
    nit: '1234567-9',
    amount: 250.5,
    cardLast4: '4242',
    cardBrand: 'visa',
    acceptTerms: true,
    ...over,
  });

const claim = () => ({ scope: DONATE_SCOPE, key: randomUUID(), hash: 'h'.repeat(64), actor: null, ip: '10.9.0.1' });

let addressCount = 1;
function post(payload: Record<string, unknown>, key: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    payload: JSON.stringify(payload),
    remoteAddress: `10.9.1.${addressCount++}`,
  });
}

describe('plain gift in one statement', () => {
  it('takes only one-time quetzal card gifts of the simulated provider', () => {
    expect(isPlainGift(body(), false)).toBe(true);
    expect(isPlainGift(body(), true)).toBe(false);
    expect(isPlainGift(body({ currency: 'USD' }), false)).toBe(false);
    expect(isPlainGift(body({ coverFees: true }), false)).toBe(false);
    expect(isPlainGift(body({ frequency: 'monthly' }), false)).toBe(false);
    expect(isPlainGift(body({ paymentMethod: 'bank_deposit', cardLast4: undefined, cardBrand: undefined }), false)).toBe(false);
  });

  it('records the donation, its audit entry and the stored answer together', async () => {
    const c = claim();
    const answer = await recordPlainGift(ctx.db, { body: body(), ...c });
    expect(answer).not.toBeNull();
    const { id, reference_code } = answer!.body;
    expect(answer!.body).toMatchObject({ amount: 250.5, currency: 'GTQ', status: 'pending', card_last4: '4242', payment_provider: 'simulated' });

    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, id));
    expect(row).toMatchObject({ referenceCode: reference_code, amountCents: 25050, status: 'pending', donorNit: '1234567-9', donorTaxIdKind: 'nit', source: 'public', paymentProvider: 'simulated', paymentMethod: 'card' });
    expect(row.createdAt.toISOString()).toBe(answer!.body.created_at);

    const [key] = await ctx.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, c.scope), eq(idempotencyKeys.key, c.key)));
    expect(key.statusCode).toBe(201);
    expect(key.response).toEqual(answer!.body);
    expect(key.completedAt).not.toBeNull();

    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'donation'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'donation.create', ip: '10.9.0.1', details: { source: 'public', reference: reference_code, amount_cents: 25050, currency: 'GTQ' } });
  });

  it('records nothing when a rule is not met or the key is taken, so the general path answers', async () => {
    const system = await getSettings(ctx.db, 'system');
    const before = (await ctx.db.select({ id: donations.id }).from(donations)).length;
    try {
      await putSettings(ctx.db, 'system', { ...system, maintenance_mode: true });
      expect(await recordPlainGift(ctx.db, { body: body(), ...claim() })).toBeNull();
      await putSettings(ctx.db, 'system', { ...system, min_donation_amount: 10, max_donation_amount: 5000 });
      expect(await recordPlainGift(ctx.db, { body: body({ amount: 5000.01 }), ...claim() })).toBeNull();
      expect(await recordPlainGift(ctx.db, { body: body({ amount: 9.99 }), ...claim() })).toBeNull();
      // Consumidor final is refused from Q2,500 on (the general path says so on the NIT field).
      expect(await recordPlainGift(ctx.db, { body: { ...body(), nit: 'CF', amount: 3000 }, ...claim() })).toBeNull();
      const taken = claim();
      expect(await recordPlainGift(ctx.db, { body: body(), ...taken })).not.toBeNull();
      expect(await recordPlainGift(ctx.db, { body: body(), ...taken })).toBeNull();
    } finally {
      await putSettings(ctx.db, 'system', system);
    }
    expect((await ctx.db.select({ id: donations.id }).from(donations)).length).toBe(before + 1);
  });

  it('through the API: the answer, its replay, and one donation for ten racing requests with one key', async () => {
    const payload = { donorName: 'Pedro Xol', email: 'pedro.xol@correo.gt', amount: 75, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(payload, key)));
    expect(answers.map((a) => a.statusCode).every((s) => s === 201 || s === 409)).toBe(true);
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json<PublicDonationResponse>());
    expect(new Set(created.map((a) => a.id)).size).toBe(1);
    const rows = await ctx.db.select().from(donations).where(eq(donations.donorEmail, 'pedro.xol@correo.gt'));
    expect(rows).toHaveLength(1);

    const replay = await post(payload, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(created[0]);
    // The same key with another body is refused, as on the general path.
    expect((await post({ ...payload, amount: 76 }, key)).statusCode).toBe(422);
  });
});
