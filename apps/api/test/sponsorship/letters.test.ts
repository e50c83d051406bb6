// Sponsorship letters (docs/product.md#sponsorship-letters): a sponsor's letter is flagged and cannot
// be approved with a contact detail left in it unless staff give a reason; a sponsor never reads a
// reply before approval, nor its original text; another sponsor reads nothing of it; files are
// re-encoded without metadata; the print PDF carries only approved text, grouped by community.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, sponsoredChildren, sponsorshipLetters, sponsorships } from '../../src/db/schema';
import { PUBLIC_URL_MARK } from '../../src/platform/email-outbox';
import { createTestApp, inject, json, pdfText, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let sponsor: Caller;
let otherSponsor: Caller;
let staff: Caller;
let sponsorshipId: number;
let otherSponsorshipId: number;
const V1 = '/api/v1';
const LETTER = 'Hola Ana, te escribo desde Texas. Mi correo es padrino.prueba@example.com y mi número +1 (312) 555-0199. ¡Saludos!';

async function aSponsorship(userId: number, community: string, firstName: string) {
  const [child] = await ctx.db
    .insert(sponsoredChildren)
    .values({ firstName, fullName: `${firstName} Prueba Completa`, birthDate: '2016-05-10', department: 'Sololá', community, status: 'sponsored' })
    .returning();
  const [row] = await ctx.db
    .insert(sponsorships)
    .values({ childId: child.id, place: 1, status: 'active', holdToken: `t-${child.id}-${userId}`, heldUntil: new Date(), userId, amountCents: 25_000, startedAt: new Date(), sponsorName: 'Roberto Padrino' })
    .returning();
  return row.id;
}

async function write(caller: Caller, id: number, body = LETTER) {
  return inject(ctx.app, { method: 'POST', url: `${V1}/users/me/sponsorships/${id}/letters`, token: caller.token, payload: { body } });
}

async function staffLetter(id: number) {
  return json<{ body: string; flags: Array<{ kind: string; start: number; end: number; text: string }>; status: string; sharedBody: string | null }>(
    await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/${id}`, token: staff.token }),
  );
}

beforeAll(async () => {
  ctx = await createTestApp();
  sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  otherSponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
  sponsorshipId = await aSponsorship(sponsor.id, 'Comunidad Sol', 'Ana');
  otherSponsorshipId = await aSponsorship(otherSponsor.id, 'Comunidad Luna', 'Luis');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('a sponsor writes, staff moderate', () => {
  it('flags the contact details and refuses approval while one is left unredacted', async () => {
    const res = await write(sponsor, sponsorshipId);
    expect(res.statusCode).toBe(201);
    const id = json<{ id: number; status: string }>(res).id;
    expect(json<{ status: string }>(res).status).toBe('in_review');

    const queue = json<{ letters: Array<{ id: number; flags: unknown[] }> }>(await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters`, token: staff.token }));
    const queued = queue.letters.find((l) => l.id === id);
    expect(queued?.flags.length).toBe(2);

    const letter = await staffLetter(id);
    expect(letter.flags.map((f) => f.kind)).toEqual(['email', 'phone']);
    const bare = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/approve`, token: staff.token, payload: {} });
    expect(bare.statusCode).toBe(409);
    expect(json<{ errors: Record<string, string> }>(bare).errors.overrideReason).toMatch(/datos de contacto sin retirar/);
    const half = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/approve`, token: staff.token, payload: { redactions: [letter.flags[0]] } });
    expect(half.statusCode).toBe(409);
    expect((await staffLetter(id)).status).toBe('in_review');

    const outside = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/approve`, token: staff.token, payload: { redactions: [{ start: 0, end: 9999 }] } });
    expect(outside.statusCode).toBe(400);

    const ok = await inject(ctx.app, {
      method: 'POST',
      url: `${V1}/admin/letters/${id}/approve`,
      token: staff.token,
      payload: { redactions: letter.flags.map(({ start, end }) => ({ start, end })) },
    });
    expect(ok.statusCode).toBe(200);
    const approved = json<{ status: string; sharedBody: string; body: string }>(ok);
    expect(approved.status).toBe('approved');
    expect(approved.sharedBody).toBe('Hola Ana, te escribo desde Texas. Mi correo es [retirado] y mi número [retirado]. ¡Saludos!');
    expect(approved.body).toBe(LETTER);
    const again = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/approve`, token: staff.token, payload: {} });
    expect(again.statusCode).toBe(409);
    const own = json<{ letters: Array<{ id: number; body: string }> }>(
      await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/sponsorships/${sponsorshipId}/letters`, token: sponsor.token }),
    );
    expect(own.letters.find((l) => l.id === id)?.body).toBe(approved.sharedBody);
  });

  it('approves a flagged letter as written only with a reason, which is kept', async () => {
    const id = json<{ id: number }>(await write(sponsor, sponsorshipId, 'Querida Ana, en mi ciudad hay una Calle Real muy bonita como en Antigua.')).id;
    expect((await staffLetter(id)).flags.length).toBeGreaterThan(0);
    const res = await inject(ctx.app, {
      method: 'POST',
      url: `${V1}/admin/letters/${id}/approve`,
      token: staff.token,
      payload: { overrideReason: 'Habla de una calle de otra ciudad, no es su dirección' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(sponsorshipLetters).where(eq(sponsorshipLetters.id, id));
    expect(row.overrideReason).toBe('Habla de una calle de otra ciudad, no es su dirección');
  });

  it('returns a letter with a reason the sponsor reads', async () => {
    const id = json<{ id: number }>(await write(sponsor, sponsorshipId, 'Hola, ¿me puedes mandar una foto de tu casa y de la calle donde vives?')).id;
    const empty = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/return`, token: staff.token, payload: { reason: ' ' } });
    expect(empty.statusCode).toBe(400);
    const res = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/return`, token: staff.token, payload: { reason: 'No pedimos fotos de la casa por seguridad' } });
    expect(res.statusCode).toBe(200);
    const own = json<{ letters: Array<{ id: number; status: string; returnReason: string | null }> }>(
      await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/sponsorships/${sponsorshipId}/letters`, token: sponsor.token }),
    );
    expect(own.letters.find((l) => l.id === id)).toMatchObject({ status: 'returned', returnReason: 'No pedimos fotos de la casa por seguridad' });
  });

  it('refuses a too-short letter with a Spanish message next to the field', async () => {
    const res = await write(sponsor, sponsorshipId, 'Hola');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res))).toMatch(/al menos 20 caracteres/);
  });
});

describe('replies and what a sponsor may read', () => {
  it('shows a reply only once approved, and only its approved text', async () => {
    const transcription = 'Hola padrino, gracias por la carta. Mi tía dice que le escriba al 5555-1234. Te quiero mucho.';
    const added = await inject(ctx.app, {
      method: 'POST',
      url: `${V1}/admin/letter-replies`,
      token: staff.token,
      payload: { sponsorshipId, body: transcription, translation: 'Hi godfather, thanks for the letter. I love you.' },
    });
    expect(added.statusCode).toBe(201);
    const reply = json<{ id: number; flags: Array<{ start: number; end: number }> }>(added);
    const scan = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'ubicacion-secreta' } } })
      .toBuffer();
    const upload = await inject(ctx.app, { method: 'PUT', url: `${V1}/admin/letters/${reply.id}/scan`, token: staff.token, payload: scan, headers: { 'content-type': 'application/octet-stream' } });
    expect(upload.statusCode).toBe(201);

    const before = json<{ letters: Array<{ id: number }> }>(await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/sponsorships/${sponsorshipId}/letters`, token: sponsor.token }));
    expect(before.letters.some((l) => l.id === reply.id)).toBe(false);
    const earlyScan = await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/letters/${reply.id}/scan`, token: sponsor.token });
    expect(earlyScan.statusCode).toBe(404);

    // A plain white scan: staff confirm it shows no contact details (decision 0056).
    const approve = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${reply.id}/approve`, token: staff.token, payload: { redactions: reply.flags, imageConfirmed: true } });
    expect(approve.statusCode).toBe(200);
    const after = await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/sponsorships/${sponsorshipId}/letters`, token: sponsor.token });
    expect(after.body).not.toContain('5555-1234');
    const shown = json<{ letters: Array<{ id: number; status: string; body: string; translation: string; hasScan: boolean }> }>(after).letters.find((l) => l.id === reply.id);
    expect(shown).toMatchObject({ status: 'delivered', translation: 'Hi godfather, thanks for the letter. I love you.', hasScan: true });
    expect(shown?.body).toContain('[retirado]');

    const served = await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/letters/${reply.id}/scan`, token: sponsor.token });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-robots-tag']).toBe('noindex');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('ubicacion-secreta'))).toBe(false);

    // Another sponsor reads nothing of it.
    for (const url of [`${V1}/users/me/letters/${reply.id}/scan`, `${V1}/users/me/sponsorships/${sponsorshipId}/letters`]) {
      expect((await inject(ctx.app, { method: 'GET', url, token: otherSponsor.token })).statusCode).toBe(404);
    }
    expect((await write(otherSponsor, sponsorshipId)).statusCode).toBe(404);
  });

  it('keeps staff routes to staff with the sponsorship permission', async () => {
    for (const url of [`${V1}/admin/letters`, `${V1}/admin/letters/print.pdf`]) {
      expect((await inject(ctx.app, { method: 'GET', url, token: sponsor.token })).statusCode).toBe(403);
      expect((await inject(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('re-encodes a sponsor photo and refuses it once the letter is reviewed', async () => {
    const id = json<{ id: number }>(await write(otherSponsor, otherSponsorshipId, 'Hola Luis, te mando una foto de mi perro que se llama Max.')).id;
    const photo = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#ff0000' } }).png().withMetadata({ exif: { IFD0: { Artist: 'gps-casa' } } }).toBuffer();
    const put = (token: string, letterId = id) =>
      inject(ctx.app, { method: 'PUT', url: `${V1}/users/me/letters/${letterId}/photo`, token, payload: photo, headers: { 'content-type': 'application/octet-stream' } });
    expect((await put(sponsor.token)).statusCode).toBe(404);
    expect((await put(otherSponsor.token)).statusCode).toBe(201);
    // Someone else's letter answers as one that does not exist: the same 404 and the same words.
    const absent = await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/letters/999999/photo`, token: sponsor.token });
    for (const res of [await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/letters/${id}/photo`, token: sponsor.token }), await put(sponsor.token)]) {
      expect([res.statusCode, res.json()]).toEqual([404, absent.json()]);
    }
    const served = await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/${id}/photo`, token: staff.token });
    expect(served.rawPayload.includes(Buffer.from('gps-casa'))).toBe(false);
    expect((await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/approve`, token: staff.token, payload: {} })).statusCode).toBe(409);
    expect((await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/approve`, token: staff.token, payload: { imageConfirmed: true } })).statusCode).toBe(200);
    expect((await put(otherSponsor.token)).statusCode).toBe(409);
  });

  it('prints approved letters grouped by community with only their approved text, then marks them delivered', async () => {
    const res = await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/print.pdf`, token: staff.token });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('3 cartas ·');
    expect(text).toContain('Comunidad Luna: 1');
    expect(text).toContain('Comunidad Sol: 2');
    expect(text).toContain('[retirado]');
    expect(text).not.toContain('padrino.prueba@example.com');
    const approved = json<{ letters: Array<{ id: number }> }>(await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters?status=approved`, token: staff.token })).letters;
    expect(approved.length).toBe(3);
    for (const letter of approved) {
      expect((await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${letter.id}/deliver`, token: staff.token })).statusCode).toBe(200);
    }
    expect((await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/print.pdf`, token: staff.token })).statusCode).toBe(404);
  });

  it('lets a sponsor write only while the sponsorship is active', async () => {
    await ctx.db.update(sponsorships).set({ status: 'ended', endedAt: new Date() }).where(eq(sponsorships.id, otherSponsorshipId));
    expect((await write(otherSponsor, otherSponsorshipId)).statusCode).toBe(409);
    const own = json<{ canWrite: boolean }>(await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/sponsorships/${otherSponsorshipId}/letters`, token: otherSponsor.token }));
    expect(own.canWrite).toBe(false);
  });
});

describe('the sponsor hears of a reply', () => {
  const replyEmails = () => ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'letter-reply'));

  it('queues one email when a reply is approved, with a link and nothing of the letter nor the child record', async () => {
    const before = (await ctx.db.select().from(emailOutbox)).length;
    // A sponsor's letter to the child, approved and delivered: no email to anyone.
    const own = json<{ id: number }>(await write(sponsor, sponsorshipId, 'Hola Ana, espero que te vaya muy bien en la escuela. Un abrazo grande.'));
    expect((await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${own.id}/approve`, token: staff.token, payload: {} })).statusCode).toBe(200);
    expect((await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${own.id}/deliver`, token: staff.token })).statusCode).toBe(200);
    expect((await ctx.db.select().from(emailOutbox)).length).toBe(before);

    const words = 'Gracias por los colores, ya pinté un árbol grande en mi cuaderno.';
    const added = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letter-replies`, token: staff.token, payload: { sponsorshipId, body: words, translation: 'Thanks for the crayons.' } });
    const reply = json<{ id: number }>(added);
    expect((await ctx.db.select().from(emailOutbox)).length).toBe(before);
    const earlier = (await replyEmails()).length;
    expect((await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${reply.id}/approve`, token: staff.token, payload: {} })).statusCode).toBe(200);
    expect((await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${reply.id}/approve`, token: staff.token, payload: {} })).statusCode).toBe(409);

    const queued = await replyEmails();
    expect(queued.length).toBe(earlier + 1);
    const email = queued.at(-1)!;
    expect(email.toAddress).toBe(sponsor.email);
    expect(email.subject).toBe('Ana te escribió una carta');
    expect(email.textBody).toContain(`${PUBLIC_URL_MARK}/donor/ahijado/${sponsorshipId}/cartas`);
    expect(email.textBody).toContain('con su traducción');
    for (const secret of ['pinté un árbol', 'crayons', 'Prueba Completa', 'Comunidad Sol', '2016']) expect(email.textBody).not.toContain(secret);
    expect((await ctx.db.select().from(emailOutbox)).length).toBe(before + 1);
  });
});
