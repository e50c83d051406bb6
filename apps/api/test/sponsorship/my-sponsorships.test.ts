// "Mi ahijado/a" as the sponsor lives it (docs/product.md#sponsorship): a place held while its first
// payment is on its way says until when and how it is paid, with the child's public fields only; a
// sponsorship that ended stays listed under "Apadrinamientos anteriores" with the child's first name,
// its dates and how it ended, nothing more of the child (decision 0073), and its letters (the
// sponsor's own photo included) stay readable by its author only.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type MySponsorships, childFieldsFor } from '@donaciones/shared/schemas/sponsorship';
import { sponsorshipLetters, sponsorships } from '../../src/db/schema';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { putSettings } from '../../src/platform/settings';
import { type Caller, createTestApp, inject, json, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, aConsent, aPhoto } from '../support/sponsorship';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await putSettings(ctx.db, 'bankAccounts', {
    accounts: [{ id: 'bi', bank: 'Banco Industrial', accountType: 'monetaria', number: '123-456789-0', holder: 'Fundación Demo', hidden: false, sortOrder: 0 }],
  });
}, 60_000);
afterAll(() => ctx?.close());

/** What staff keep about the child: none of it may reach the sponsor. */
const STAFF_MARKERS = { fullName: 'Apellido-Secreto-9Z', community: 'Caserío-Secreto-9Z', school: 'Escuela-Secreta-9Z', guardianName: 'Tutora-Secreta-9Z', notes: 'Nota-Secreta-9Z' };
const CARD = { donorName: 'Marta Padilla', cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true };
const mine = async (caller: Caller) => json<MySponsorships>(await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: caller.token }));

async function holdAndStart(sponsor: Caller, childId: number, payload: object) {
  const held = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId }, token: sponsor.token });
  const started = await inject(ctx.app, { method: 'POST', url: `/api/v1/sponsorship/holds/${held.json().holdToken}/start`, payload: { ...payload, email: sponsor.email }, token: sponsor.token });
  expect(started.statusCode, started.body).toBe(201);
  return started.json() as { sponsorshipId: number; transfer: { reference: string } | null };
}

describe('Mi ahijado/a', () => {
  it('says until when a place waits for its first transfer, and how, with the public fields only', async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    const child = await aChild(ctx.db, { firstName: 'Marisol', ...STAFF_MARKERS });
    await aConsent(ctx.db, child.id);
    await aPhoto(ctx.db, child.id);
    const started = await holdAndStart(sponsor, child.id, { donorName: 'Lucía', paymentMethod: 'transfer', acceptCodeOfConduct: true });
    const [row] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, started.sponsorshipId));
    const { sponsorships: [held], past } = await mine(sponsor);
    expect(held).toMatchObject({ status: 'held', heldUntil: row.heldUntil.toISOString(), paymentMethod: 'transfer', transferReference: started.transfer!.reference });
    expect(Object.keys(held.child).sort()).toEqual(childFieldsFor('public').sort());
    expect(past).toEqual([]);
    // The photo answers its holder through the hold's token, as on /apadrina/reserva; not without it.
    expect(held.child.photoUrl).toMatch(new RegExp(`^/api/v1/sponsorship/photos/\\d+\\?hold=${row.holdToken}$`));
    expect((await inject(ctx.app, { method: 'GET', url: held.child.photoUrl!, token: sponsor.token })).statusCode).toBe(200);
    expect((await inject(ctx.app, { method: 'GET', url: held.child.photoUrl!.split('?')[0], token: sponsor.token })).statusCode).toBe(404);
  });

  it('keeps an ended sponsorship under past with the first name, dates and how it ended, and its letters for their author only', async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const stranger = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const child = await aChild(ctx.db, { firstName: 'Tomasa', ...STAFF_MARKERS });
    const { sponsorshipId } = await holdAndStart(sponsor, child.id, CARD);
    expect(await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app))).toBeGreaterThanOrEqual(1);
    expect((await mine(sponsor)).sponsorships.map((s) => s.status)).toEqual(['active']);

    // A letter with a photo, then the sponsor cancels the monthly gift: the sponsorship ends.
    const letter = await inject(ctx.app, { method: 'POST', url: `/api/v1/users/me/sponsorships/${sponsorshipId}/letters`, token: sponsor.token, payload: { body: 'Hola Tomasa, te mando una foto de mi gato que se llama Pinto.' } });
    const letterId = letter.json().id as number;
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
    expect((await inject(ctx.app, { method: 'PUT', url: `/api/v1/users/me/letters/${letterId}/photo`, token: sponsor.token, payload: photo, headers: { 'content-type': 'application/octet-stream' } })).statusCode).toBe(201);
    const [row] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, sponsorshipId));
    const cancel = await inject(ctx.app, { method: 'POST', url: `/api/v1/member/monthly-gifts/${row.recurringGiftId}/cancel`, token: sponsor.token, payload: { reason: 'Cambio de planes' } });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const after = await mine(sponsor);
    expect(after.sponsorships).toEqual([]);
    const [ended] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.id, sponsorshipId));
    expect(after.past).toEqual([{ id: sponsorshipId, childFirstName: 'Tomasa', startedAt: ended.startedAt!.toISOString(), endedAt: ended.endedAt!.toISOString(), endReason: 'sponsor_stopped' }]);
    const answer = JSON.stringify(after);
    for (const marker of Object.values(STAFF_MARKERS)) expect(answer).not.toContain(marker);
    expect(answer).not.toContain('/photos/');

    // Its letters stay readable, no longer writable; the sponsor's own photo is served to its author only.
    const letters = await inject(ctx.app, { method: 'GET', url: `/api/v1/users/me/sponsorships/${sponsorshipId}/letters`, token: sponsor.token });
    expect(letters.json()).toMatchObject({ childFirstName: 'Tomasa', canWrite: false, letters: [{ id: letterId, hasPhoto: true }] });
    const own = await inject(ctx.app, { method: 'GET', url: `/api/v1/users/me/letters/${letterId}/photo`, token: sponsor.token });
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'image/png']);
    const absent = await inject(ctx.app, { method: 'GET', url: '/api/v1/users/me/letters/999999/photo', token: stranger.token });
    const refused = await inject(ctx.app, { method: 'GET', url: `/api/v1/users/me/letters/${letterId}/photo`, token: stranger.token });
    expect([refused.statusCode, refused.json()]).toEqual([404, absent.json()]);
    expect((await mine(stranger)).past).toEqual([]);
    // A photo on a letter of this sponsorship that the sponsor did not write is not theirs to see.
    await ctx.db.update(sponsorshipLetters).set({ writtenByUserId: stranger.id }).where(eq(sponsorshipLetters.id, letterId));
    const notAuthor = await inject(ctx.app, { method: 'GET', url: `/api/v1/users/me/letters/${letterId}/photo`, token: sponsor.token });
    expect([notAuthor.statusCode, notAuthor.json()]).toEqual([404, absent.json()]);
  });

  it('lists a sponsorship whose child left as ended by the child leaving, beside the offer', async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const child = await aChild(ctx.db, { firstName: 'Esteban', ...STAFF_MARKERS });
    const { sponsorshipId } = await holdAndStart(sponsor, child.id, CARD);
    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const left = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/sponsorship/children/${child.id}/status`, token: staff.token, payload: { status: 'left', reason: 'Motivo-Secreto-9Z' } });
    expect(left.statusCode).toBe(200);
    const after = await mine(sponsor);
    expect(after.past).toEqual([expect.objectContaining({ id: sponsorshipId, childFirstName: 'Esteban', endReason: 'child_left' })]);
    expect(JSON.stringify(after)).not.toContain('Motivo-Secreto-9Z');
  });
});
