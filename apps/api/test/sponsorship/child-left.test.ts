// A child who leaves the programme (docs/product.md#sponsorship): when staff set "salió del programa",
// each active sponsor gets one careful email with the child's first name and a link to choose in "Mi
// ahijado/a" (without an account, a signed link to the same choice, /apadrina/eleccion), never the
// reason nor a staff-only field; no email for other statuses, nor when set again. The choice from
// "Mi ahijado/a" is in lifecycle.test.ts; the signed link's is here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { STAFF_ONLY_CHILD_FIELDS } from '@donaciones/shared/schemas/sponsorship';
import { emailOutbox, sponsorships } from '../../src/db/schema';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { getSettings, putSettings } from '../../src/platform/settings';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

const setStatus = (token: string, id: number, status: string, reason = '') =>
  inject(ctx.app, { method: 'POST', url: `/api/v1/admin/sponsorship/children/${id}/status`, token, payload: { status, reason } });

const emailsTo = (addresses: string[]) => ctx.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));

describe('a child leaves the programme', () => {
  it('tells the active sponsor once, with the first name and a link to Mi ahijado/a, and nothing staff keep', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const child = await aChild(ctx.db, {
      firstName: 'Marisol',
      fullName: 'Marisol APELLIDOSECRETO',
      community: 'ALDEASECRETA',
      school: 'ESCUELASECRETA',
      guardianName: 'TUTORSECRETO',
      familySituation: 'SITUACIONSECRETA',
      notes: 'NOTASECRETA',
      status: 'sponsored',
    });
    await anActiveSponsorship(ctx.db, child.id, sponsor.id);

    expect((await setStatus(staff.token, child.id, 'paused', 'Vacaciones')).statusCode).toBe(200);
    expect(await emailsTo([sponsor.email])).toHaveLength(0);

    const left = await setStatus(staff.token, child.id, 'left', 'MOTIVOSECRETO de la familia');
    expect(left.statusCode).toBe(200);
    const [email, ...more] = await emailsTo([sponsor.email]);
    expect(more).toHaveLength(0);
    expect(email.template).toBe('sponsorship-child-left');
    expect(email.subject).toBe('Marisol ya no forma parte del programa');
    expect(email.textBody).toContain('Marisol salió del programa');
    expect(email.textBody).toContain('{{PUBLIC_URL}}/donor/ahijado');
    for (const secret of ['MOTIVOSECRETO', 'APELLIDOSECRETO', 'ALDEASECRETA', 'ESCUELASECRETA', 'TUTORSECRETO', 'SITUACIONSECRETA', 'NOTASECRETA', '2016-05-10']) {
      expect(`${email.subject}\n${email.textBody}`).not.toContain(secret);
    }
    expect(STAFF_ONLY_CHILD_FIELDS).toContain('statusReason');

    // Saved again as "salió" (a corrected reason): no second email.
    expect((await setStatus(staff.token, child.id, 'left', 'Otro motivo')).statusCode).toBe(200);
    expect(await emailsTo([sponsor.email])).toHaveLength(1);
  });

  it('writes to the address given when sponsoring without an account, and to no one for a held or ended place', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const child = await aChild(ctx.db, { firstName: 'Elmer', sponsorPlaces: 3 });
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const active = await anActiveSponsorship(ctx.db, child.id, sponsor.id);
    await ctx.db.update(sponsorships).set({ userId: null, sponsorEmail: ' sin.cuenta@correo.gt ', sponsorName: 'Lucía Pérez' }).where(eq(sponsorships.id, active.id));
    const ended = await ctx.db
      .insert(sponsorships)
      .values({ childId: child.id, place: 2, status: 'ended', holdToken: `ended-${child.id}`, heldUntil: new Date(), sponsorEmail: 'terminado@correo.gt', amountCents: 25_000 })
      .returning();
    expect(ended).toHaveLength(1);

    expect((await setStatus(staff.token, child.id, 'left', 'Se mudó')).statusCode).toBe(200);
    const sent = await emailsTo(['sin.cuenta@correo.gt', 'terminado@correo.gt']);
    expect(sent.map((e) => e.toAddress)).toEqual(['sin.cuenta@correo.gt']);
    expect(sent[0].textBody).toMatch(/^Hola Lucía:/);
    expect(sent[0].textBody).toMatch(/\/apadrina\/eleccion\?token=[\w.%-]+/);
  });
});

describe("the signed link of a sponsor without an account", () => {
  /** A visitor who sponsored without an account and paid the first month; staff set "salió"; the link of the email. */
  async function leftWithoutAccount(firstName: string, email: string) {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const child = await aChild(ctx.db, { firstName });
    const held = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: child.id } });
    const payload = { donorName: 'Rosa Tum', email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true };
    const started = await inject(ctx.app, { method: 'POST', url: `/api/v1/sponsorship/holds/${held.json().holdToken}/start`, payload });
    expect(started.statusCode, started.body).toBe(201);
    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
    const [active] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, started.json().sponsorshipId));
    expect([active.status, active.userId]).toEqual(['active', null]);
    expect((await setStatus(staff.token, child.id, 'left', 'Se mudó')).statusCode).toBe(200);
    const sent = (await emailsTo([email])).find((e) => e.template === 'sponsorship-child-left')!;
    const token = decodeURIComponent(/\/apadrina\/eleccion\?token=([\w.%-]+)/.exec(sent.textBody)![1]);
    return { active, token };
  }
  const offer = (token: string) => inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/offer?token=${encodeURIComponent(token)}` });
  const choose = (token: string, payload: object) => inject(ctx.app, { method: 'POST', url: `/api/v1/sponsorship/offer/choice?token=${encodeURIComponent(token)}`, payload });

  it('opens that one choice without signing in, keeps giving where most needed, and is closed after', async () => {
    const { active, token } = await leftWithoutAccount('Yadira', 'yadira.sin.cuenta@correo.gt');
    const open = await offer(token);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual({ sponsorshipId: active.id, childFirstName: 'Yadira', offerUntil: expect.any(String), amountCents: 25_000, currency: 'GTQ' });
    expect(open.body).not.toContain('Se mudó');

    const kept = await choose(token, { choice: 'keep_giving' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ choice: 'keep_giving', sponsorshipId: null, childFirstName: null });
    const [row] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, active.id));
    expect(row.offerChoice).toBe('keep_giving');
    const closed = await offer(token);
    expect([closed.statusCode, closed.json().detail]).toEqual([409, 'Esta elección ya no está pendiente']);
    expect((await choose(token, { choice: 'cancel' })).statusCode).toBe(409);
  });

  it('moves the same gift to another waiting child, the new sponsorship the same address\'s', async () => {
    const { active, token } = await leftWithoutAccount('Ixchel', 'ixchel.sin.cuenta@correo.gt');
    const next = await aChild(ctx.db, { firstName: 'Tomasa' });
    const moved = await choose(token, { choice: 'another_child', childId: next.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ choice: 'another_child', childFirstName: 'Tomasa' });
    const [created] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, moved.json().sponsorshipId));
    expect([created.status, created.userId, created.sponsorEmail, created.recurringGiftId]).toEqual(['active', null, 'ixchel.sin.cuenta@correo.gt', active.recurringGiftId]);
  });

  it('refuses a tampered, foreign-purpose or missing token in Spanish (401 or 400), revealing nothing', async () => {
    const { token } = await leftWithoutAccount('Wendy', 'wendy.sin.cuenta@correo.gt');
    const tampered = `${token.slice(0, -2)}xx`;
    for (const res of [await offer(tampered), await choose(tampered, { choice: 'keep_giving' })]) {
      expect([res.statusCode, res.json().detail]).toEqual([401, 'Este enlace no es válido o ya venció. Escríbenos a la dirección de contacto y te ayudamos.']);
    }
    const { signedLinks } = await import('../../src/platform/signed-links');
    const foreign = await signedLinks(ctx.app.config.jwtSecret).sign({ purpose: 'monthly-gift', subject: 1 });
    expect((await offer(foreign)).statusCode).toBe(401);
    const missing = await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/offer' });
    expect(missing.statusCode).toBe(400);
    expect((await choose(token, { choice: 'otra' })).statusCode).toBe(400);
  });

  it('works until the choice\'s deadline when the grace period is longer than a link\'s usual 60 days', async () => {
    const sponsorship = await getSettings(ctx.db, 'sponsorship');
    await putSettings(ctx.db, 'sponsorship', { ...sponsorship, child_left_grace_days: 150 });
    try {
      const { active, token } = await leftWithoutAccount('Marleny', 'marleny.sin.cuenta@correo.gt');
      const [ended] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, active.id));
      const days = (ended.offerUntil!.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(149);
      // The link outlives the deadline's whole day, not the usual 60 days from the email.
      const expires = decodeJwt(token).exp! * 1000;
      expect(expires).toBeGreaterThanOrEqual(ended.offerUntil!.getTime() + 86_400_000 - 1000);
      expect((await offer(token)).statusCode).toBe(200);
    } finally {
      await putSettings(ctx.db, 'sponsorship', sponsorship);
    }
  });
});
