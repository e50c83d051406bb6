// Choosing a child (docs/product.md#sponsorship): one place, one holder, even when many ask at once;
// an unpaid hold gives its place back; the first payment makes the sponsorship active; an expired
// consent hides the photo and the story at once; a photo is kept without its metadata.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { sponsoredChildren, sponsorships } from '../../src/db/schema';
import { sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';
import { releaseExpiredHolds } from '../../src/domain/sponsorship/places';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, aConsent, aPhoto, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

const hold = (childId: number | null, token?: string) => inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId }, token });
const START = { donorName: 'Marta Padrina', email: 'marta.padrina@correo.gt', cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true };

describe('holding a place', () => {
  it('gives the last place to exactly one of many parallel attempts', async () => {
    const child = await aChild(ctx.db, { firstName: 'Rosa' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => hold(child.id)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().detail).toBe('Ya no es posible apadrinar a esta niña o este niño. Elige a otra niña u otro niño de la lista.');
    const rows = await ctx.db.select().from(sponsorships).where(eq(sponsorships.childId, child.id));
    expect(rows).toHaveLength(1);
  });

  it('hides a held child from the waiting list, and releases the hold once it runs out', async () => {
    const child = await aChild(ctx.db, { firstName: 'Tomás' });
    const first = await hold(child.id);
    expect(first.statusCode).toBe(201);
    const list = await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' });
    expect(list.json().children.map((c: { id: number }) => c.id)).not.toContain(child.id);
    expect((await hold(child.id)).statusCode).toBe(409);
    // The hold runs out: read as free at once, and the job marks it released.
    await ctx.db.update(sponsorships).set({ heldUntil: sql`now() - interval '1 minute'` }).where(eq(sponsorships.holdToken, first.json().holdToken));
    const again = await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' });
    expect(again.json().children.map((c: { id: number }) => c.id)).toContain(child.id);
    const late = await inject(ctx.app, { method: 'POST', url: `/api/v1/sponsorship/holds/${first.json().holdToken}/start`, payload: START });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/reserva venció/);
    expect(await releaseExpiredHolds(ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await hold(child.id)).statusCode).toBe(201);
  });

  it('gives the first child back to the list when the same visitor chooses another (its hold token as replaces)', async () => {
    const ana = await aChild(ctx.db, { firstName: 'Ana' });
    const beto = await aChild(ctx.db, { firstName: 'Beto' });
    const first = await hold(ana.id);
    expect(first.statusCode).toBe(201);
    const second = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: beto.id, replaces: first.json().holdToken } });
    expect(second.statusCode).toBe(201);
    const list = await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' });
    const waiting = list.json().children.map((c: { id: number }) => c.id);
    expect(waiting).toContain(ana.id);
    expect(waiting).not.toContain(beto.id);
    const [released] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.holdToken, first.json().holdToken));
    expect(released).toMatchObject({ status: 'released', endReason: 'hold_replaced' });
    // A token that holds nothing (spent, someone else's made up) changes nothing.
    expect((await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: ana.id, replaces: 'no-es-una-reserva' } })).statusCode).toBe(201);
    const [stillHeld] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.holdToken, second.json().holdToken));
    expect(stillHeld.status).toBe('held');
  });

  it('lets one internet address hold only as many unpaid places at once as the setting allows', async () => {
    const from = (remoteAddress: string, childId: number, replaces?: string) =>
      inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId, replaces }, remoteAddress });
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const url = '/api/v1/admin/settings/sponsorship';
    const settings = (await inject(ctx.app, { method: 'GET', url, token: admin.token })).json();
    expect(settings.holds_per_connection).toBe(5);
    expect((await inject(ctx.app, { method: 'PUT', url, token: admin.token, payload: { ...settings, holds_per_connection: 2 } })).statusCode).toBe(200);
    const children = await Promise.all(['Uno', 'Dos', 'Tres', 'Cuatro'].map((firstName) => aChild(ctx.db, { firstName })));
    const [first, second] = [await from('203.0.113.7', children[0].id), await from('203.0.113.7', children[1].id)];
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const third = await from('203.0.113.7', children[2].id);
    expect(third.statusCode).toBe(409);
    expect(third.json().detail).toBe('Desde esta conexión ya hay 2 lugares reservados sin pagar. Termina ese apadrinamiento o espera a que venza la reserva para elegir a otra niña u otro niño.');
    const list = (await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' })).json().children.map((c: { id: number }) => c.id);
    expect(list).toContain(children[2].id);
    // Another address is not held back; choosing another child in place of one held is no new place.
    expect((await from('198.51.100.4', children[2].id)).statusCode).toBe(201);
    expect((await from('203.0.113.7', children[3].id, first.json().holdToken)).statusCode).toBe(201);
    // A hold whose time ran out no longer counts.
    await ctx.db.update(sponsorships).set({ heldUntil: sql`now() - interval '1 minute'` }).where(eq(sponsorships.holdToken, second.json().holdToken));
    expect((await from('203.0.113.7', children[0].id)).statusCode).toBe(201);
    expect((await from('203.0.113.7', children[1].id)).statusCode).toBe(409);
    await inject(ctx.app, { method: 'PUT', url, token: admin.token, payload: settings });
  });

  it('chooses the child waiting longest for "Donde más se necesite"', async () => {
    await ctx.db.update(sponsoredChildren).set({ status: 'paused' });
    await aChild(ctx.db, { firstName: 'Reciente', waitingSince: new Date(Date.now() - 86_400_000) });
    const oldest = await aChild(ctx.db, { firstName: 'Antigua', waitingSince: new Date(Date.now() - 90 * 86_400_000) });
    const res = await hold(null);
    expect(res.statusCode).toBe(201);
    expect(res.json().child.id).toBe(oldest.id);
  });
});

describe('sponsoring', () => {
  it('refuses a start without the code of conduct, with the error next to the field', async () => {
    const child = await aChild(ctx.db, { firstName: 'Elena' });
    const h = await hold(child.id);
    const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/sponsorship/holds/${h.json().holdToken}/start`, payload: { ...START, acceptCodeOfConduct: false } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('código de conducta');
  });

  it('becomes active, and the child apadrinado, when the monthly gift is first paid', async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'], email: 'sponsor.activo@correo.gt' });
    const child = await aChild(ctx.db, { firstName: 'Julia' });
    const h = await hold(child.id, sponsor.token);
    const started = await inject(ctx.app, { method: 'POST', url: `/api/v1/sponsorship/holds/${h.json().holdToken}/start`, payload: { ...START, email: sponsor.email }, token: sponsor.token });
    expect(started.statusCode).toBe(201);
    expect(started.json().childFirstName).toBe('Julia');
    const [row] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.holdToken, h.json().holdToken));
    expect(row.recurringGiftId).not.toBeNull();
    expect(row.codeOfConductAcceptedAt).not.toBeNull();
    expect(row.status).toBe('held');
    // The demo's monthly job charges the gift's first payment.
    expect(await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app))).toBeGreaterThanOrEqual(1);
    const [after] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, row.id));
    expect(after.status).toBe('active');
    const [c] = await ctx.db.select().from(sponsoredChildren).where(eq(sponsoredChildren.id, child.id));
    expect(c.status).toBe('sponsored');
    const mine = await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: sponsor.token });
    expect(mine.json().sponsorships.map((s: { child: { firstName: string } }) => s.child.firstName)).toEqual(['Julia']);
    // "Mis donaciones mensuales" names the child the gift sponsors, so a sponsor of two knows which to cancel.
    const gifts = await inject(ctx.app, { method: 'GET', url: '/api/v1/member/monthly-gifts', token: sponsor.token });
    expect(gifts.json().map((g: { sponsoredChildFirstName: string | null }) => g.sponsoredChildFirstName)).toEqual(['Julia']);
  });
});

describe('consent and photos', () => {
  it('hides the photo and the story everywhere at once when the consent expires', async () => {
    const child = await aChild(ctx.db, { firstName: 'Carmen' });
    const consent = await aConsent(ctx.db, child.id);
    const photo = await aPhoto(ctx.db, child.id);
    const before = (await inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/children/${child.id}` })).json();
    expect(before.photoUrl).toBe(`/api/v1/sponsorship/photos/${photo.id}`);
    expect(before.story).toBe('Le gusta leer.');
    expect((await inject(ctx.app, { method: 'GET', url: before.photoUrl })).statusCode).toBe(200);
    // Yesterday on Guatemala's day, the day consents are read by (not the database's UTC day).
    const today = sponsorshipToday();
    await ctx.db.execute(sql`update child_consents set given_on = ${today}::date - 400, expires_on = ${today}::date - 1 where id = ${consent.id}`);
    const after = (await inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/children/${child.id}` })).json();
    expect(after.photoUrl).toBeNull();
    expect(after.story).toBe('');
    expect((await inject(ctx.app, { method: 'GET', url: before.photoUrl })).statusCode).toBe(404);
  });

  it('refuses a photo without a current consent, and keeps an uploaded one without its metadata', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const child = await aChild(ctx.db, { firstName: 'Pedro' });
    const marker = 'GPS-Secreto-Comunidad-123';
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#88aaee' } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: marker, Artist: marker } })
      .toBuffer();
    expect(jpeg.toString('latin1')).toContain(marker);
    const upload = () =>
      inject(ctx.app, { method: 'POST', url: `/api/v1/admin/sponsorship/children/${child.id}/photos`, payload: jpeg, headers: { 'content-type': 'application/octet-stream' }, token: staff.token });
    const refused = await upload();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.file).toMatch(/consentimiento vigente/);
    await aConsent(ctx.db, child.id, { scope: 'photos' });
    const ok = await upload();
    expect(ok.statusCode, ok.body).toBe(201);
    const url = ok.json().photos[0].url as string;
    const served = await inject(ctx.app, { method: 'GET', url, token: staff.token });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-robots-tag']).toContain('noindex');
    expect(served.rawPayload.toString('latin1')).not.toContain(marker);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });
});

/** A hold from its own loopback address, so these tests are not counted in the rate limit of the ones above. */
const holdFrom = (childId: number) => inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId }, remoteAddress: '127.0.0.77' });

describe('who sees a child\'s photo: whom the child is shown to, nobody else', () => {
  const get = (url: string, token?: string) => inject(ctx.app, { method: 'GET', url, token });
  /** A waiting child whose only place is kept for the sponsor who stopped (decision 0051). */
  async function inGracePeriod(firstName: string) {
    const child = await aChild(ctx.db, { firstName });
    await aConsent(ctx.db, child.id);
    const photo = await aPhoto(ctx.db, child.id);
    const former = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    await ctx.db.insert(sponsorships).values({
      childId: child.id, place: 1, status: 'ended', endReason: 'sponsor_stopped', holdToken: `t-gracia-${child.id}`, heldUntil: new Date(),
      userId: former.id, amountCents: 25_000, startedAt: new Date(Date.now() - 86_400_000), endedAt: new Date(), placeFreeAt: new Date(Date.now() + 90 * 86_400_000),
    });
    return { child, photo, former };
  }

  it('answers 404 to a stranger for a child in the grace period, as for a photo that does not exist', async () => {
    const { child, photo, former } = await inGracePeriod('Valentina');
    expect((await get(`/api/v1/sponsorship/children/${child.id}`)).statusCode).toBe(404);
    const refused = await get(`/api/v1/sponsorship/photos/${photo.id}`);
    const missing = await get('/api/v1/sponsorship/photos/987654');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(missing.json());
    // Not to the former sponsor either, nor with a made-up hold token; staff who manage sponsorship see it.
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}`, former.token)).statusCode).toBe(404);
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}?hold=t-gracia-${child.id}`)).statusCode).toBe(404);
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}`, staff.token)).statusCode).toBe(200);
    const finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}`, finance.token)).statusCode).toBe(404);
  });

  it('shows a held child\'s photo to the holder (its hold token) and to nobody else, until the hold runs out', async () => {
    const child = await aChild(ctx.db, { firstName: 'Irma' });
    await aConsent(ctx.db, child.id);
    const photo = await aPhoto(ctx.db, child.id);
    const held = await holdFrom(child.id);
    expect(held.statusCode).toBe(201);
    const { holdToken } = held.json();
    expect(held.json().child.photoUrl).toBe(`/api/v1/sponsorship/photos/${photo.id}?hold=${holdToken}`);
    expect((await get(held.json().child.photoUrl)).statusCode).toBe(200);
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}`)).statusCode).toBe(404);
    // Another child's live hold does not open this one.
    const other = await aChild(ctx.db, { firstName: 'Otto' });
    const otherHold = (await holdFrom(other.id)).json().holdToken;
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}?hold=${otherHold}`)).statusCode).toBe(404);
    await ctx.db.update(sponsorships).set({ heldUntil: sql`now() - interval '1 minute'` }).where(eq(sponsorships.holdToken, holdToken));
    // The hold ran out: the child is public again, so is the photo (to everyone).
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}`)).statusCode).toBe(200);
  });

  it('shows a sponsored child\'s photo to the active sponsor only, and an unconsented photo to no one outside staff', async () => {
    const child = await aChild(ctx.db, { firstName: 'Samuel', status: 'sponsored' });
    await aConsent(ctx.db, child.id);
    const photo = await aPhoto(ctx.db, child.id);
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    const stranger = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    await anActiveSponsorship(ctx.db, child.id, sponsor.id);
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}`, sponsor.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/v1/sponsorship/photos/${photo.id}`)).statusCode).toBe(404);
    const unconsented = await aChild(ctx.db, { firstName: 'Nora' });
    const hidden = await aPhoto(ctx.db, unconsented.id);
    expect((await get(`/api/v1/sponsorship/photos/${hidden.id}`)).statusCode).toBe(404);
  });
});

describe('one answer for a child who cannot be held now', () => {
  const NOT_AVAILABLE = 'Ya no es posible apadrinar a esta niña o este niño. Elige a otra niña u otro niño de la lista.';
  it('answers the same 409 for an unknown id, a child not waiting, in the grace period or fully taken', async () => {
    const sponsored = await aChild(ctx.db, { firstName: 'Hugo', status: 'sponsored' });
    const grace = await aChild(ctx.db, { firstName: 'Valeria' });
    await ctx.db.insert(sponsorships).values({
      childId: grace.id, place: 1, status: 'ended', endReason: 'sponsor_stopped', holdToken: `t-gracia-h-${grace.id}`, heldUntil: new Date(),
      amountCents: 25_000, endedAt: new Date(), placeFreeAt: new Date(Date.now() + 90 * 86_400_000),
    });
    const full = await aChild(ctx.db, { firstName: 'Rut' });
    expect((await holdFrom(full.id)).statusCode).toBe(201);
    const answers = await Promise.all([987_654, sponsored.id, grace.id, full.id].map((id) => holdFrom(id)));
    for (const a of answers) {
      expect(a.statusCode).toBe(409);
      expect(a.json().detail).toBe(NOT_AVAILABLE);
    }
  });

  it('documents the answers the route gives: 409 for a child who cannot be held, never a 404', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths['/api/v1/sponsorship/holds'].post.responses).sort()).toEqual(['201', '400', '409', '429']);
  });
});

describe('the demo', () => {
  it('seeds fictional children with drawn illustrations, and a sponsor for the demo donor', async () => {
    const { seedSponsorship } = await import('../../src/db/seed-sponsorship');
    await ctx.db.delete(sponsorships);
    await ctx.db.delete(sponsoredChildren);
    const demoDonor = await make.signIn(ctx.app, ctx.db, { email: 'donante@ejemplo.org', roles: ['DONOR', 'USER'] });
    await seedSponsorship(ctx.db);
    const list = (await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' })).json();
    expect(list.children.length).toBe(5);
    expect(list.children[0].firstName).toBe('Lupita');
    const photo = await inject(ctx.app, { method: 'GET', url: list.children[0].photoUrl });
    expect(photo.statusCode).toBe(200);
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(480);
    // Seeding again adds nothing.
    await seedSponsorship(ctx.db);
    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' })).json().children.length).toBe(5);
    // The demo donor reads a letter each way: theirs to Kevin, approved, and Kevin's reply with its translation.
    const [demo] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.userId, demoDonor.id));
    const letters = (await inject(ctx.app, { method: 'GET', url: `/api/v1/users/me/sponsorships/${demo.id}/letters`, token: demoDonor.token })).json();
    expect(letters.childFirstName).toBe('Kevin');
    expect(letters.letters.map((l: { direction: string; status: string }) => [l.direction, l.status])).toEqual([
      ['to_child', 'approved'],
      ['to_sponsor', 'delivered'],
    ]);
    expect(letters.letters[1].translation).toContain('kaqchikel');
  });
});
