// A gift given anonymously, as staff see it (docs/product.md#donor-privacy): staff who may read donors'
// details (donors.read: ADMIN, FINANCE) see the name with the mark that the donor asked for anonymity;
// the others (VOLUNTEER, COMMUNICATIONS) see "Anónimo", cannot find it by the name, and read "Anónimo"
// among the top donors of the reports and their files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { donateMessages } from '@donaciones/shared/messages/donate';
import type { AdminDashboardStats, AdminDonationList, Analytics } from '@donaciones/shared/schemas/admin';
import type { Donation, DonationList } from '@donaciones/shared/schemas/donations';
import { createTestApp, inject, json, type Caller, type TestContext } from '../support/helpers';
import { parseCsv } from '../support/csv';
import * as make from '../support/factory';

const ANONYMOUS = donateMessages.anonymousDonor;
let ctx: TestContext;
let admin: Caller;
let finance: Caller;
let volunteer: Caller;
let communications: Caller;
let pendingRef: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, finance, volunteer, communications] = await Promise.all(
    (['ADMIN', 'FINANCE', 'VOLUNTEER', 'COMMUNICATIONS'] as const).map((role) => make.signIn(ctx.app, ctx.db, { roles: [role] })),
  );
  // Last year an anonymous gift from Pedro; this year only named ones: he is not marked in this year's report.
  await make.donation(ctx.db, { amountCents: 90_000, donorName: 'Pedro Xol Caal', donorEmail: 'pedro.xol@correo.gt', donorAnonymous: true, createdAt: new Date('2025-06-10T16:00:00Z') });
  await make.donation(ctx.db, { amountCents: 30_000, donorName: 'Pedro Xol Caal', donorEmail: 'pedro.xol@correo.gt' });
  await make.donation(ctx.db, { amountCents: 50_000, donorName: 'Rosa Ajú Tzoc', donorEmail: 'rosa.aju@correo.gt', donorAnonymous: true });
  pendingRef = (await make.donation(ctx.db, { status: 'pending', donorName: 'Rosa Ajú Tzoc', donorEmail: 'rosa.aju@correo.gt', donorAnonymous: true })).referenceCode;
});
afterAll(async () => ctx?.close());

const get = (who: Caller, url: string) => inject(ctx.app, { method: 'GET', url: `/api/v1${url}`, token: who.token });
const rosaIn = (list: AdminDonationList) => list.donations.filter((d) => d.reference_code === pendingRef);

describe('the review queue and its search', () => {
  it('names the donor to ADMIN and FINANCE, marked as anonymous', async () => {
    for (const who of [admin, finance]) {
      const [row] = rosaIn(json<AdminDonationList>(await get(who, '/admin/donations?status=PENDING')));
      expect(row).toMatchObject({ donor_name: 'Rosa Ajú Tzoc', donor_email: 'rosa.aju@correo.gt', donor_anonymous: true });
      const found = json<AdminDonationList>(await get(who, '/admin/donations?q=aju'));
      expect(found.donations.length).toBeGreaterThan(0);
    }
  });

  it('shows a VOLUNTEER "Anónimo", no email, and finds it by reference only', async () => {
    const res = await get(volunteer, '/admin/donations?status=PENDING');
    expect(res.statusCode).toBe(200);
    expect(rosaIn(json<AdminDonationList>(res))).toEqual([expect.objectContaining({ donor_name: ANONYMOUS, donor_email: '', donor_anonymous: true })]);
    expect(res.body).not.toContain('Rosa');
    expect(res.body).not.toContain('r***@correo.gt');

    const byName = json<AdminDonationList>(await get(volunteer, '/admin/donations?q=aju'));
    expect(byName.donations).toEqual([]);
    const byReference = json<AdminDonationList>(await get(volunteer, `/admin/donations?q=${pendingRef}`));
    expect(rosaIn(byReference).map((d) => d.donor_name)).toEqual([ANONYMOUS]);

    const page = await get(volunteer, `/admin/donations/${rosaIn(byReference)[0].id}/review`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Rosa');
  });

  it('shows a VOLUNTEER the same on the donation\'s own page and in the ledger\'s search, and the email of a named gift masked', async () => {
    const [row] = rosaIn(json<AdminDonationList>(await get(admin, '/admin/donations?status=PENDING')));
    const page = await get(volunteer, `/donations/${row.id}`);
    expect(page.statusCode).toBe(200);
    expect(json<Donation>(page)).toMatchObject({ donor_name: ANONYMOUS, donor_email: '', donor_anonymous: true, donor_masked: true });
    expect(page.body).not.toContain('Rosa');
    expect(json<Donation>(await get(finance, `/donations/${row.id}`))).toMatchObject({ donor_name: 'Rosa Ajú Tzoc', donor_email: 'rosa.aju@correo.gt', donor_masked: false });

    const search = await get(volunteer, '/donations?q=aju');
    expect(search.statusCode).toBe(200);
    expect(json<DonationList>(search).donations).toEqual([]);
    const pedro = json<DonationList>(await get(volunteer, '/donations?q=xol')).donations;
    expect(pedro.map((d) => [d.donor_name, d.donor_email])).toEqual([['Pedro Xol Caal', 'p***@correo.gt']]);
  });

  it('keeps the named gifts of the same donor named', async () => {
    const list = json<AdminDonationList>(await get(volunteer, '/admin/donations?q=xol'));
    expect(list.donations.map((d) => [d.donor_name, d.donor_anonymous])).toEqual([
      ['Pedro Xol Caal', false],
    ]);
  });
});

describe('the dashboard and the reports', () => {
  it('shows COMMUNICATIONS "Anónimo" among the recent donations', async () => {
    const res = await get(communications, '/dashboard/stats');
    expect(res.statusCode).toBe(200);
    const recent = json<AdminDashboardStats>(res).recent_donations;
    expect(recent.filter((d) => d.donor_anonymous).map((d) => d.donor_name)).toEqual([ANONYMOUS, ANONYMOUS, ANONYMOUS]);
    expect(res.body).not.toContain('Rosa');
    const named = json<AdminDashboardStats>(await get(admin, '/dashboard/stats')).recent_donations.filter((d) => d.donor_anonymous);
    expect(named.map((d) => d.donor_name)).toEqual(['Rosa Ajú Tzoc', 'Rosa Ajú Tzoc', 'Pedro Xol Caal']);
  });

  it('marks the year\'s top donor who gave anonymously, named for ADMIN and "Anónimo" for COMMUNICATIONS', async () => {
    const top = (who: Caller) => get(who, '/admin/analytics?period=year').then((res) => json<Analytics>(res).top_donors.map((d) => [d.name, d.anonymous]));
    expect(await top(admin)).toEqual([
      ['Rosa Ajú Tzoc', true],
      ['Pedro Xol Caal', false],
    ]);
    expect(await top(communications)).toEqual([
      [ANONYMOUS, true],
      ['Pedro Xol Caal', false],
    ]);
  });

  it('writes the mark in ADMIN\'s file and "Anónimo" in COMMUNICATIONS\'', async () => {
    const csv = async (who: Caller) => {
      const res = await get(who, '/admin/reports/export?period=year&format=csv');
      expect(res.statusCode).toBe(200);
      return res.rawPayload.toString('utf8');
    };
    const adminRows = parseCsv((await csv(admin)).slice(1), ',');
    expect(adminRows).toContainEqual([adminMessages.common.anonymousName('Rosa Ajú Tzoc'), 'rosa.aju@correo.gt', '500.00', '1']);
    const text = await csv(communications);
    expect(parseCsv(text.slice(1), ',')).toContainEqual([ANONYMOUS, '500.00', '1']);
    expect(text).not.toContain('Rosa');
  });
});
