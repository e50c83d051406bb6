// Whose name signs a letter in the print-ready PDF (docs/product.md#sponsorship-letters): a sponsor
// with an account by the account's first name as it is when printed (a name corrected in the profile
// after sponsoring is the one the child reads), as the sponsorship's emails greet them; a sponsor
// whose account is gone by the first name given when sponsoring.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sponsorships, users } from '../../src/db/schema';
import { createTestApp, inject, pdfText, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
let staff: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
}, 60_000);
afterAll(() => ctx?.close());

const V1 = '/api/v1';

/** An active sponsorship of a new child by `sponsor`, stored with the name typed when sponsoring, and an approved letter of it. */
async function approvedLetter(sponsor: Caller, child: string, typedName: string) {
  const row = await anActiveSponsorship(ctx.db, (await aChild(ctx.db, { firstName: child, fullName: `${child} Prueba`, status: 'sponsored' })).id, sponsor.id);
  await ctx.db.update(sponsorships).set({ sponsorName: typedName }).where(eq(sponsorships.id, row.id));
  const written = await inject(ctx.app, { method: 'POST', url: `${V1}/users/me/sponsorships/${row.id}/letters`, token: sponsor.token, payload: { body: `Hola ${child}, te mando un abrazo grande y muchos saludos.` } });
  expect(written.statusCode, written.body).toBe(201);
  const approved = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${written.json().id}/approve`, token: staff.token, payload: {} });
  expect(approved.statusCode, approved.body).toBe(200);
  return row.id;
}

describe('the printed letters', () => {
  it("are signed with the account's current first name, else the name given when sponsoring", async () => {
    const corrected = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'], firstName: 'Ana', lastName: 'Ángel' });
    await approvedLetter(corrected, 'Marisol', 'ana angel');
    const gone = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'], firstName: 'Rosa', lastName: 'Tum' });
    const goneSponsorship = await approvedLetter(gone, 'Yadira', 'Rosita Tum');

    // One corrects their name in the profile; the other's account is removed (the sponsorship keeps no account).
    await ctx.db.update(users).set({ firstName: 'Juana' }).where(eq(users.id, corrected.id));
    await ctx.db.update(sponsorships).set({ userId: null }).where(eq(sponsorships.id, goneSponsorship));

    const res = await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/print.pdf`, token: staff.token });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toMatch(/Para: Marisol Prueba De: Juana · /);
    expect(text).toMatch(/Para: Yadira Prueba De: Rosita · /);
    expect(text).not.toContain('De: ana');
  });
});
