// A deposit slip names the bank it was paid into: one of the organisation's visible bank accounts
// (docs/product.md#bank-deposits). Any other text, or a hidden account's bank, is refused in Spanish.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { donationAttachments } from '../../src/db/schema';
import { putSettings } from '../../src/platform/settings';
import { createTestApp, json, type TestContext } from '../support/helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await putSettings(ctx.db, 'bankAccounts', {
    accounts: [
      { id: 'bi', bank: 'Banco Industrial', accountType: 'monetaria', number: '000-123456-7', holder: 'Fundación Prueba', hidden: false, sortOrder: 0 },
      { id: 'bam', bank: 'BAM', accountType: 'monetaria', number: '9999-8888', holder: 'Fundación Prueba', hidden: true, sortOrder: 1 },
    ],
  });
});
afterAll(async () => {
  await ctx?.close();
});

let ip = 1;

async function newDeposit(): Promise<PublicDonationResponse> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/donate',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    payload: JSON.stringify({ donorName: 'Lucía Ajú', email: `lucia.${randomUUID()}@example.com`, amount: 250, paymentMethod: 'bank_deposit', acceptTerms: true }),
    remoteAddress: `10.9.0.${ip++}`,
  });
  expect(res.statusCode).toBe(201);
  return json<PublicDonationResponse>(res);
}

async function upload(d: PublicDonationResponse, bank: string) {
  const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  const query = new URLSearchParams({ token: d.deposit_token!, bank, depositDate: '2026-11-20', slipNumber: 'B-1', amount: '250.00', fileName: 'boleta.jpg' });
  return ctx.app.inject({ method: 'POST', url: `/api/v1/donations/${d.id}/slip?${query}`, headers: { 'content-type': 'application/octet-stream' }, payload: photo, remoteAddress: `10.9.1.${ip++}` });
}

describe("a slip's bank", () => {
  it('is refused with a Spanish 400 when it is not one of the visible accounts, and nothing is stored', async () => {
    const d = await newDeposit();
    for (const bank of ['Banco Inventado', 'BAM', '<script>']) {
      const res = await upload(d, bank);
      expect(res.statusCode).toBe(400);
      const body = json<{ detail: string; errors?: Record<string, string> }>(res);
      expect(body.detail).toBe(depositMessages.errors.bankUnknown);
      expect(body.errors?.bank).toBe(depositMessages.errors.bankUnknown);
    }
    expect(await ctx.db.select().from(donationAttachments).where(eq(donationAttachments.donationId, d.id))).toHaveLength(0);
  });

  it("is accepted when it names a visible account's bank, stored as the account writes it", async () => {
    const d = await newDeposit();
    const res = await upload(d, ' banco industrial ');
    expect(res.statusCode).toBe(201);
    const [slip] = await ctx.db.select().from(donationAttachments).where(eq(donationAttachments.donationId, d.id));
    expect(slip.bank).toBe('Banco Industrial');
  });
});
