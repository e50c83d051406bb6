// How staff screens name a sponsor (docs/product.md#sponsorship): a sponsor with an account by the
// account's name as it is now (a name corrected in the profile after sponsoring is the one shown, as
// the sponsorship's emails greet them), a sponsorship without an account by the name given when
// sponsoring; in the letters queue and a letter's card, the child's record ("Quienes apadrinan") and
// the birthday gifts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { donations, sponsorshipBirthdayGifts, sponsorships, users } from '../../src/db/schema';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aPaidBirthdayGift } from '../support/birthday-gifts';

let ctx: TestContext;
let staff: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'], firstName: 'Lucía', lastName: 'Staff' });
}, 60_000);
afterAll(() => ctx?.close());

const V1 = '/api/v1';

/** A sponsor's paid birthday gift for a new child, the sponsorship stored with `typedName`, and a letter of it in review. */
async function sponsorWithLetter(sponsor: Caller, typedName: string | null) {
  const giftId = await aPaidBirthdayGift(ctx.db, sponsor.id);
  const [gift] = await ctx.db.select().from(sponsorshipBirthdayGifts).where(eq(sponsorshipBirthdayGifts.id, giftId));
  await ctx.db.update(sponsorships).set({ sponsorName: typedName }).where(eq(sponsorships.id, gift.sponsorshipId));
  const written = await inject(ctx.app, { method: 'POST', url: `${V1}/users/me/sponsorships/${gift.sponsorshipId}/letters`, token: sponsor.token, payload: { body: 'Hola, te mando un abrazo grande y muchos saludos.' } });
  expect(written.statusCode, written.body).toBe(201);
  return { giftId, childId: gift.childId, sponsorshipId: gift.sponsorshipId, donationId: gift.donationId, letterId: written.json().id as number };
}

const get = async (url: string) => {
  const res = await inject(ctx.app, { method: 'GET', url: `${V1}${url}`, token: staff.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The sponsor's name on each staff screen of the sponsorship `s`. */
async function namesShown(s: Awaited<ReturnType<typeof sponsorWithLetter>>) {
  const queue = await get('/admin/letters?status=in_review');
  const record = await get(`/admin/sponsorship/children/${s.childId}`);
  const gifts = await get(`/admin/sponsorship/birthday-gifts?state=all&childId=${s.childId}`);
  return {
    queue: queue.letters.find((l: { id: number }) => l.id === s.letterId)?.sponsorName,
    card: (await get(`/admin/letters/${s.letterId}`)).sponsorName,
    record: record.sponsorships.find((p: { id: number }) => p.id === s.sponsorshipId)?.sponsorName,
    gift: gifts.gifts.find((g: { id: number }) => g.id === s.giftId)?.sponsorName,
  };
}

const everywhere = (name: string) => ({ queue: name, card: name, record: name, gift: name });

describe('staff screens name a sponsor', () => {
  it("with an account by the account's current name, not the one typed when sponsoring", async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'], firstName: 'Ana', lastName: 'Ángel' });
    const s = await sponsorWithLetter(sponsor, 'ana angel');
    // Delivered by staff: the list also names who delivered it, from the same accounts.
    const delivered = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/sponsorship/birthday-gifts/${s.giftId}/delivered`, token: staff.token });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await namesShown(s)).toEqual(everywhere('Ana Ángel'));

    await ctx.db.update(users).set({ firstName: 'Juana' }).where(eq(users.id, sponsor.id));
    expect(await namesShown(s)).toEqual(everywhere('Juana Ángel'));
    const gift = (await get(`/admin/sponsorship/birthday-gifts?state=all&childId=${s.childId}`)).gifts[0];
    expect(gift.deliveredBy).toBe('Lucía Staff');
  });

  it('without an account (or with a nameless one) by the name given when sponsoring', async () => {
    const gone = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'], firstName: 'Rosa', lastName: 'Tum' });
    const noAccount = await sponsorWithLetter(gone, 'Rosita Tum');
    await ctx.db.update(sponsorships).set({ userId: null }).where(eq(sponsorships.id, noAccount.sponsorshipId));
    expect(await namesShown(noAccount)).toEqual(everywhere('Rosita Tum'));

    const nameless = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'], firstName: 'Pedro', lastName: 'Xol' });
    const s = await sponsorWithLetter(nameless, 'Pedro Xol Cux');
    await ctx.db.update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, nameless.id));
    expect(await namesShown(s)).toEqual(everywhere('Pedro Xol Cux'));

    // No name stored either: the birthday gift says the gift's donor, the letters and the record none.
    await ctx.db.update(sponsorships).set({ sponsorName: null }).where(eq(sponsorships.id, s.sponsorshipId));
    await ctx.db.update(donations).set({ donorName: 'Pedro del regalo' }).where(eq(donations.id, s.donationId));
    expect(await namesShown(s)).toEqual({ queue: '', card: '', record: null, gift: 'Pedro del regalo' });
  });
});
