// A bank deposit made signed out joins the account whose address is proven (decision 0085), when the
// proof comes after it or came before: it is in Mis donaciones, its slip can be sent from there, and the
// DONOR role still waits for a completed gift.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { DepositStatus } from '@donaciones/shared/schemas/deposits';
import { donations, users } from '../../src/db/schema';
import { insertDonation } from '../../src/domain/ledger/transitions';
import { putSettings } from '../../src/platform/settings';
import { createTestApp, json, type Caller, type TestContext } from '../support/helpers';
import { emailsTo, freshIp, linkIn, loginAs, validRegistration } from '../support/auth';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  await putSettings(ctx.db, 'bankAccounts', {
    accounts: [{ id: 'banrural', bank: 'Banrural', accountType: 'monetaria', number: '3-033-01234-5', holder: 'Fundación Prueba', hidden: false, sortOrder: 0 }],
  });
});
afterAll(async () => ctx?.close());

function depositBy(email: string, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  if (token) headers.authorization = `Bearer ${token}`;
  const body = { donorName: 'Lucía Ajú', email, amount: 250, paymentMethod: 'bank_deposit', acceptTerms: true };
  return ctx.app.inject({ method: 'POST', url: '/api/v1/donate', headers, payload: JSON.stringify(body), remoteAddress: freshIp() });
}

async function deposit(email: string, token?: string): Promise<PublicDonationResponse> {
  const res = await depositBy(email, token);
  expect(res.statusCode, res.body).toBe(201);
  return json<PublicDonationResponse>(res);
}

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** Registers `email` and opens the confirmation link of its welcome email; answers the account's tokens. */
async function registerAndConfirm(email: string) {
  expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: validRegistration(email), remoteAddress: freshIp() })).statusCode).toBe(201);
  const [welcome] = await emailsTo(ctx.db, email);
  const { token } = linkIn(welcome.textBody, '/verify-email');
  const tokens = await loginAs(ctx.app, email, 'Segura123');
  const before = json<{ donations: { id: number }[] }>(await get('/api/v1/users/me/donations', tokens.access_token));
  expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);
  return { tokens, before };
}

const ownIds = async (token: string) => json<{ donations: { id: number; status: string }[] }>(await get('/api/v1/users/me/donations', token)).donations.map((d) => d.id);
const rolesOf = async (email: string) => (await ctx.db.select({ roles: users.roles }).from(users).where(eq(users.email, email)))[0].roles;

describe('confirming the address links the pending bank deposits made with it (decision 0085)', () => {
  it('the deposit is in Mis donaciones, its slip page opens signed in, and the role stays USER until it completes', async () => {
    const email = 'deposito.sin.sesion@prueba.gt';
    const gift = await deposit('Deposito.Sin.Sesion@prueba.gt');
    // A card checkout left unpaid with the same address, and someone else's deposit.
    const checkout = await insertDonation(ctx.db, {
      donorName: 'Lucía Ajú', donorEmail: email, amountCents: 7_500, donationType: 'monetary', source: 'public', paymentMethod: 'card', paymentProvider: 'recurrente',
    });
    const another = await deposit('otra.persona@prueba.gt');

    const { tokens, before } = await registerAndConfirm(email);
    // Registering and signing in alone showed nothing: anyone could type a donor's address.
    expect(before.donations).toEqual([]);

    const mine = await ownIds(tokens.access_token);
    expect(mine).toEqual([gift.id]);
    expect(mine).not.toContain(checkout.id);
    expect(mine).not.toContain(another.id);
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, checkout.id));
    expect(row.userId).toBeNull();
    // The gift's own page in the donor area and the slip's page (/boleta?donacion=) answer the account.
    expect(json<{ id: number; status: string }>(await get(`/api/v1/users/me/donations/${gift.id}`, tokens.access_token))).toMatchObject({ id: gift.id, status: 'pending' });
    const status = await get(`/api/v1/donations/${gift.id}/deposit`, tokens.access_token);
    expect(status.statusCode, status.body).toBe(200);
    expect(json<DepositStatus>(status)).toMatchObject({ accepts_slips: true, donation: { id: gift.id, reference_code: gift.reference_code } });
    // A pending gift is not yet a gift received: no DONOR role for it.
    expect(await rolesOf(email)).toEqual(['USER']);

    // Staff approve the deposit later: it stays the account's and the account becomes a DONOR.
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/donations/${gift.id}/approve`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await rolesOf(email)).toEqual(['DONOR', 'USER']);
    const [done] = await ctx.db.select().from(donations).where(eq(donations.id, gift.id));
    expect(done).toMatchObject({ status: 'completed', userId: (await ctx.db.select().from(users).where(eq(users.email, email)))[0].id });
  });

  it('a deposit made signed out with the address of an account already confirmed joins it at once; of one not confirmed, not', async () => {
    const email = 'cuenta.confirmada@prueba.gt';
    const { tokens } = await registerAndConfirm(email);
    const gift = await deposit('Cuenta.Confirmada@prueba.gt');
    // No new proof follows this deposit: the earlier one stands for it, as for a completed gift.
    expect(await ownIds(tokens.access_token)).toEqual([gift.id]);
    expect(await rolesOf(email)).toEqual(['USER']);

    // An account registered but never confirmed: anyone could have typed that address.
    const unconfirmed = 'cuenta.sin.confirmar@prueba.gt';
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: validRegistration(unconfirmed), remoteAddress: freshIp() })).statusCode).toBe(201);
    const theirs = await deposit(unconfirmed);
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, theirs.id));
    expect(row.userId).toBeNull();
  });

  it('a deposit made while signed in is the account’s from the start, confirmed or not', async () => {
    const email = 'deposito.con.sesion@prueba.gt';
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: validRegistration(email), remoteAddress: freshIp() })).statusCode).toBe(201);
    const tokens = await loginAs(ctx.app, email, 'Segura123');
    const gift = await deposit(email, tokens.access_token);
    expect(await ownIds(tokens.access_token)).toEqual([gift.id]);
  });
});
