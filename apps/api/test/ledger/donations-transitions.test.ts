// process / cancel per role, the 409 race between every transition, DONOR on first completion,
// and the expiry job run by two processes at once (docs/product.md#the-donation-ledger, #accounts-and-sessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, donations, emailOutbox, users } from '../../src/db/schema';
import { expireStaleDonations } from '../../src/jobs/expire-donations';
import { transitionDonation } from '../../src/domain/ledger/transitions';
import { getSettings, putSettings } from '../../src/platform/settings';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import { rowsOf } from '../../src/db/rows';
import { ledgerVsTotals } from '../support/donations';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let owner: Caller;
let stranger: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  owner = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
  stranger = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
});
afterAll(async () => ctx?.close());

const act = (id: number, action: 'process' | 'cancel', token?: string) =>
  inject(ctx.app, { method: 'POST', url: `/api/v1/donations/${id}/${action}`, token });
const statusOf = async (id: number) => (await ctx.db.select({ s: donations.status }).from(donations).where(eq(donations.id, id)))[0].s;
const auditsOf = async (id: number) =>
  ctx.db
    .select({ action: auditLog.action, actor: auditLog.actorUserId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'donation'), eq(auditLog.entityId, String(id))));

describe('who may process and cancel', () => {
  it('refuses anonymous callers with 401 and changes nothing', async () => {
    const d = await make.donation(ctx.db, { status: 'pending', userId: owner.id });
    expect((await act(d.id, 'process')).statusCode).toBe(401);
    expect((await act(d.id, 'cancel')).statusCode).toBe(401);
    expect(await statusOf(d.id)).toBe('pending');
  });

  it('refuses process to USER and DONOR (even the owner) with 403', async () => {
    const d = await make.donation(ctx.db, { status: 'pending', userId: owner.id });
    for (const caller of [owner, stranger]) {
      const res = await act(d.id, 'process', caller.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect(await statusOf(d.id)).toBe('pending');
    expect(await auditsOf(d.id)).toEqual([]);
  });

  it('refuses cancel to a signed-in user who does not own the donation with 403', async () => {
    const d = await make.donation(ctx.db, { status: 'pending', userId: owner.id });
    const res = await act(d.id, 'cancel', stranger.token);
    expect(res.statusCode).toBe(403);
    const anonymousRow = await make.donation(ctx.db, { status: 'pending', userId: null });
    expect((await act(anonymousRow.id, 'cancel', stranger.token)).statusCode).toBe(403);
    expect(await statusOf(d.id)).toBe('pending');
  });

  it('lets the owner cancel their pending donation, audited', async () => {
    const d = await make.donation(ctx.db, { status: 'pending', userId: owner.id });
    const res = await act(d.id, 'cancel', owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: d.id, status: 'cancelled', can_cancel: false, can_process: false, completed_at: null });
    expect(await auditsOf(d.id)).toEqual([{ action: 'donation.cancel', actor: owner.id, details: expect.objectContaining({ from: 'pending', to: 'cancelled' }) }]);
    const again = await act(d.id, 'cancel', owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Solo se puede cambiar una donación pendiente.');
  });

  it('lets ADMIN cancel any pending donation', async () => {
    const d = await make.donation(ctx.db, { status: 'pending', userId: owner.id });
    const res = await act(d.id, 'cancel', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await auditsOf(d.id))[0]).toMatchObject({ action: 'donation.cancel', actor: admin.id });
  });

  it('ADMIN process completes a monetary donation with a receipt number and queues a thank-you email', async () => {
    const d = await make.donation(ctx.db, { status: 'pending', cardLast4: '4242', donorEmail: 'gracias@correo.gt' });
    const res = await act(d.id, 'process', admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: d.id, status: 'completed', failure_reason: null, can_process: false, can_cancel: false });
    expect(body.receipt_number).toEqual(expect.any(Number));
    expect(Date.parse(body.completed_at)).not.toBeNaN();
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'gracias@correo.gt')).orderBy(emailOutbox.id);
    // One email for the event: the thank-you carries the receipt's PDF (docs/product.md#email).
    expect(mails.map((m) => m.template)).toEqual(['donation-completed']);
    expect(mails[0].textBody).toContain(d.referenceCode);
    expect(mails[0].textBody).toContain('Adjuntamos tu constancia de donación');
    // One name for the one document: the PDF is a constancia until SAT certifies it, in the text's first line too.
    expect(mails[0].textBody).toMatch(/, constancia No\. A-\d{6}\)/);
    expect(mails[0].textBody).not.toMatch(/\brecibo\b/i);
    expect(mails[0].attachments).toEqual([{ kind: 'receipt', receiptId: expect.any(Number) }]);
    expect((await auditsOf(d.id))[0]).toMatchObject({ action: 'donation.process', actor: admin.id, details: expect.objectContaining({ to: 'completed' }) });
  });

  it.each([
    ['0002', 'Tarjeta rechazada por el emisor'],
    ['9995', 'Fondos insuficientes'],
    ['0069', 'Tarjeta vencida'],
  ])('ADMIN process of a donation paid with test card …%s fails it', async (last4, reason) => {
    const d = await make.donation(ctx.db, { status: 'pending', cardLast4: last4, donorEmail: `falla${last4}@correo.gt` });
    const res = await act(d.id, 'process', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', failure_reason: reason, completed_at: null, receipt_number: null });
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, `falla${last4}@correo.gt`))).toHaveLength(0);
    expect((await act(d.id, 'process', admin.token)).statusCode).toBe(409);
  });

  it.each(['goods', 'services'] as const)('ADMIN process marks %s as received (completed)', async (type) => {
    const d = await make.donation(ctx.db, { status: 'pending', donationType: type, cardLast4: '0002' });
    const res = await act(d.id, 'process', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', donation_type: type });
  });

  it.each(['completed', 'failed', 'cancelled', 'expired'] as const)('answers 409 to process and cancel of a %s donation', async (status) => {
    const d = await make.donation(ctx.db, { status: 'pending', userId: owner.id });
    await ctx.db.update(donations).set({ status }).where(eq(donations.id, d.id));
    expect((await act(d.id, 'process', admin.token)).statusCode).toBe(409);
    expect((await act(d.id, 'cancel', admin.token)).statusCode).toBe(409);
    expect((await act(d.id, 'cancel', owner.token)).statusCode).toBe(409);
    // Permission comes before state: a stranger is refused, not told the state.
    expect((await act(d.id, 'cancel', stranger.token)).statusCode).toBe(403);
    expect(await statusOf(d.id)).toBe(status);
  });

  it('answers 404 for an unknown donation and 400 for a malformed id', async () => {
    expect((await act(987_654, 'process', admin.token)).json()).toEqual({ detail: 'Donación no encontrada' });
    expect((await act(987_654, 'cancel', admin.token)).statusCode).toBe(404);
    expect((await act(987_654, 'cancel', owner.token)).statusCode).toBe(404);
    const bad = await inject(ctx.app, { method: 'POST', url: '/api/v1/donations/abc/process', token: admin.token });
    expect(bad.statusCode).toBe(400);
  });
});

describe('concurrent transitions of one donation', () => {
  it('lets exactly one of process, cancel, approve and reject win; the others get 409', async () => {
    for (let round = 0; round < 5; round++) {
      const d = await make.donation(ctx.db, { status: 'pending', userId: owner.id, cardLast4: '4242' });
      const outcomes = await Promise.allSettled([
        act(d.id, 'process', admin.token).then((r) => r.statusCode),
        act(d.id, 'cancel', owner.token).then((r) => r.statusCode),
        transitionDonation(ctx.db, { id: d.id, action: 'approve', actor: { id: admin.id, email: admin.email } }).then(() => 200),
        transitionDonation(ctx.db, { id: d.id, action: 'reject', actor: { id: admin.id, email: admin.email } }).then(() => 200),
      ]);
      const codes = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as { code?: string }).code === 'conflict' ? 409 : o.reason));
      expect(codes.filter((c) => c === 200), `round ${round}: ${codes.join(',')}`).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(3);
      const audits = await auditsOf(d.id);
      expect(audits).toHaveLength(1);
      const winner = ['donation.process', 'donation.cancel', 'donation.approve', 'donation.reject'][codes.indexOf(200)];
      expect(audits[0].action).toBe(winner);
      expect(await statusOf(d.id)).toBe({ 'donation.process': 'completed', 'donation.cancel': 'cancelled', 'donation.approve': 'completed', 'donation.reject': 'failed' }[winner]);
    }
    const { ledger, totals } = await ledgerVsTotals(ctx.db);
    expect(totals).toEqual(ledger);
    const stats = (await inject(ctx.app, { method: 'GET', url: '/api/v1/donations/stats', token: admin.token })).json();
    const byStatus: Record<string, { n: number; c: number }> = {};
    for (const [key, n, c] of ledger) {
      const status = key.split('/')[0];
      byStatus[status] = { n: (byStatus[status]?.n ?? 0) + n, c: (byStatus[status]?.c ?? 0) + c };
    }
    expect(stats).toMatchObject({
      count_completed: byStatus.completed?.n ?? 0,
      count_pending: byStatus.pending?.n ?? 0,
      count_failed: byStatus.failed?.n ?? 0,
      total_amount_completed: (byStatus.completed?.c ?? 0) / 100,
      total_amount_pending: (byStatus.pending?.c ?? 0) / 100,
    });
  });
});

describe('DONOR on the first completed donation (docs/product.md#accounts-and-sessions)', () => {
  it('adds DONOR as the main role of a verified account whose email donated, and links the donation', async () => {
    const account = await make.signIn(ctx.app, ctx.db, { roles: ['USER'], email: 'nueva.donante@correo.gt' });
    const d = await make.donation(ctx.db, { status: 'pending', donorEmail: 'nueva.donante@correo.gt', userId: null });
    expect((await act(d.id, 'process', admin.token)).json().status).toBe('completed');
    const [row] = await ctx.db.select({ roles: users.roles }).from(users).where(eq(users.id, account.id));
    expect(row.roles).toEqual(['DONOR', 'USER']);
    expect((await ctx.db.select({ u: donations.userId }).from(donations).where(eq(donations.id, d.id)))[0].u).toBe(account.id);
    // A second completed donation changes nothing more.
    const d2 = await make.donation(ctx.db, { status: 'pending', donorEmail: 'nueva.donante@correo.gt' });
    await act(d2.id, 'process', admin.token);
    expect((await ctx.db.select({ roles: users.roles }).from(users).where(eq(users.id, account.id)))[0].roles).toEqual(['DONOR', 'USER']);
  });

  it('does not add DONOR to an unverified account, nor on a failed or cancelled donation', async () => {
    const unverified = await make.signIn(ctx.app, ctx.db, { roles: ['USER'], email: 'sin.verificar@correo.gt', verified: false });
    const d = await make.donation(ctx.db, { status: 'pending', donorEmail: 'sin.verificar@correo.gt' });
    await act(d.id, 'process', admin.token);
    expect((await ctx.db.select({ roles: users.roles }).from(users).where(eq(users.id, unverified.id)))[0].roles).toEqual(['USER']);
    const verified = await make.signIn(ctx.app, ctx.db, { roles: ['USER'], email: 'fallida@correo.gt' });
    const failing = await make.donation(ctx.db, { status: 'pending', donorEmail: 'fallida@correo.gt', cardLast4: '0002' });
    await act(failing.id, 'process', admin.token);
    const cancelled = await make.donation(ctx.db, { status: 'pending', donorEmail: 'fallida@correo.gt' });
    await act(cancelled.id, 'cancel', admin.token);
    expect((await ctx.db.select({ roles: users.roles }).from(users).where(eq(users.id, verified.id)))[0].roles).toEqual(['USER']);
  });
});

describe('expiry of stale pending donations', () => {
  it('expires only donations pending longer than pending_expiry_days, once each, with two runs at once', async () => {
    const system = await getSettings(ctx.db, 'system');
    await putSettings(ctx.db, 'system', { ...system, pending_expiry_days: 10 });
    const day = 86_400_000;
    const old = [];
    for (let i = 0; i < 23; i++) old.push(await make.donation(ctx.db, { status: 'pending', createdAt: new Date(Date.now() - (11 + i) * day) }));
    const fresh = await make.donation(ctx.db, { status: 'pending', createdAt: new Date(Date.now() - 9 * day) });
    const oldButDone = await make.donation(ctx.db, { status: 'pending', createdAt: new Date(Date.now() - 40 * day) });
    await ctx.db.update(donations).set({ status: 'completed' }).where(eq(donations.id, oldButDone.id));

    const [a, b] = await Promise.all([expireStaleDonations(ctx.db, { batchSize: 5 }), expireStaleDonations(ctx.db, { batchSize: 5 })]);
    expect(a + b).toBe(old.length);
    for (const d of old) {
      expect(await statusOf(d.id)).toBe('expired');
      const audits = await auditsOf(d.id);
      expect(audits).toEqual([{ action: 'donation.expire', actor: null, details: expect.objectContaining({ from: 'pending', to: 'expired' }) }]);
    }
    expect(await statusOf(fresh.id)).toBe('pending');
    expect(await statusOf(oldButDone.id)).toBe('completed');
    expect(await expireStaleDonations(ctx.db)).toBe(0);
    // An expired donation is terminal.
    expect((await act(old[0].id, 'cancel', admin.token)).statusCode).toBe(409);
    const { ledger, totals } = await ledgerVsTotals(ctx.db);
    expect(totals).toEqual(ledger);
    await putSettings(ctx.db, 'system', system);
  });

  it('lets several runs of the expiry job move many donations at once without a deadlock on the running totals', async () => {
    const day = 86_400_000;
    const stale = [];
    for (let i = 0; i < 60; i++) stale.push(await make.donation(ctx.db, { status: 'pending', createdAt: new Date(Date.now() - (70 + (i % 5)) * day) }));
    // Six runs at once, five donations per transaction: each transaction changes the pending and the
    // expired totals five times over, as two processes' jobs would.
    const runs = await Promise.all(Array.from({ length: 6 }, () => expireStaleDonations(ctx.db, { batchSize: 5 })));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(stale.length);
    for (const d of stale) expect(await statusOf(d.id)).toBe('expired');
    const { ledger, totals } = await ledgerVsTotals(ctx.db);
    expect(totals).toEqual(ledger);
  });

  it('skips a donation locked by a transition in flight, which then wins', async () => {
    const day = 86_400_000;
    const d = await make.donation(ctx.db, { status: 'pending', createdAt: new Date(Date.now() - 60 * day) });
    const [cancelResult, expiredCount] = await Promise.all([
      transitionDonation(ctx.db, { id: d.id, action: 'cancel', actor: { id: admin.id, email: admin.email } }).then((r) => r.status, (e: { code: string }) => e.code),
      expireStaleDonations(ctx.db),
    ]);
    const final = await statusOf(d.id);
    // Whichever ran first owns the donation; never both.
    if (cancelResult === 'cancelled') {
      expect(final).toBe('cancelled');
      expect(expiredCount).toBe(0);
    } else {
      expect(cancelResult).toBe('conflict');
      expect(final).toBe('expired');
      expect(expiredCount).toBe(1);
    }
    expect(await auditsOf(d.id)).toHaveLength(1);
    const totalAudits = rowsOf<{ n: number | string }>(await ctx.db.execute(sql`SELECT count(*) AS n FROM audit_log WHERE entity_id = ${String(d.id)} AND entity_type = 'donation'`));
    expect(Number(totalAudits[0].n)).toBe(1);
  });
});
