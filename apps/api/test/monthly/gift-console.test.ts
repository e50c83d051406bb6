// The staff side of monthly giving on a controlled set of gifts and charges: the list's filters and
// pages, a gift's detail with its charges, and every report and dashboard figure, counted by hand
// from the rows below and read back from the CSV, Excel and PDF exports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import type { AdminMonthlyGiftDetail, AdminMonthlyGiftList } from '@donaciones/shared/schemas/monthly-admin';
import { auditLog, emailOutbox, recurringGifts } from '../../src/db/schema';
import { activityMessage, adminDashboardStats } from '../../src/domain/reporting/organisation-dashboard';
import { computeAnalytics } from '../../src/domain/reporting/analytics';
import { reportCsv, reportPdf, reportXlsx } from '../../src/domain/reporting/exports';
import { callers, expectAdminOnly } from '../support/staff';
import { createTestApp, inject, pdfText, type TestContext } from '../support/helpers';
import { parseCsv } from '../support/csv';
import * as make from '../support/factory';

const mg = monthlyAdminMessages.reports;
let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;

/** A wall-clock time in Guatemala (UTC-6, no daylight saving time) as an instant. */
const gt = (local: string) => new Date(`${local}-06:00`);
/** "Today" of the dataset: Saturday 15 March 2025, noon in Guatemala; the quarter began 1 January. */
const NOW = gt('2025-03-15T12:00:00');

const ids: Record<string, number> = {};

async function gift(
  key: string,
  values: { name: string; email: string; amountCents: number; currency?: string; status: 'incomplete' | 'active' | 'past_due' | 'paused' | 'cancelled'; started?: string; cancelled?: string; replaces?: string; cancelledBy?: 'donor' | 'staff' | 'provider' },
) {
  const createdAt = gt(values.started ?? '2025-03-05T08:00:00');
  const [row] = await ctx.db
    .insert(recurringGifts)
    .values({
      provider: 'simulated',
      subscriptionId: `su_${key}`,
      donorName: values.name,
      donorEmail: values.email,
      amountCents: values.amountCents,
      currency: values.currency ?? 'GTQ',
      status: values.status,
      startedAt: values.started ? gt(values.started) : null,
      cancelledAt: values.cancelled ? gt(values.cancelled) : null,
      cancelledBy: values.cancelled ? (values.cancelledBy ?? 'donor') : null,
      replacesGiftId: values.replaces ? ids[values.replaces] : null,
      nextChargeAt: values.status === 'cancelled' ? null : gt('2025-04-10T10:00:00'),
      createdAt,
    })
    .returning({ id: recurringGifts.id });
  ids[key] = row.id;
}

async function charge(key: string, local: string, status: 'completed' | 'failed' = 'completed') {
  const [row] = await ctx.db.select().from(recurringGifts).where(eqId(ids[key]));
  return make.donation(ctx.db, {
    amountCents: row.amountCents,
    currency: row.currency,
    gtqCents: row.currency === 'USD' ? Math.round(row.amountCents * 7.7) : null,
    donorName: row.donorName,
    donorEmail: row.donorEmail,
    status,
    createdAt: gt(local),
    recurringGiftId: ids[key],
  });
}

const eqId = (id: number) => eq(recurringGifts.id, id);

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
  // Fer: Q60 from 1 October to 20 December 2024 (ended before the quarter).
  await gift('G8', { name: 'Fer Gómez', email: 'fer@correo.gt', amountCents: 6_000, status: 'cancelled', started: '2024-10-01T10:00:00', cancelled: '2024-12-20T10:00:00' });
  // Elena: Q80 from 15 November, replaced on 3 March by Q120 (a change of amount).
  await gift('G6', { name: 'Elena Xoc', email: 'elena@correo.gt', amountCents: 8_000, status: 'cancelled', started: '2024-11-15T10:00:00', cancelled: '2025-03-03T09:05:00' });
  // Ana: Q100 from 10 December.
  await gift('G1', { name: 'Ana Pérez', email: 'ana@correo.gt', amountCents: 10_000, status: 'active', started: '2024-12-10T10:00:00' });
  // Bruno: Q250 from 5 January, cancelled 20 February after a failed renewal on the 18th.
  await gift('G2', { name: 'Bruno Castillo', email: 'bruno@correo.gt', amountCents: 25_000, status: 'cancelled', started: '2025-01-05T10:00:00', cancelled: '2025-02-20T10:00:00' });
  // Gabi: paused (left out of every figure).
  await gift('G9', { name: 'Gabi Chen', email: 'gabi@correo.gt', amountCents: 4_000, status: 'paused', started: '2025-01-20T10:00:00' });
  // Carla: US$20 (Q154.00 at the default 7.70) from 1 February, past due since a failed renewal on 1 March.
  await gift('G3', { name: 'Carla Juárez', email: 'carla@correo.gt', amountCents: 2_000, currency: 'USD', status: 'past_due', started: '2025-02-01T10:00:00' });
  // Ana again (her email in capitals): Q50 from 2 March.
  await gift('G4', { name: 'Ana Pérez', email: 'ANA@correo.gt', amountCents: 5_000, status: 'active', started: '2025-03-02T10:00:00' });
  await gift('G7', { name: 'Elena Xoc', email: 'elena@correo.gt', amountCents: 12_000, status: 'active', started: '2025-03-03T09:00:00', replaces: 'G6' });
  // Diego: the first payment failed, never started.
  await gift('G5', { name: 'Diego Ajú', email: 'diego@correo.gt', amountCents: 7_500, status: 'incomplete' });
  // Fifteen unpaid checkouts (Q10, never started) to fill a second page; left out of every figure.
  for (let i = 1; i <= 15; i++) {
    await gift(`F${i}`, { name: `Relleno ${i}`, email: `relleno${i}@correo.gt`, amountCents: 1_000, status: 'incomplete' });
    await ctx.db.update(recurringGifts).set({ createdAt: gt(`2024-01-${String(i).padStart(2, '0')}T08:00:00`) }).where(eqId(ids[`F${i}`]));
  }

  for (const day of ['2024-10-01', '2024-11-01', '2024-12-01']) await charge('G8', `${day}T10:00:00`);
  for (const day of ['2024-11-15', '2024-12-15', '2025-01-15', '2025-02-15']) await charge('G6', `${day}T10:00:00`);
  for (const day of ['2024-12-10', '2025-01-10', '2025-02-10', '2025-03-10']) await charge('G1', `${day}T10:00:00`);
  await charge('G2', '2025-01-05T10:00:00');
  await charge('G2', '2025-02-05T10:00:00');
  await charge('G2', '2025-02-18T10:00:00', 'failed');
  await charge('G3', '2025-02-01T10:00:00');
  await charge('G3', '2025-03-01T10:00:00', 'failed');
  await charge('G4', '2025-03-02T10:00:00');
  await charge('G7', '2025-03-03T09:00:00');
  await charge('G5', '2025-03-05T08:00:00', 'failed');
});
afterAll(async () => ctx?.close());

const list = async (query = '') => {
  const res = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/monthly-gifts${query}`, token: who.admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminMonthlyGiftList;
};
const names = (l: AdminMonthlyGiftList) => l.gifts.map((g) => g.id);

describe('GET /admin/monthly-gifts', () => {
  it('newest first, 20 a page, with the total', async () => {
    const first = await list();
    expect(first.total).toBe(24);
    expect(first.pageSize).toBe(20);
    expect(first.gifts).toHaveLength(20);
    expect(first.gifts[0].id).toBe(ids.G5);
    const second = await list('?page=2');
    expect(second.page).toBe(2);
    // The four oldest: fillers created 1 to 4 January 2024, newest first.
    expect(names(second)).toEqual([ids.F4, ids.F3, ids.F2, ids.F1]);
  });

  it('filters by status, monthly amount in quetzales (a dollar gift by its equivalent) and start date', async () => {
    expect(names(await list('?status=active')).sort()).toEqual([ids.G1, ids.G4, ids.G7].sort());
    expect(names(await list('?status=past_due'))).toEqual([ids.G3]);
    // At least Q100: Ana Q100, Bruno Q250, Carla US$20 = Q154, Elena Q120.
    expect(names(await list('?minAmount=100')).sort()).toEqual([ids.G1, ids.G2, ids.G3, ids.G7].sort());
    expect(names(await list('?minAmount=100&maxAmount=200')).sort()).toEqual([ids.G1, ids.G3, ids.G7].sort());
    // Typed as staff write amounts: the comma groups thousands, Q may lead; a blank filter is none.
    expect(names(await list(`?minAmount=${encodeURIComponent('Q100.00')}&maxAmount=${encodeURIComponent('200')}`)).sort()).toEqual([ids.G1, ids.G3, ids.G7].sort());
    expect((await list('?minAmount=&maxAmount=99.99')).total).toBe(5 + 15);
    expect((await list('?maxAmount=99.99')).total).toBe(5 + 15); // G4, G5, G6, G8, G9 and the fillers
    // Started on or after 1 February (Guatemala): Carla, Ana's second, Elena's new one.
    expect(names(await list('?since=2025-02-01')).sort()).toEqual([ids.G3, ids.G4, ids.G7].sort());
  });

  it('the gift as staff see it: donor, amount, charges so far and total given', async () => {
    const ana = (await list('?status=active')).gifts.find((g) => g.id === ids.G1)!;
    expect(ana).toMatchObject({ donorName: 'Ana Pérez', donorEmail: 'ana@correo.gt', amountCents: 10_000, currency: 'GTQ', chargesCount: 4, totalGivenCents: 40_000, provider: 'simulated' });
    const bruno = (await list('?status=cancelled')).gifts.find((g) => g.id === ids.G2)!;
    expect(bruno).toMatchObject({ chargesCount: 2, totalGivenCents: 50_000, cancelledBy: 'donor', nextChargeAt: null });
  });

  it('refuses bad filters with Spanish messages', async () => {
    const bad = async (query: string) => {
      const res = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/monthly-gifts${query}`, token: who.admin.token });
      expect(res.statusCode).toBe(400);
      return JSON.stringify(res.json());
    };
    expect(await bad('?status=ACTIVA')).toContain(monthlyAdminMessages.validation.statusInvalid);
    expect(await bad('?minAmount=300&maxAmount=100')).toContain(monthlyAdminMessages.validation.amountRange);
    expect(await bad('?minAmount=-1')).toContain(monthlyAdminMessages.validation.amountInvalid);
    expect(await bad(`?minAmount=${encodeURIComponent('1,5')}`)).toContain(monthlyAdminMessages.validation.amountInvalid);
    expect(await bad('?page=0')).toContain(monthlyAdminMessages.validation.pageInvalid);
  });

  it('is ADMIN only', async () => {
    expect(await expectAdminOnly(ctx.app, who, { method: 'GET', url: '/api/v1/admin/monthly-gifts' })).toEqual({ anonymous: 401, donor: 403, user: 403 });
    expect(await expectAdminOnly(ctx.app, who, { method: 'GET', url: `/api/v1/admin/monthly-gifts/${ids.G1}` })).toEqual({ anonymous: 401, donor: 403, user: 403 });
  });
});

describe('GET /admin/monthly-gifts/:id', () => {
  it('the gift with its charges, newest first', async () => {
    const res = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/monthly-gifts/${ids.G2}`, token: who.admin.token });
    expect(res.statusCode).toBe(200);
    const g = res.json() as AdminMonthlyGiftDetail;
    expect(g).toMatchObject({ id: ids.G2, subscriptionId: 'su_G2', status: 'cancelled', chargesCount: 2, replacesGiftId: null });
    expect(g.charges.map((c) => [c.status, c.amountCents, c.createdAt])).toEqual([
      ['DECLINED', 25_000, gt('2025-02-18T10:00:00').toISOString()],
      ['APPROVED', 25_000, gt('2025-02-05T10:00:00').toISOString()],
      ['APPROVED', 25_000, gt('2025-01-05T10:00:00').toISOString()],
    ]);
    const elena = (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/monthly-gifts/${ids.G7}`, token: who.admin.token })).json() as AdminMonthlyGiftDetail;
    expect(elena.replacesGiftId).toBe(ids.G6);
  });

  it('404 for an unknown gift, 400 for an id that is not one', async () => {
    const missing = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/monthly-gifts/999999', token: who.admin.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(monthlyAdminMessages.api.notFound);
    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/monthly-gifts/0x1', token: who.admin.token })).statusCode).toBe(400);
  });
});

describe('monthly giving figures equal the gifts and the ledger (counted by hand)', () => {
  it('the quarter: now, since 1 January, and the twelve months to date', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'quarter', now: NOW });
    const m = a.monthly_giving;
    expect({ ...m, months: undefined }).toEqual({
      // Now: Ana Q100 and Q50 (one donor), Carla Q154 (past due still counts), Elena Q120.
      active_donors: 3,
      active_gifts: 4,
      mrr: 424,
      // 1 January: Ana Q100 and Elena Q80.
      mrr_at_start: 180,
      mrr_change_percentage: 135.6,
      // Bruno, Carla, Ana's second (Elena's new amount replaces her gift; Gabi is paused).
      new_gifts: 3,
      // Bruno (Elena's old amount was replaced, not cancelled).
      cancelled_gifts: 1,
      churn_rate: 50,
      // Bruno on 18 February and Carla on 1 March (Diego's first payment is not a renewal).
      failed_renewals: 2,
      months: undefined,
    });
    const zero = { active_at_start: 0, new_gifts: 0, cancelled_gifts: 0, churn_rate: 0, active_gifts: 0, active_donors: 0, mrr: 0, failed_renewals: 0 };
    expect(m.months).toEqual([
      ...['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09'].map((month) => ({ month, ...zero })),
      { month: '2024-10', active_at_start: 0, new_gifts: 1, cancelled_gifts: 0, churn_rate: 0, active_gifts: 1, active_donors: 1, mrr: 60, failed_renewals: 0 },
      { month: '2024-11', active_at_start: 1, new_gifts: 1, cancelled_gifts: 0, churn_rate: 0, active_gifts: 2, active_donors: 2, mrr: 140, failed_renewals: 0 },
      { month: '2024-12', active_at_start: 2, new_gifts: 1, cancelled_gifts: 1, churn_rate: 50, active_gifts: 2, active_donors: 2, mrr: 180, failed_renewals: 0 },
      { month: '2025-01', active_at_start: 2, new_gifts: 1, cancelled_gifts: 0, churn_rate: 0, active_gifts: 3, active_donors: 3, mrr: 430, failed_renewals: 0 },
      { month: '2025-02', active_at_start: 3, new_gifts: 1, cancelled_gifts: 1, churn_rate: 33.3, active_gifts: 3, active_donors: 3, mrr: 334, failed_renewals: 1 },
      { month: '2025-03', active_at_start: 3, new_gifts: 1, cancelled_gifts: 0, churn_rate: 0, active_gifts: 4, active_donors: 3, mrr: 424, failed_renewals: 1 },
    ]);
  });

  it('the month: since 1 March', async () => {
    const m = (await computeAnalytics(ctx.db, { period: 'month', now: NOW })).monthly_giving;
    expect(m).toMatchObject({ mrr: 424, mrr_at_start: 334, mrr_change_percentage: 26.9, new_gifts: 1, cancelled_gifts: 0, churn_rate: 0, failed_renewals: 1 });
  });

  it('the admin dashboard card: now against the end of the previous month', async () => {
    const stats = await adminDashboardStats(ctx.db, { contacts: true, accounts: true }, NOW);
    expect(stats.monthly_giving).toEqual({ active_donors: 3, active_gifts: 4, mrr: 424, previous_mrr: 334, mrr_change_percentage: 26.9 });
  });

  it('the HTTP answers carry them (now: nothing ended since the dataset)', async () => {
    const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/analytics?period=year', token: who.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().monthly_giving).toMatchObject({ active_donors: 3, active_gifts: 4, mrr: 424 });
    const stats = await inject(ctx.app, { method: 'GET', url: '/api/v1/dashboard/stats', token: who.admin.token });
    expect(stats.json().monthly_giving).toMatchObject({ active_donors: 3, mrr: 424 });
  });
});

describe('the exports carry the monthly giving figures', () => {
  it('CSV: the indicators and the row of each month', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'quarter', now: NOW });
    const rows = parseCsv(reportCsv({ analytics: a, organizationName: 'Org' }, ',').slice(1), ',');
    expect(rows).toContainEqual([mg.section]);
    expect(rows).toContainEqual([mg.activeDonors, '3']);
    expect(rows).toContainEqual([mg.activeGifts, '4']);
    expect(rows).toContainEqual([`${mg.mrr} (Q)`, '424.00']);
    expect(rows).toContainEqual([`${mg.mrrAtStart} (Q)`, '180.00']);
    expect(rows).toContainEqual([`${mg.mrrChange} (%)`, '135.6']);
    expect(rows).toContainEqual([mg.newGifts, '3']);
    expect(rows).toContainEqual([mg.cancelledGifts, '1']);
    expect(rows).toContainEqual([`${mg.churnRate} (%)`, '50.0']);
    expect(rows).toContainEqual([mg.failedRenewals, '2']);
    expect(rows).toContainEqual(['febrero de 2025', '3', '1', '1', '33.3', '3', '3', '334.00', '1']);
    expect(rows).toContainEqual(['marzo de 2025', '3', '1', '0', '0.0', '4', '3', '424.00', '1']);
    const semicolon = parseCsv(reportCsv({ analytics: a, organizationName: 'Org' }, ';').slice(1), ';');
    expect(semicolon).toContainEqual([`${mg.mrr} (Q)`, '424,00']);
  });

  it('Excel: a sheet with the indicators as numbers and the months', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'quarter', now: NOW });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await reportXlsx({ analytics: a, organizationName: 'Org' })) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(mg.section)!;
    const values = new Map<string, unknown>();
    sheet.eachRow((row) => values.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(values.get(mg.activeDonors)).toBe(3);
    expect(values.get(mg.mrr)).toBe(424);
    expect(values.get(mg.mrrChange)).toBeCloseTo(1.356, 6);
    expect(values.get(mg.churnRate)).toBe(0.5);
    expect(values.get(mg.failedRenewals)).toBe(2);
    const february: unknown[] = [];
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'febrero de 2025') february.push(...(row.values as unknown[]).slice(1));
    });
    expect(february).toHaveLength(9);
    expect([...february.slice(0, 4), ...february.slice(5)]).toEqual(['febrero de 2025', 3, 1, 1, 3, 3, 334, 1]);
    expect(february[4]).toBeCloseTo(0.333, 6);
  });

  it('PDF: the section, its figures and the months, formatted as on screen', async () => {
    const a = await computeAnalytics(ctx.db, { period: 'quarter', now: NOW });
    const text = await pdfText(await reportPdf({ analytics: a, organizationName: 'Org' }));
    expect(text).toContain(mg.section);
    expect(text).toContain(`${mg.mrr} Q424.00`);
    expect(text).toContain(`${mg.mrrChange} +135.6%`);
    expect(text).toContain(`${mg.churnRate} 50.0%`);
    expect(text).toContain(`${mg.failedRenewals} 2`);
    // Each month in both tables: February's flows, then its figures at the close.
    expect(text).toContain('febrero de 2025 3 1 1 33.3%');
    expect(text).toContain('febrero de 2025 3 3 Q334.00 1');
  });
});

describe('POST /admin/monthly-gifts/:id/cancel (on the donor\'s request)', () => {
  const cancel = (id: number, payload: unknown, token = who.admin.token) =>
    inject(ctx.app, { method: 'POST', url: `/api/v1/admin/monthly-gifts/${id}/cancel`, payload: payload as never, token });

  it('requires the reason, in Spanish', async () => {
    for (const payload of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await cancel(ids.G4, payload);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(monthlyAdminMessages.validation.reasonRequired);
    }
    const long = await cancel(ids.G4, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(monthlyAdminMessages.validation.reasonMax);
    const [row] = await ctx.db.select().from(recurringGifts).where(eqId(ids.G4));
    expect(row.status).toBe('active');
  });

  it('is ADMIN only', async () => {
    expect(await expectAdminOnly(ctx.app, who, { method: 'POST', url: `/api/v1/admin/monthly-gifts/${ids.G4}/cancel`, payload: { reason: 'Lo pidió' } })).toEqual({
      anonymous: 401,
      donor: 403,
      user: 403,
    });
  });

  it('cancels as staff with the reason, audited with who did it, and the donor is told by email', async () => {
    const res = await cancel(ids.G4, { reason: '  Lo pidió por teléfono  ' });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json() as AdminMonthlyGiftDetail;
    expect(g).toMatchObject({ id: ids.G4, status: 'cancelled', cancelledBy: 'staff', cancelReason: 'Lo pidió por teléfono', nextChargeAt: null });
    expect(g.cancelledAt).not.toBeNull();
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'monthly_gift.cancel'), eq(auditLog.entityId, String(ids.G4))));
    expect(entry).toMatchObject({ actorUserId: who.admin.id, actorEmail: who.admin.email, entityType: 'recurring_gift' });
    expect(entry.details).toMatchObject({ by: 'staff', reason: 'Lo pidió por teléfono' });
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'ANA@correo.gt'));
    expect(mails).toHaveLength(1);
    // A second cancellation finds it over; an unknown gift is 404.
    expect((await cancel(ids.G4, { reason: 'Otra vez' })).statusCode).toBe(409);
    expect((await cancel(999_999, { reason: 'Lo pidió' })).statusCode).toBe(404);
    // Ana keeps one active gift: the figures follow at once.
    const list = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/monthly-gifts?status=active', token: who.admin.token });
    expect((list.json() as AdminMonthlyGiftList).total).toBe(2);
    const stats = await inject(ctx.app, { method: 'GET', url: '/api/v1/dashboard/stats', token: who.admin.token });
    expect(stats.json().monthly_giving).toMatchObject({ active_donors: 3, active_gifts: 3, mrr: 374 });
  });
});

describe('the dashboard activity names the cancellation', () => {
  it('in Spanish, with the staff member', async () => {
    const stats = await adminDashboardStats(ctx.db, { contacts: true, accounts: true });
    const entry = stats.recent_activity.find((a) => a.type === 'monthly_gift.cancel');
    expect(entry?.message).toBe(`${who.admin.email} canceló la donación mensual #${ids.G4} a pedido del donante`);
  });

  it('and the engine\'s other steps', () => {
    const line = (action: string, details: Record<string, unknown> = {}) => activityMessage({ action, actorEmail: null, details, entityId: '5' });
    expect(line('monthly_gift.started')).toBe('Empezó la donación mensual #5');
    expect(line('monthly_gift.renewed')).toBe('Se cobró la renovación de la donación mensual #5');
    expect(line('monthly_gift.past_due')).toBe('La donación mensual #5 tiene un pago pendiente');
    expect(line('monthly_gift.paused')).toBe('La donación mensual #5 quedó en pausa');
    expect(line('monthly_gift.replace_started')).toBe('Se pidió cambiar el monto de la donación mensual #5');
    expect(line('monthly_gift.cancel', { by: 'provider' })).toBe('La donación mensual #5 se canceló tras cobros fallidos');
    expect(line('monthly_gift.cancel', { by: 'donor' })).toBe('El donante canceló la donación mensual #5');
  });
});
