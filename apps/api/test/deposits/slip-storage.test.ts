// The bound on slip storage (docs/product.md#bank-deposits): the quotas as settings (validated, only
// with settings.manage), uploads past the per-donation or the total quota refused in Spanish, the
// usage with its warning from 80%, and the purge of the slips of donations that ended without money
// after the retention period (the donation and its history stay, an audit event records the purge).
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { DEFAULT_SLIP_STORAGE, type SlipStorageAnswer } from '@donaciones/shared/schemas/deposits';
import { auditLog, donationAttachments, donations } from '../../src/db/schema';
import { purgeEndedSlips } from '../../src/domain/deposits/slip-storage';
import { putSettings } from '../../src/platform/settings';
import { createTestApp, json, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

const e = depositMessages.errors;
const s = depositMessages.storage;
const MB = 1024 * 1024;
let ctx: TestContext;
let admin: Caller;
let donor: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  donor = await make.signIn(ctx.app, ctx.db);
  await putSettings(ctx.db, 'bankAccounts', {
    accounts: [{ id: 'banrural', bank: 'Banrural', accountType: 'ahorro', number: '3-033-01234-5', holder: 'Fundación Prueba', hidden: false, sortOrder: 0 }],
  });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.db.delete(donationAttachments);
  await putSettings(ctx.db, 'slipStorage', DEFAULT_SLIP_STORAGE);
});

let ipCounter = 1;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** A readable PDF of about `bytes` bytes (kept as sent, so its size is what is stored), unique each time. */
function pdfOf(bytes: number): Buffer {
  const filler = randomBytes(Math.ceil(bytes / 2)).toString('hex').slice(0, bytes);
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n` +
      `3 0 obj\n<< /Length ${filler.length} >>\nstream\n${filler}\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

function upload(donationId: number, file: Buffer) {
  const query = new URLSearchParams({ bank: 'Banrural', depositDate: '2026-11-20', slipNumber: 'abc-123', amount: '100.00', fileName: 'boleta.pdf' });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/donations/${donationId}/slip?${query}`,
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${donor.token}` },
    payload: file,
    remoteAddress: nextIp(),
  });
}

const pendingDeposit = () => make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', userId: donor.id });

function putStorage(caller: Caller, payload: Record<string, number>) {
  return ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/settings/slip-storage', headers: { authorization: `Bearer ${caller.token}` }, payload });
}

/** A stored slip written straight into the table, `size` bytes as recorded. */
async function storedSlip(donationId: number, size = 1000) {
  const data = randomBytes(16);
  await ctx.db.insert(donationAttachments).values({
    donationId,
    fileName: 'boleta.pdf',
    contentType: 'application/pdf',
    sizeBytes: size,
    sha256: randomBytes(32).toString('hex'),
    data,
  });
}

describe('slip storage settings', () => {
  it('defaults to 25 MB a donation, 2048 MB in all and 90 days, and reads what the slips take', async () => {
    await storedSlip((await pendingDeposit()).id, 3 * MB);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/settings/slip-storage', headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(200);
    const body = json<SlipStorageAnswer>(res);
    expect(body.settings).toEqual({ per_donation_mb: 25, total_mb: 2048, retention_days: 90 });
    expect(body.used_bytes).toBe(3 * MB);
    expect(body.quota_bytes).toBe(2048 * MB);
    expect(body.warning).toBe(false);
  });

  it('saves valid limits with settings.manage, refuses bad ones in Spanish, and refuses staff without the permission', async () => {
    const finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
    expect((await putStorage(finance, { per_donation_mb: 10, total_mb: 100, retention_days: 30 })).statusCode).toBe(403);
    const saved = await putStorage(admin, { per_donation_mb: 10, total_mb: 100, retention_days: 30 });
    expect(saved.statusCode).toBe(200);
    expect(json<SlipStorageAnswer>(saved).settings).toEqual({ per_donation_mb: 10, total_mb: 100, retention_days: 30 });

    const above = await putStorage(admin, { per_donation_mb: 50, total_mb: 20, retention_days: 30 });
    expect(above.statusCode).toBe(400);
    expect(json(above).errors).toMatchObject({ per_donation_mb: s.perDonationAboveTotal });
    const short = await putStorage(admin, { per_donation_mb: 10, total_mb: 100, retention_days: 3 });
    expect(short.statusCode).toBe(400);
    expect(json(short).errors).toMatchObject({ retention_days: s.retentionRange });
    const fraction = await putStorage(admin, { per_donation_mb: 7.5, total_mb: 100, retention_days: 30 });
    expect(json(fraction).errors).toMatchObject({ per_donation_mb: s.perDonationRange });
  });

  it('warns from 80% of the total quota', async () => {
    await putStorage(admin, { per_donation_mb: 5, total_mb: 10, retention_days: 90 });
    const d = await pendingDeposit();
    await storedSlip(d.id, 4 * MB);
    await storedSlip((await pendingDeposit()).id, 4 * MB + 1);
    const body = json<SlipStorageAnswer>(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/settings/slip-storage', headers: { authorization: `Bearer ${admin.token}` } }));
    expect(body.used_percent).toBeGreaterThanOrEqual(80);
    expect(body.warning).toBe(true);
  });
});

describe('uploads within the quotas', { timeout: 90_000 }, () => {
  it('refuses a slip that takes the donation past its quota (409, Spanish), and keeps what it had', async () => {
    await putStorage(admin, { per_donation_mb: 5, total_mb: 100, retention_days: 90 });
    const d = await pendingDeposit();
    expect((await upload(d.id, pdfOf(2000))).statusCode).toBe(201);
    await storedSlip(d.id, 5 * MB - 3000);
    const next = await upload(d.id, pdfOf(2000));
    expect(next.statusCode).toBe(409);
    expect(json(next).detail).toBe(e.donationQuota(5));
    expect(await ctx.db.select({ id: donationAttachments.id }).from(donationAttachments).where(eq(donationAttachments.donationId, d.id))).toHaveLength(2);
  });

  it('refuses any slip once all slips would pass the total quota', async () => {
    await putStorage(admin, { per_donation_mb: 5, total_mb: 10, retention_days: 90 });
    await storedSlip((await pendingDeposit()).id, 5 * MB);
    await storedSlip((await pendingDeposit()).id, 5 * MB - 100);
    const d = await pendingDeposit();
    const res = await upload(d.id, pdfOf(2000));
    expect(res.statusCode).toBe(409);
    expect(json(res).detail).toBe(e.storageFull);
    await putStorage(admin, { per_donation_mb: 5, total_mb: 20, retention_days: 90 });
    expect((await upload(d.id, pdfOf(2000))).statusCode).toBe(201);
  });
});

describe('purge of the slips of donations that ended without money', () => {
  it('deletes them after the retention period, keeps the donation, its history and every other slip, and audits the purge', async () => {
    const old = new Date(Date.now() - 100 * 86_400_000);
    const recent = new Date(Date.now() - 10 * 86_400_000);
    const ended = await Promise.all(
      (['expired', 'failed', 'cancelled'] as const).map((status) => make.donation(ctx.db, { status, paymentMethod: 'bank_deposit', createdAt: old, updatedAt: old })),
    );
    const endedRecently = await make.donation(ctx.db, { status: 'expired', paymentMethod: 'bank_deposit', createdAt: recent, updatedAt: recent });
    const completed = await make.donation(ctx.db, { status: 'completed', paymentMethod: 'bank_deposit', createdAt: old, updatedAt: old });
    const pending = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', createdAt: old, updatedAt: old });
    for (const d of [...ended, endedRecently, completed, pending]) {
      await storedSlip(d.id);
      await storedSlip(d.id);
    }

    expect(await purgeEndedSlips(ctx.db)).toBe(6);
    const left = await ctx.db.select({ donationId: donationAttachments.donationId }).from(donationAttachments);
    expect(new Set(left.map((a) => a.donationId))).toEqual(new Set([endedRecently.id, completed.id, pending.id]));
    const rows = await ctx.db.select({ id: donations.id }).from(donations).where(inArray(donations.id, ended.map((d) => d.id)));
    expect(rows).toHaveLength(3);
    const events = await ctx.db
      .select({ entityId: auditLog.entityId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'donation.slips_purge'), inArray(auditLog.entityId, ended.map((d) => String(d.id)))));
    expect(events).toHaveLength(3);
    expect(events[0].details).toMatchObject({ retention_days: 90 });
    expect((events[0].details.attachments as unknown[]).length).toBe(2);

    // A shorter retention reaches the recent one; a second run finds nothing more.
    await putSettings(ctx.db, 'slipStorage', { ...DEFAULT_SLIP_STORAGE, retention_days: 7 });
    expect(await purgeEndedSlips(ctx.db)).toBe(2);
    expect(await purgeEndedSlips(ctx.db)).toBe(0);
  });
});
