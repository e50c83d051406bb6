// Anonymous giving and the public's view of donors (docs/product.md#donor-privacy): a gift given
// anonymously shows "Anónimo" and nothing else of the donor to the public; a donor's account shown
// publicly has the full name shown but never the email; no public route answers a full email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DonationList } from '@donaciones/shared/schemas/donations';
import { donations } from '../../src/db/schema';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let owner: Caller;
let shownDonor: Caller;
let stranger: Caller;

const ANON_NAME = 'Valeria Escondida Quiñónez';
const ANON_EMAIL = 'valeria.escondida@correo.gt';
const PUBLIC_NAME = 'Tomás Visible Ajú';
const PUBLIC_EMAIL = 'tomas.visible@correo.gt';

let key = 0;
async function donate(payload: Record<string, unknown>, token?: string) {
  key += 1;
  const res = await inject(ctx.app, {
    method: 'POST',
    url: '/api/v1/donate',
    token,
    headers: { 'idempotency-key': `anonimo-${key}` },
    payload: { amount: 150, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, reference_code } = res.json<{ id: number; reference_code: string }>();
  await ctx.db.update(donations).set({ status: 'completed', completedAt: new Date() }).where(eq(donations.id, id));
  return { id, reference: reference_code };
}

const list = (url: string, token?: string) => inject(ctx.app, { url, token }).then((r) => r.json<DonationList>());

let plainAnon: { id: number; reference: string };
let coveredAnon: { id: number; reference: string };
let publicGift: { id: number; reference: string };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  owner = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  shownDonor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'], showPublicly: true });
  stranger = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  // A plain gift and one with the covered fee (which reads the payment settings), both anonymous.
  plainAnon = await donate({ donorName: ANON_NAME, email: ANON_EMAIL, anonymous: true }, owner.token);
  coveredAnon = await donate({ donorName: ANON_NAME, email: ANON_EMAIL, anonymous: true, coverFees: true });
  // Even a donor whose account is shown publicly can give one gift anonymously.
  publicGift = await donate({ donorName: PUBLIC_NAME, email: PUBLIC_EMAIL }, shownDonor.token);
  await donate({ donorName: PUBLIC_NAME, email: PUBLIC_EMAIL, anonymous: true }, shownDonor.token);
});
afterAll(async () => ctx?.close());

describe('anonymous giving', () => {
  it('stores the choice on the donation, with or without the covered fee', async () => {
    for (const { id } of [plainAnon, coveredAnon]) {
      const [row] = await ctx.db.select().from(donations).where(eq(donations.id, id));
      expect(row.donorAnonymous).toBe(true);
      expect(row.donorName).toBe(ANON_NAME);
    }
    const [plain] = await ctx.db.select().from(donations).where(eq(donations.id, publicGift.id));
    expect(plain.donorAnonymous).toBe(false);
  });

  it('shows the public "Anónimo" and nothing else of the donor', async () => {
    for (const token of [undefined, stranger.token]) {
      const all = await list('/api/v1/donations?limit=100', token);
      const anon = all.donations.filter((d) => d.id === plainAnon.id || d.id === coveredAnon.id);
      expect(anon).toHaveLength(2);
      for (const d of anon) expect(d).toMatchObject({ donor_name: 'Anónimo', donor_email: '', donor_masked: true, reference_code: null });
      const detail = await inject(ctx.app, { url: `/api/v1/donations/${coveredAnon.id}`, token });
      expect(detail.json()).toMatchObject({ donor_name: 'Anónimo', donor_email: '' });
      // Not even the masked name or email, nor a search that would find the donor by name.
      expect(JSON.stringify(all)).not.toMatch(/Valeria|v\*\*\*@correo\.gt/);
      for (const q of ['valeria', 'Valeria E.', 'escondida', 'anonimo']) {
        const found = await list(`/api/v1/donations?q=${encodeURIComponent(q)}`, token);
        expect(found.donations.map((d) => d.id)).not.toContain(plainAnon.id);
      }
    }
  });

  it('still shows the donor to staff and to the signed-in owner', async () => {
    const asAdmin = await inject(ctx.app, { url: `/api/v1/donations/${coveredAnon.id}`, token: admin.token });
    expect(asAdmin.json()).toMatchObject({ donor_name: ANON_NAME, donor_email: ANON_EMAIL });
    const mine = await inject(ctx.app, { url: `/api/v1/donations/${plainAnon.id}`, token: owner.token });
    expect(mine.json()).toMatchObject({ donor_name: ANON_NAME, donor_email: ANON_EMAIL, reference_code: plainAnon.reference });
  });

  it('refuses a value that is not true or false, in Spanish', async () => {
    const res = await inject(ctx.app, {
      method: 'POST',
      url: '/api/v1/donate',
      headers: { 'idempotency-key': 'anonimo-malo' },
      payload: { donorName: ANON_NAME, email: ANON_EMAIL, amount: 150, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true, anonymous: 'sí' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.anonymous).toBe('anonymous debe ser verdadero o falso');
  });
});

describe('a donor shown publicly', () => {
  it('has the full name shown, and the email masked', async () => {
    const detail = (await inject(ctx.app, { url: `/api/v1/donations/${publicGift.id}` })).json();
    expect(detail).toMatchObject({ donor_name: PUBLIC_NAME, donor_email: 't***@correo.gt' });
  });

  it('cannot be found by email or by a search over the email', async () => {
    expect((await list(`/api/v1/donations?donor_email=${PUBLIC_EMAIL}`)).total).toBe(0);
    expect((await list('/api/v1/donations?q=tomas.visible%40', stranger.token)).total).toBe(0);
    expect((await list('/api/v1/donations?q=correo.gt')).total).toBe(0);
  });
});

describe('no public route answers a full email', () => {
  it('walks every public read with and without a stranger signed in', async () => {
    const urls = [
      '/api/v1/public/site',
      '/api/v1/donations?limit=100',
      '/api/v1/donations?limit=100&status=completed',
      `/api/v1/donations?q=${encodeURIComponent(PUBLIC_NAME)}`,
      '/api/v1/donations/stats',
      ...[plainAnon, coveredAnon, publicGift].flatMap((g) => [`/api/v1/donations/${g.id}`, `/api/v1/donate/status?ref=${encodeURIComponent(g.reference)}`]),
    ];
    for (const token of [undefined, stranger.token]) {
      for (const url of urls) {
        const res = await inject(ctx.app, { url, token });
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(400);
        expect(res.body, url).not.toContain(ANON_EMAIL);
        expect(res.body, url).not.toContain(PUBLIC_EMAIL);
        expect(res.body, url).not.toContain(ANON_NAME);
        expect(res.body, url).not.toMatch(/[A-Za-z0-9._%+-]{2,}@correo\.gt/);
      }
    }
  });
});
