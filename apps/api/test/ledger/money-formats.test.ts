// Money in any currency and receipt numbers read the same on every answer, email and PDF: the shared
// formatters (docs/product.md#money-currencies-and-formats), never a hand-made "40.00 USD" or "275".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatReceiptNumber } from '@donaciones/shared/format';
import type { MemberDashboardStats } from '@donaciones/shared/schemas/member';
import { emailOutbox } from '../../src/db/schema';
import { callers } from '../support/staff';
import { createTestApp, createUser, inject, openSession, pdfText, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => ctx?.close());

describe('money in other currencies and receipt numbers', () => {
  it('the approval email writes US$1,234.56 and the six-digit receipt number', async () => {
    const d = await make.donation(ctx.db, { amountCents: 123_456, currency: 'USD', status: 'pending', createdAt: new Date(Date.now() - 60_000), donorEmail: 'dolares@correo.gt' });
    const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${d.id}/approve`, token: who.admin.token, payload: {} });
    expect(res.statusCode).toBe(200);
    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'dolares@correo.gt'));
    expect(mail.textBody).toContain('US$1,234.56');
    expect(mail.textBody).not.toMatch(/1234\.56 USD/);
    expect(mail.textBody).toMatch(/\b\d{6}\b/);
  });

  it('a member’s activity and receipt PDF write US$40.00 and 000nnn like the screens', async () => {
    const u = await createUser(ctx.db, { roles: ['DONOR', 'USER'] });
    const { token } = await openSession(ctx.app, ctx.db, u.id);
    const d = await make.donation(ctx.db, { userId: u.id, donorEmail: u.email, amount: 40, currency: 'USD' });
    const stats = (await inject(ctx.app, { method: 'GET', url: '/api/v1/dashboard/stats', token })).json() as MemberDashboardStats;
    const completed = stats.recent_activity.find((a) => a.type === 'donation_completed');
    expect(completed?.message).toContain('US$40.00');

    const pdf = await inject(ctx.app, { method: 'GET', url: `/api/v1/receipts/${d.id}.pdf`, token });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('US$40.00');
    expect(text).toContain(formatReceiptNumber(d.receiptNumber as number));
    expect(formatReceiptNumber(d.receiptNumber as number)).toMatch(/^\d{6,}$/);
  });
});
