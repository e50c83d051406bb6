import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_DONATION_STATUS } from '@donaciones/shared/constants';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import { emailMessages } from '../../src/messages/email';
import { auditLog, donations, emailOutbox } from '../../src/db/schema';
import { callers, expectAdminOnly } from '../support/staff';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => ctx?.close());

const list = (query = '') => inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations${query}`, token: who.admin.token });
const act = (id: number | string, action: 'approve' | 'reject', token = who.admin.token) =>
  inject(ctx.app, {
    method: 'POST',
    url: `/api/v1/admin/donations/${id}/${action}`,
    token,
    ...(action === 'reject' ? { payload: { reason: 'El depósito no aparece en el banco' } } : {}),
  });

describe('admin donations: access', () => {
  it.each([
    ['GET', '/api/v1/admin/donations'],
    ['POST', '/api/v1/admin/donations/1/approve'],
    ['POST', '/api/v1/admin/donations/1/reject'],
  ] as const)('%s %s is 401 anonymous and 403 for DONOR and USER', async (method, url) => {
    expect(await expectAdminOnly(ctx.app, who, { method, url })).toEqual({ anonymous: 401, donor: 403, user: 403 });
  });

  it('a DONOR cannot approve even their own pending donation', async () => {
    const own = await make.donation(ctx.db, { amountCents: 5000, createdAt: new Date(), status: 'pending', userId: who.donor.id, donorEmail: who.donor.email });
    expect((await act(own.id, 'approve', who.donor.token)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, own.id));
    expect(row.status).toBe('pending');
  });
});

describe('admin donations: list', () => {
  it('shows the admin view of every stored status', async () => {
    const rows = await Promise.all(
      (['pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded'] as const).map((status, i) =>
        make.donation(ctx.db, { amountCents: 1000 * (i + 1) + 50, status, createdAt: minutesAgo(100 - i), donorName: `Estado ${status}` }),
      ),
    );
    const body = (await list('?limit=100')).json();
    const shown = Object.fromEntries(
      body.donations.filter((d: { id: number }) => rows.some((r) => r.id === d.id)).map((d: { donor_name: string; status: string }) => [d.donor_name, d.status]),
    );
    expect(shown).toEqual({
      'Estado pending': 'PENDING',
      'Estado completed': 'APPROVED',
      'Estado failed': 'DECLINED',
      'Estado cancelled': 'CANCELLED',
      'Estado expired': 'EXPIRED',
      'Estado refunded': 'REFUNDED',
    });
    const first = body.donations.find((d: { id: number }) => d.id === rows[0].id);
    expect(first).toEqual({
      id: rows[0].id,
      donor_name: 'Estado pending',
      donor_email: rows[0].donorEmail,
      donor_anonymous: false,
      amount: 10.5,
      currency: 'GTQ',
      gtq_amount: null,
      donation_type: 'monetary',
      status: 'PENDING',
      created_at: rows[0].createdAt.toISOString(),
      dated_by_day: false,
      reference_code: rows[0].referenceCode,
      payment_provider: null,
      manual_review: true,
      // Not a bank deposit: no slip to review (docs/product.md#bank-deposits).
      payment_method: null,
      deposit: null,
      // Not entered at the office (docs/product.md#staff-gift-entry).
      office_entry: null,
      // No month is closed here (docs/product.md#the-register-and-the-close).
      dated_in_closed_month: false,
    });
  });

  it('shows a dollar gift in dollars, with its quetzal value beside it', async () => {
    const usd = await make.donation(ctx.db, { amountCents: 5000, currency: 'USD', gtqCents: 38_500, exchangeRate: '7.70', exchangeRateDate: '2026-11-20', createdAt: minutesAgo(1) });
    const body = (await list('?limit=100')).json();
    expect(body.donations.find((d: { id: number }) => d.id === usd.id)).toMatchObject({ amount: 50, currency: 'USD', gtq_amount: 385 });
  });

  it('counts the whole queue and each status as the ledger does, after gifts move between states', async () => {
    const moved = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', createdAt: minutesAgo(7) });
    await make.donation(ctx.db, { status: 'failed', createdAt: minutesAgo(6) });
    await make.donation(ctx.db, { status: 'completed', createdAt: minutesAgo(4) });
    expect((await act(moved.id, 'approve')).statusCode).toBe(200);
    const stored = await ctx.db.select({ status: donations.status }).from(donations);
    expect((await list('?limit=1')).json().total).toBe(stored.length);
    for (const [status, shown] of Object.entries(ADMIN_DONATION_STATUS)) {
      const res = await list(`?status=${shown}&limit=1`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ total: stored.filter((d) => d.status === status).length, total_capped: false });
    }
  });

  it('filters by status (any case), searches email, name or reference, and pages with a total', async () => {
    const target = await make.donation(ctx.db, { amountCents: 7700, status: 'pending', createdAt: minutesAgo(5), donorName: 'Valeria Méndez', donorEmail: 'valeria.mendez@correo.gt' });
    const pending = (await list('?status=pending&limit=100')).json();
    expect(pending.donations.every((d: { status: string }) => d.status === 'PENDING')).toBe(true);
    expect(pending.total).toBe(pending.donations.length);

    expect((await list('?q=valeria.mendez%40correo')).json().donations.map((d: { id: number }) => d.id)).toEqual([target.id]);
    expect((await list(`?q=${encodeURIComponent('valeria méndez')}`)).json().donations.map((d: { id: number }) => d.id)).toEqual([target.id]);
    expect((await list(`?q=${encodeURIComponent(target.referenceCode)}`)).json().donations.map((d: { id: number }) => d.id)).toEqual([target.id]);
    expect((await list(`?q=${target.referenceCode.slice(1)}`)).json().total).toBe(1);
    expect((await list('?q=valeria&status=APPROVED')).json().total).toBe(0);

    const page = (await list('?limit=2&offset=1')).json();
    const all = (await list('?limit=100')).json();
    expect(page).toMatchObject({ limit: 2, offset: 1, total: all.total });
    expect(page.donations.map((d: { id: number }) => d.id)).toEqual(all.donations.slice(1, 3).map((d: { id: number }) => d.id));
    // Most recent first, with the default page size of docs/product.md#limits-and-constants.
    expect((await list()).json().limit).toBe(20);
    const times = all.donations.map((d: { created_at: string }) => d.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('rejects an unknown status or a bad limit with 400', async () => {
    const res = await list('?status=APROBADA');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.status).toBe(adminMessages.validation.statusInvalid);
    expect((await list('?limit=101')).statusCode).toBe(400);
  });
});

describe('admin donations: approve and reject', () => {
  it('approving completes the donation, assigns a receipt, queues the donor email in the same transaction and audits it', async () => {
    const d = await make.donation(ctx.db, { amountCents: 18_500, status: 'pending', createdAt: minutesAgo(3), donorName: 'José Barrios', donorEmail: 'jose.barrios@correo.gt' });
    const res = await act(d.id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: d.id, status: 'APPROVED', amount: 185, reference_code: d.referenceCode });

    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, d.id));
    expect(row.status).toBe('completed');
    expect(row.receiptNumber).not.toBeNull();
    expect(row.completedAt).not.toBeNull();

    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'jose.barrios@correo.gt')).orderBy(emailOutbox.id);
    // One email for the event: the approval carries the receipt's PDF (docs/product.md#email).
    expect(mails.map((m) => m.template)).toEqual(['donation-approved']);
    const [approved] = mails;
    expect(approved.attachments).toEqual([{ kind: 'receipt', receiptId: expect.any(Number) }]);
    expect(approved.textBody).toContain('Adjuntamos tu constancia de donación');
    expect(approved).toMatchObject({ template: 'donation-approved', subject: emailMessages.admin.approvedSubject(d.referenceCode) });
    expect(approved.textBody).toContain(d.referenceCode);
    expect(approved.textBody.replace(/\u00a0/g, ' ')).toMatch(/Q\s?185\.00/);

    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'donation.approve'), eq(auditLog.entityId, String(d.id))));
    expect(entry).toMatchObject({ actorUserId: who.admin.id, actorEmail: who.admin.email });

    const again = await act(d.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(donationsMessages.notPending);
    expect((await act(d.id, 'reject')).statusCode).toBe(409);
    // The refused second decisions queued nothing more.
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'jose.barrios@correo.gt'))).toHaveLength(1);
  });

  it('rejecting declines the donation with its reason, emails the donor once, and only once', async () => {
    const d = await make.donation(ctx.db, { amountCents: 3500, status: 'pending', createdAt: minutesAgo(2), donorEmail: 'rechazo@correo.gt' });
    const res = await act(d.id, 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('DECLINED');
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, d.id));
    expect(row).toMatchObject({ status: 'failed', receiptNumber: null });
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'rechazo@correo.gt'))).toHaveLength(1);
    expect((await act(d.id, 'reject')).statusCode).toBe(409);
    expect((await act(d.id, 'approve')).statusCode).toBe(409);
  });

  it('two concurrent decisions on one donation: exactly one wins, the other gets 409', async () => {
    const d = await make.donation(ctx.db, { amountCents: 9900, status: 'pending', createdAt: minutesAgo(1), donorEmail: 'carrera@correo.gt' });
    const results = await Promise.all([act(d.id, 'approve'), act(d.id, 'reject'), act(d.id, 'approve')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, String(d.id)));
    expect(entries.filter((e) => e.entityType === 'donation')).toHaveLength(1);
  });

  it('answers 404 for an unknown donation and 400 for a malformed id', async () => {
    expect((await act(987_654, 'approve')).statusCode).toBe(404);
    expect((await act('abc', 'reject')).statusCode).toBe(400);
    expect((await act(-3, 'approve')).statusCode).toBe(400);
  });
});
