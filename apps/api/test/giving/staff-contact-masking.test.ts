// Staff without donors.read see no donor contact details (docs/product.md#donor-privacy,
// #roles-and-permissions): a VOLUNTEER reads the review queue, a donation's review page and the
// monthly gifts with each donor's email masked (as gift entry's donor choices show it); ADMIN and
// FINANCE see it in full.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDonation, AdminDonationList } from '@donaciones/shared/schemas/admin';
import type { AdminMonthlyGiftDetail, AdminMonthlyGiftList } from '@donaciones/shared/schemas/monthly-admin';
import { recurringGifts } from '../../src/db/schema';
import { audit } from '../../src/platform/audit';
import { createTestApp, inject, json, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let volunteer: Caller;
let finance: Caller;
let admin: Caller;
let donationId: number;
let giftId: number;
const EMAIL = 'rosa.tzul@correo.gt';

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, finance, volunteer] = await Promise.all(
    (['ADMIN', 'FINANCE', 'VOLUNTEER'] as const).map((role) => make.signIn(ctx.app, ctx.db, { roles: [role] })),
  );
  donationId = (await make.donation(ctx.db, { status: 'pending', donorName: 'Rosa Tzul', donorEmail: EMAIL })).id;
  const [gift] = await ctx.db
    .insert(recurringGifts)
    .values({ provider: 'simulated', subscriptionId: 'su_mask', donorName: 'Rosa Tzul', donorEmail: EMAIL, amountCents: 15_000, currency: 'GTQ', status: 'active', startedAt: new Date() })
    .returning({ id: recurringGifts.id });
  giftId = gift.id;
});
afterAll(async () => ctx?.close());

const get = (who: Caller, url: string) => inject(ctx.app, { method: 'GET', url: `/api/v1${url}`, token: who.token });

async function seen(who: Caller) {
  const queue = await get(who, '/admin/donations?status=PENDING');
  const review = await get(who, `/admin/donations/${donationId}/review`);
  const gifts = await get(who, '/admin/monthly-gifts');
  const gift = await get(who, `/admin/monthly-gifts/${giftId}`);
  for (const res of [queue, review, gifts, gift]) expect(res.statusCode).toBe(200);
  return {
    queue: json<AdminDonationList>(queue).donations.find((d) => d.id === donationId)?.donor_email,
    review: json<{ donation: AdminDonation }>(review).donation.donor_email,
    gifts: json<AdminMonthlyGiftList>(gifts).gifts.find((g) => g.id === giftId)?.donorEmail,
    gift: json<AdminMonthlyGiftDetail>(gift).donorEmail,
    bodies: [queue, review, gifts, gift].map((res) => res.body).join('\n'),
  };
}

describe('donor emails in the console by role', () => {
  it('masks them for a VOLUNTEER in the queue, the review page and the monthly gifts', async () => {
    const s = await seen(volunteer);
    expect([s.queue, s.review, s.gifts, s.gift]).toEqual(['r***@correo.gt', 'r***@correo.gt', 'r***@correo.gt', 'r***@correo.gt']);
    expect(s.bodies).not.toContain(EMAIL);
  });

  it('shows them in full to ADMIN and FINANCE', async () => {
    for (const who of [admin, finance]) {
      const s = await seen(who);
      expect([s.queue, s.review, s.gifts, s.gift]).toEqual([EMAIL, EMAIL, EMAIL, EMAIL]);
    }
  });

  it('leaves a gift without an email empty, not masked', async () => {
    const id = (await make.donation(ctx.db, { status: 'pending', donorName: 'Sin Correo', donorEmail: '' })).id;
    const res = await get(volunteer, `/admin/donations/${id}/review`);
    expect(json<{ donation: AdminDonation }>(res).donation.donor_email).toBe('');
  });

  it("masks the dashboard's recent donations and activity for COMMUNICATIONS (reports.read without donors.read); accounts only for users.manage", async () => {
    const communications = await make.signIn(ctx.app, ctx.db, { roles: ['COMMUNICATIONS'] });
    // An account created by staff: its sentence names who created it and whose account it is.
    await audit(ctx.db, { actor: { id: admin.id, email: 'admin.real@fundacion.gt' }, action: 'user.create', entityType: 'user', entityId: '1', details: { email: 'nueva.persona@correo.gt' } });
    const res = await get(communications, '/dashboard/stats');
    expect(res.statusCode).toBe(200);
    type Stats = { recent_donations: AdminDonation[]; recent_users: { email: string }[]; recent_activity: { message: string }[] };
    const stats = json<Stats>(res);
    expect(stats.recent_donations.map((d) => d.donor_email)).toContain('r***@correo.gt');
    expect(res.body).not.toContain(EMAIL);
    expect(stats.recent_activity.map((a) => a.message)).toContain('a***@fundacion.gt creó la cuenta de n***@correo.gt');
    expect(res.body).not.toContain('admin.real@fundacion.gt');
    expect(res.body).not.toContain('nueva.persona@correo.gt');
    // Neither COMMUNICATIONS nor FINANCE manages accounts: no list of them.
    expect(stats.recent_users).toEqual([]);
    expect(json<Stats>(await get(finance, '/dashboard/stats')).recent_users).toEqual([]);
    const full = json<Stats>(await get(admin, '/dashboard/stats'));
    expect(full.recent_donations.map((d) => d.donor_email)).toContain(EMAIL);
    expect(full.recent_users.map((u) => u.email)).toContain(communications.email);
    expect(full.recent_activity.map((a) => a.message)).toContain('admin.real@fundacion.gt creó la cuenta de nueva.persona@correo.gt');
  });

  it('finds a donation by its email only for staff who may read it: a VOLUNTEER cannot test whether an address gave', async () => {
    const ids = async (who: Caller, url: string, key: 'donations') => json<AdminDonationList>(await get(who, url))[key].map((d) => d.id);
    for (const q of [EMAIL, 'rosa.tzul', 'tzul@correo']) {
      const query = encodeURIComponent(q);
      expect(await ids(volunteer, `/admin/donations?q=${query}`, 'donations')).not.toContain(donationId);
      expect(await ids(volunteer, `/donations?q=${query}`, 'donations')).not.toContain(donationId);
      expect(await ids(finance, `/admin/donations?q=${query}`, 'donations')).toContain(donationId);
      expect(await ids(finance, `/donations?q=${query}`, 'donations')).toContain(donationId);
    }
    // The name and the reference are still found.
    expect(await ids(volunteer, '/admin/donations?q=Rosa%20Tzul', 'donations')).toContain(donationId);
    expect(await ids(volunteer, '/donations?q=Rosa%20Tzul', 'donations')).toContain(donationId);
  });

  it('answers an approval and a rejection with the email as the caller may read it', async () => {
    const pendingDeposit = () => make.donation(ctx.db, { status: 'pending', donorName: 'Ana Xol', donorEmail: 'ana.xol@correo.gt', paymentMethod: 'bank_deposit' });
    const approved = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${(await pendingDeposit()).id}/approve`, token: finance.token });
    expect(approved.statusCode).toBe(200);
    expect(json<AdminDonation>(approved).donor_email).toBe('ana.xol@correo.gt');
    const rejected = await inject(ctx.app, {
      method: 'POST',
      url: `/api/v1/admin/donations/${(await pendingDeposit()).id}/reject`,
      token: finance.token,
      payload: { reason: 'El depósito no aparece en el estado de cuenta.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(json<AdminDonation>(rejected).donor_email).toBe('ana.xol@correo.gt');
  });
});
