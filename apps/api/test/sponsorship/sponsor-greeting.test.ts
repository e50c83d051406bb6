// Whom a sponsorship's emails greet (docs/product.md#sponsorship): a sponsor with an account by the
// account's name as it is when the email goes (a name corrected in the profile after sponsoring is the
// one used; by first name, the transfer's instructions by the whole name as a monthly gift's emails);
// a sponsor without an account by the name given when sponsoring.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { emailOutbox, sponsorships, users } from '../../src/db/schema';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { lapseChildLeftOffers } from '../../src/domain/sponsorship/child-left-offers';
import { releaseExpiredHolds } from '../../src/domain/sponsorship/places';
import { putSettings } from '../../src/platform/settings';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild } from '../support/sponsorship';

let ctx: TestContext;
let staff: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
  await putSettings(ctx.db, 'bankAccounts', {
    accounts: [{ id: 'bi', bank: 'Banco Industrial', accountType: 'monetaria', number: '123-456789-0', holder: 'Fundación Demo', hidden: false, sortOrder: 0 }],
  });
}, 60_000);
afterAll(() => ctx?.close());

const V1 = '/api/v1';
const CARD = { cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true };

/** Holds the child's place and starts it with the name and address typed at checkout; answers the sponsorship's id. */
async function sponsor(childId: number, checkout: { donorName: string; email: string; paymentMethod?: 'transfer' }, caller?: Caller) {
  const held = await inject(ctx.app, { method: 'POST', url: `${V1}/sponsorship/holds`, payload: { childId }, token: caller?.token });
  expect(held.statusCode, held.body).toBe(201);
  const payload = checkout.paymentMethod ? { ...checkout, acceptCodeOfConduct: true } : { ...checkout, ...CARD };
  const started = await inject(ctx.app, { method: 'POST', url: `${V1}/sponsorship/holds/${held.json().holdToken}/start`, payload, token: caller?.token });
  expect(started.statusCode, started.body).toBe(201);
  return started.json().sponsorshipId as number;
}

const setLeft = async (childId: number) => {
  const res = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/sponsorship/children/${childId}/status`, token: staff.token, payload: { status: 'left', reason: 'Se mudó' } });
  expect(res.statusCode, res.body).toBe(200);
};

/** The first line of the one email of `template` to `to`. */
const greetingOf = async (to: string, template: string) => {
  const sent = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template))).orderBy(asc(emailOutbox.id));
  expect(sent, template).toHaveLength(1);
  return sent[0].textBody.split('\n')[0];
};

describe("a sponsorship's emails", () => {
  it("greet a sponsor with an account by the account's current name, not the one typed when sponsoring", async () => {
    const account = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'], firstName: 'Ana', lastName: 'Ángel' });
    const typed = { donorName: 'ana angel', email: account.email };
    const waiting = await aChild(ctx.db, { firstName: 'Marisol' });
    const byTransfer = await sponsor(waiting.id, { ...typed, paymentMethod: 'transfer' }, account);
    expect(await greetingOf(account.email, 'sponsorship-transfer-instructions')).toBe('Hola Ana Ángel:');
    const leaving = await aChild(ctx.db, { firstName: 'Kevin' });
    const byCard = await sponsor(leaving.id, typed, account);

    // The sponsor corrects their name in the profile: every email from now on uses it.
    await ctx.db.update(users).set({ firstName: 'Juana' }).where(eq(users.id, account.id));

    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
    expect(await greetingOf(account.email, 'sponsorship-started')).toBe('Hola Juana:');

    await ctx.db.update(sponsorships).set({ heldUntil: sql`now() - interval '1 minute'` }).where(eq(sponsorships.id, byTransfer));
    expect(await releaseExpiredHolds(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await greetingOf(account.email, 'sponsorship-transfer-released')).toBe('Hola Juana:');

    const reply = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letter-replies`, token: staff.token, payload: { sponsorshipId: byCard, body: 'Gracias por tu carta, me gusta mucho la escuela.' } });
    expect(reply.statusCode, reply.body).toBe(201);
    const approved = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${reply.json().id}/approve`, token: staff.token, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await greetingOf(account.email, 'letter-reply')).toBe('Hola Juana:');

    const report = await inject(ctx.app, {
      method: 'POST',
      url: `${V1}/admin/sponsorship/children/${leaving.id}/progress-reports`,
      token: staff.token,
      payload: { period: 'Primer semestre 2026', reportDate: '2026-06-30', schoolGrade: 'Cuarto primaria', attendancePercent: 96, achievement: 'Lee en voz alta.', health: 'Sano.', messageToSponsor: 'Te manda saludos y un dibujo de su familia.', staffNotes: '' },
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(await greetingOf(account.email, 'progress-report')).toBe('Hola Juana:');

    await setLeft(leaving.id);
    expect(await greetingOf(account.email, 'sponsorship-child-left')).toBe('Hola Juana:');

    const [ended] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, byCard));
    expect(await lapseChildLeftOffers(ctx.db, monthlyContext(ctx.app), new Date(ended.offerUntil!.getTime() + 1_000))).toBe(1);
    expect(await greetingOf(account.email, 'sponsorship-offer-lapsed')).toBe('Hola Juana:');
  });

  it('greet a sponsor without an account by the name given when sponsoring', async () => {
    const email = 'rosa.sin.cuenta@correo.gt';
    const child = await aChild(ctx.db, { firstName: 'Yadira' });
    await sponsor(child.id, { donorName: 'Rosa Tum', email });
    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
    expect(await greetingOf(email, 'sponsorship-started')).toBe('Hola Rosa:');
    await setLeft(child.id);
    expect(await greetingOf(email, 'sponsorship-child-left')).toBe('Hola Rosa:');
  });
});
