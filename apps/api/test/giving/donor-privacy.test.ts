// What strangers may see of the ledger (docs/product.md#donor-privacy, #figures): masked names keep
// the first surname; the public list and totals count completed donations only; references and
// receipt numbers are shown only to the donation's owner and to staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Donation, DonationList, DonationStats } from '@donaciones/shared/schemas/donations';
import { donations } from '../../src/db/schema';
import { maskEmail, maskName } from '../../src/domain/giving/donor-privacy';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let owner: Caller;
let stranger: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  owner = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  stranger = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
});
afterAll(async () => ctx?.close());

const complete = async (id: number) => {
  await ctx.db.update(donations).set({ status: 'completed', completedAt: new Date(), receiptNumber: id + 1000 }).where(eq(donations.id, id));
};
const list = (url: string, token?: string) => inject(ctx.app, { url, token }).then((r) => r.json<DonationList>());

describe('masked donor names keep the first surname', () => {
  it.each([
    ['Lucía', 'Lucía'],
    ['Lucía Hernández', 'Lucía H.'],
    ['Lucía Hernández Toj', 'Lucía H.'],
    ['Ana María López García', 'Ana L.'],
    ['  ana   maría  lópez  garcía ', 'ana L.'],
    ['Carlos de León Pérez', 'Carlos L.'],
    ['Ana Lucía de la Cruz Toj', 'Ana C.'],
    ['Óscar Ávila', 'Óscar Á.'],
  ])('%j -> %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it('masks an email to its first letter and domain; a gift without an email shows none, not a masked one', async () => {
    expect([maskEmail('lucia.hernandez@correo.gt'), maskEmail(''), maskEmail('  ')]).toEqual(['l***@correo.gt', '', '']);
    await ctx.db.delete(donations);
    await complete((await make.donation(ctx.db, { status: 'pending', donorName: 'Pedro Xol', donorEmail: '', receivedOn: '2026-11-02' })).id);
    const [shown] = (await list('/api/v1/donations?limit=10')).donations;
    expect([shown.donor_name, shown.donor_email]).toEqual(['Pedro X.', '']);
  });

  it('masks through the API for strangers (1, 2, 3 and 4 words)', async () => {
    await ctx.db.delete(donations);
    const names = ['Lucía', 'Lucía Hernández', 'Lucía Hernández Toj', 'Ana María López García'];
    for (const donorName of names) await complete((await make.donation(ctx.db, { status: 'pending', donorName })).id);
    const shown = (await list('/api/v1/donations?limit=10')).donations.map((d) => d.donor_name).sort();
    expect(shown).toEqual(['Ana L.', 'Lucía', 'Lucía H.', 'Lucía H.']);
    const full = (await list('/api/v1/donations?limit=10', admin.token)).donations.map((d) => d.donor_name).sort();
    expect(full).toEqual([...names].sort());
  });
});

describe('pending donations stay out of public figures', () => {
  let completedId: number;
  let ownPendingId: number;
  let strangerPendingId: number;

  beforeAll(async () => {
    await ctx.db.delete(donations);
    const done = await make.donation(ctx.db, { status: 'pending', amountCents: 5_000, userId: owner.id });
    await complete(done.id);
    completedId = done.id;
    ownPendingId = (await make.donation(ctx.db, { status: 'pending', amountCents: 7_000, userId: owner.id })).id;
    // An anonymous checkout: pending, no owner.
    const res = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/donate',
      headers: { 'idempotency-key': 'privacidad-1' },
      payload: { donorName: 'Intruso Grande', email: 'intruso@correo.gt', amount: 900, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    strangerPendingId = res.json<{ id: number }>().id;
  });

  it('lists only completed donations to anonymous visitors, whatever the status filter', async () => {
    const anon = await list('/api/v1/donations?limit=100');
    expect(anon.donations.map((d) => d.id)).toEqual([completedId]);
    expect(anon.total).toBe(1);
    const pending = await list('/api/v1/donations?limit=100&status=pending');
    expect(pending).toMatchObject({ total: 0, donations: [] });
    expect((await inject(ctx.app, { url: `/api/v1/donations/${strangerPendingId}` })).statusCode).toBe(404);
  });

  it('shows a signed-in owner their own pending donations, and staff every one', async () => {
    const mine = await list('/api/v1/donations?limit=100', owner.token);
    expect(mine.donations.map((d) => d.id).sort()).toEqual([completedId, ownPendingId].sort());
    expect(mine.total).toBe(2);
    const other = await list('/api/v1/donations?limit=100', stranger.token);
    expect(other.donations.map((d) => d.id)).toEqual([completedId]);
    expect(other.total).toBe(1);
    expect((await inject(ctx.app, { url: `/api/v1/donations/${ownPendingId}`, token: stranger.token })).statusCode).toBe(404);
    expect((await inject(ctx.app, { url: `/api/v1/donations/${ownPendingId}`, token: owner.token })).statusCode).toBe(200);
    const staff = await list('/api/v1/donations?limit=100', admin.token);
    expect(staff.total).toBe(3);
    expect(staff.donations.map((d) => d.id).sort()).toEqual([completedId, ownPendingId, strangerPendingId].sort());
  });

  it('keeps pending money out of the public totals (null, not a zero that reads as none); staff see it', async () => {
    const stats = (token?: string) => inject(ctx.app, { url: '/api/v1/donations/stats', token }).then((r) => r.json<DonationStats>());
    for (const token of [undefined, owner.token, stranger.token]) {
      expect(await stats(token)).toMatchObject({ total_amount_completed: 50, count_completed: 1, total_amount_pending: null, count_pending: null });
    }
    expect(await stats(admin.token)).toMatchObject({ total_amount_completed: 50, total_amount_pending: 970, count_pending: 2 });
  });

  it('keeps pending money out of the home page figure', async () => {
    const site = (await inject(ctx.app, { url: '/api/v1/public/site' })).json<{ stats: { donated_this_month: number } }>();
    expect(site.stats.donated_this_month).toBe(50);
  });

  it('hides the reference and receipt number from everyone but the owner and staff', async () => {
    const shownTo = async (token?: string) => (await list('/api/v1/donations?limit=100', token)).donations.find((d) => d.id === completedId) as Donation;
    for (const token of [undefined, stranger.token]) {
      const seen = await shownTo(token);
      expect(seen.reference_code).toBeNull();
      expect(seen.receipt_number).toBeNull();
      const detail = (await inject(ctx.app, { url: `/api/v1/donations/${completedId}`, token })).json<Donation>();
      expect(detail.reference_code).toBeNull();
      expect(detail.receipt_number).toBeNull();
      const body = JSON.stringify(await list('/api/v1/donations?limit=100', token));
      expect(body).not.toMatch(/#MG\d{8}/);
    }
    for (const token of [owner.token, admin.token]) {
      const seen = await shownTo(token);
      expect(seen.reference_code).toMatch(/^#MG\d{8}$/);
      expect(seen.receipt_number).toBe(completedId + 1000);
    }
  });

  // "Mis donaciones" links each gift to /donations/{id}: every gift the list shows its owner opens there in
  // full (with Cancelar while pending), and another donor reaches only the completed one, masked.
  it('opens every gift of Mis donaciones on its page for its owner, and only the completed one, masked, for anyone else', async () => {
    const deposit = await make.donation(ctx.db, { status: 'pending', userId: owner.id, paymentMethod: 'bank_deposit', donorName: 'Olga Dueña Pérez' });
    const mine = (await inject(ctx.app, { url: '/api/v1/users/me/donations?limit=100', token: owner.token })).json<{ donations: { id: number }[] }>();
    expect(mine.donations.map((d) => d.id).sort()).toEqual([completedId, ownPendingId, deposit.id].sort());
    for (const { id } of mine.donations) {
      const res = await inject(ctx.app, { url: `/api/v1/donations/${id}`, token: owner.token });
      expect(res.statusCode, String(id)).toBe(200);
      expect(res.json<Donation>()).toMatchObject({ id, donor_masked: false, reference_code: expect.stringMatching(/^#MG\d{8}$/) });
    }
    const ownDeposit = (await inject(ctx.app, { url: `/api/v1/donations/${deposit.id}`, token: owner.token })).json<Donation>();
    expect(ownDeposit).toMatchObject({ donor_name: 'Olga Dueña Pérez', donor_email: deposit.donorEmail, can_cancel: true, can_process: false });
    for (const id of [ownPendingId, deposit.id]) {
      expect((await inject(ctx.app, { url: `/api/v1/donations/${id}`, token: stranger.token })).statusCode).toBe(404);
    }
    const seen = (await inject(ctx.app, { url: `/api/v1/donations/${completedId}`, token: stranger.token })).json<Donation>();
    expect(seen).toMatchObject({ donor_masked: true, reference_code: null, receipt_number: null, can_cancel: false });
    await ctx.db.delete(donations).where(eq(donations.id, deposit.id));
  });

  // The donor area's gift page (/donor/donations/{id}) reads GET /users/me/donations/{id}: the owner's gift as
  // GET /donations/{id} shows it to them, and nobody else's, not even a completed one or to staff.
  it('answers the owner each gift of Mis donaciones as the public page does, and anyone else not found', async () => {
    const deposit = await make.donation(ctx.db, { status: 'pending', userId: owner.id, paymentMethod: 'bank_deposit' });
    for (const id of [completedId, ownPendingId, deposit.id]) {
      const own = await inject(ctx.app, { url: `/api/v1/users/me/donations/${id}`, token: owner.token });
      expect(own.statusCode, String(id)).toBe(200);
      const page = (await inject(ctx.app, { url: `/api/v1/donations/${id}`, token: owner.token })).json<Donation>();
      expect(own.json<Donation>()).toEqual(page);
    }
    expect((await inject(ctx.app, { url: `/api/v1/users/me/donations/${deposit.id}`, token: owner.token })).json<Donation>()).toMatchObject({ can_cancel: true, donor_masked: false });
    // The completed gift the public page shows anyone, masked, is not another donor's own, nor staff's.
    for (const caller of [stranger, admin]) {
      for (const id of [completedId, deposit.id]) {
        const res = await inject(ctx.app, { url: `/api/v1/users/me/donations/${id}`, token: caller.token });
        expect(res.statusCode, `${id}`).toBe(404);
        expect(res.json<{ detail: string }>().detail).toBe('Donación no encontrada');
      }
    }
    expect((await inject(ctx.app, { url: '/api/v1/users/me/donations/999999', token: owner.token })).statusCode).toBe(404);
    expect((await inject(ctx.app, { url: `/api/v1/users/me/donations/${completedId}` })).statusCode).toBe(401);
    await ctx.db.delete(donations).where(eq(donations.id, deposit.id));
  });
});
