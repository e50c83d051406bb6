// The demo's card gifts are paid as the simulated card pays them (docs/product.md#demo-data): by card
// through the simulated provider, a completed one with its payment id, so the register counts them as
// "Tarjeta" (not "Otro") and staff see the payment as for any card gift. Nothing refunds a simulated
// payment, and the staff screen says why instead of only lacking the Reembolsar button; a pending demo
// gift is not answered by the demo's card at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import type { AdminDonationPayment } from '@donaciones/shared/schemas/payments';
import { seedDemo } from '../../src/db/seed';
import { donations } from '../../src/db/schema';
import { answerSimulatedCards } from '../../src/domain/giving/simulated-payments';
import { simulatedPaymentId } from '../../src/domain/payments/simulated/simulated';
import { signedLinks } from '../../src/platform/signed-links';
import { type TestContext, createTestApp, createUser, openSession } from '../support/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.db, new Date());
}, 180_000);
afterAll(async () => ctx?.close());

describe('the demo card gifts', { timeout: 30_000 }, () => {
  it('are card payments of the simulated provider; a completed one carries its payment id', async () => {
    const cards = await ctx.db.select().from(donations).where(and(eq(donations.donationType, 'monetary'), eq(donations.source, 'seed')));
    const completed = cards.filter((d) => d.status === 'completed');
    expect(completed.length).toBeGreaterThan(100);
    for (const d of cards) expect(d.paymentMethod, d.referenceCode).toBe('card');
    for (const d of completed) expect({ provider: d.paymentProvider, id: d.paymentReference }).toEqual({ provider: 'simulated', id: simulatedPaymentId(d.referenceCode) });
  });

  it('a pending demo gift names no provider, so the demo card does not settle it at start', async () => {
    const pending = await ctx.db.select({ id: donations.id }).from(donations).where(and(eq(donations.status, 'pending'), eq(donations.source, 'seed'), isNull(donations.recurringGiftId)));
    expect(pending.length).toBeGreaterThan(0);
    expect(await answerSimulatedCards(ctx.db, { links: signedLinks(ctx.config.jwtSecret), publicUrl: ctx.config.publicUrl }, { afterMs: 0 })).toBe(0);
  });

  it("staff see the completed gift's payment and why it cannot be refunded from here", async () => {
    const [gift] = await ctx.db.select({ id: donations.id }).from(donations).where(and(eq(donations.status, 'completed'), eq(donations.paymentMethod, 'card'))).limit(1);
    const admin = await createUser(ctx.db, { roles: ['ADMIN'] });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/donations/${gift.id}/payment`, headers: { authorization: `Bearer ${(await openSession(ctx.app, ctx.db, admin.id)).token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminDonationPayment>()).toMatchObject({
      payment_provider: 'simulated',
      payment_method: 'card',
      refundable: false,
      refund_unavailable: paymentsMessages.refundUnavailable.noGateway,
    });
  });
});
