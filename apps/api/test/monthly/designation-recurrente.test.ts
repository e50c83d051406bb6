// A designated monthly gift charged by card through Recurrente (the local stand-in): the first payment
// and each renewal carry the gift's programme, the programme's total is what its completed charges
// add up to, and a refunded charge leaves it (docs/product.md#designation).
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@donaciones/shared/constants';
import { DEFAULT_SETTINGS } from '@donaciones/shared/schemas/settings';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import type { Database } from '../../src/db/client';
import { donations, programs, recurringGifts } from '../../src/db/schema';
import { putSettings } from '../../src/platform/settings';
import { type TestContext, createTestApp, inject } from '../support/helpers';
import { PAYING_CARD, RecurrenteStandIn, newWebhookSecret } from '../support/recurrente-stand-in';
import * as make from '../support/factory';

const PUBLIC_KEY = 'pk_test_standin';
const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = newWebhookSecret();

let standIn: RecurrenteStandIn;
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
let programId: number;

beforeAll(async () => {
  standIn = new RecurrenteStandIn({ publicKey: PUBLIC_KEY, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: null });
  await standIn.start();
  ctx = await createTestApp({
    config: { publicUrl: 'http://donaciones.prueba', rateLimitEnabled: false, payments: { provider: 'recurrente', publicKey: PUBLIC_KEY, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.apiUrl } },
  });
  app = ctx.app;
  db = ctx.db;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  standIn.webhookUrl = `http://127.0.0.1:${port}/api/v1/payments/recurrente/webhook`;
  await putSettings(db, 'system', { ...DEFAULT_SETTINGS.system, checkout_programs: true });
  const [row] = await db.insert(programs).values({ slug: `agua-${randomBytes(3).toString('hex')}`, name: 'Agua segura', goalCents: 1_000_000 }).returning({ id: programs.id });
  programId = row.id;
});

afterAll(async () => {
  await ctx?.close();
  await standIn?.stop();
});

const raised = async () => (await app.inject({ method: 'GET', url: '/api/v1/public/site' })).json<PublicSite>().programs.find((p) => p.id === programId)?.current_amount;

describe('a designated monthly gift by card', () => {
  it('every charge carries the programme; the total follows the completed charges, and a refunded charge leaves it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/donate',
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: { donorName: 'Marta Agua', email: `agua.${randomBytes(4).toString('hex')}@prueba.gt`, amount: 120, acceptTerms: true, frequency: 'monthly', programId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const giftId = res.json<PublicDonationResponse>().recurring_gift_id as number;
    const [pending] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    expect(pending.programId).toBe(programId);
    expect(await raised()).toBe(0);

    expect(await standIn.pay(pending.checkoutId as string, PAYING_CARD)).toEqual({ paid: true });
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
    expect(gift.status).toBe('active');
    await standIn.renew(gift.subscriptionId as string);
    await standIn.renew(gift.subscriptionId as string);

    const charges = await db.select().from(donations).where(eq(donations.recurringGiftId, giftId)).orderBy(asc(donations.id));
    expect(charges.map((d) => [d.status, d.programId])).toEqual([
      ['completed', programId],
      ['completed', programId],
      ['completed', programId],
    ]);
    expect(await raised()).toBe(360);

    const admin = await make.signIn(app, db, { roles: ['ADMIN'] });
    const refund = await inject(app, { method: 'POST', url: `/api/v1/admin/donations/${charges[0].id}/refund`, token: admin.token, payload: { reason: 'Cobro duplicado' } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await raised()).toBe(240);
  });
});
