// Redacting a letter's image (docs/product.md#sponsorship-letters, decision 0056): boxes staff draw are
// burned in opaque (the pixels under them are black), the image keeps no metadata, replaces the stored
// file so the original is served to nobody (the sponsor, the child's printed letter, staff), bad boxes
// are refused in Spanish, and a letter with an image is approved only once redacted or confirmed.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sponsoredChildren, sponsorshipLetterFiles, sponsorshipLetters, sponsorships } from '../../src/db/schema';
import { createTestApp, inject, json, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let sponsor: Caller;
let staff: Caller;
let sponsorshipId: number;
const V1 = '/api/v1';
const RAW = { 'content-type': 'application/octet-stream' };

/** A 200×100 red picture with a green "sign" at (20,20)-(80,60) and an EXIF note, as a phone would send it. */
async function aPicture(format: 'png' | 'jpeg') {
  const sign = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#00ff00' } }).png().toBuffer();
  const image = sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
    .composite([{ input: sign, left: 20, top: 20 }])
    .removeAlpha()
    .withMetadata({ exif: { IFD0: { Artist: 'casa-de-la-familia', Copyright: 'gps-14.6,-90.5' } } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

/** The largest value of the given colour channels of any pixel in the box (0 = black everywhere). */
async function brightestIn(image: Buffer, box: { x: number; y: number; width: number; height: number }, channels = [0, 1, 2]) {
  const { data, info } = await sharp(image).extract({ left: box.x, top: box.y, width: box.width, height: box.height }).raw().toBuffer({ resolveWithObject: true });
  let max = 0;
  for (let i = 0; i < data.length; i++) if (channels.includes(i % info.channels)) max = Math.max(max, data[i]!);
  return max;
}

/** A PNG's compressed pixel data (its IDAT chunks, joined). */
function pngPixelData(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

async function pixelAt(image: Buffer, x: number, y: number) {
  const { data } = await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

async function aLetterWithPhoto(photo: Buffer) {
  const res = await inject(ctx.app, {
    method: 'POST',
    url: `${V1}/users/me/sponsorships/${sponsorshipId}/letters`,
    token: sponsor.token,
    payload: { body: 'Hola Rosa, te mando una foto de mi casa y de mi familia. ¡Un abrazo!' },
  });
  const id = json<{ id: number }>(res).id;
  expect((await inject(ctx.app, { method: 'PUT', url: `${V1}/users/me/letters/${id}/photo`, token: sponsor.token, payload: photo, headers: RAW })).statusCode).toBe(201);
  return id;
}

async function aReplyWithScan(scan: Buffer) {
  const added = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letter-replies`, token: staff.token, payload: { sponsorshipId, body: 'Gracias por tu carta, te mando un dibujo de mi escuela.' } });
  const id = json<{ id: number }>(added).id;
  expect((await inject(ctx.app, { method: 'PUT', url: `${V1}/admin/letters/${id}/scan`, token: staff.token, payload: scan, headers: RAW })).statusCode).toBe(201);
  return id;
}

const redact = (id: number, boxes: unknown, token = staff.token) => inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/image-redactions`, token, payload: { boxes } });
const approve = (id: number, payload: Record<string, unknown> = {}) => inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/approve`, token: staff.token, payload });
const fieldError = (res: { body: string }) => (JSON.parse(res.body) as { errors?: Record<string, string> }).errors ?? {};

beforeAll(async () => {
  ctx = await createTestApp();
  sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
  const [child] = await ctx.db
    .insert(sponsoredChildren)
    .values({ firstName: 'Rosa', fullName: 'Rosa Prueba Imagen', birthDate: '2015-02-03', department: 'Quiché', community: 'Comunidad Pino', status: 'sponsored' })
    .returning();
  const [row] = await ctx.db
    .insert(sponsorships)
    .values({ childId: child!.id, place: 1, status: 'active', holdToken: `t-img-${child!.id}`, heldUntil: new Date(), userId: sponsor.id, amountCents: 25_000, startedAt: new Date(), sponsorName: 'Marta Madrina' })
    .returning();
  sponsorshipId = row!.id;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('a sponsor photo', () => {
  it('refuses bad boxes in Spanish, burns good ones opaque, drops the metadata and replaces the original for everyone', async () => {
    const id = await aLetterWithPhoto(await aPicture('png'));
    const refused = await approve(id);
    expect(refused.statusCode).toBe(409);
    expect(fieldError(refused).imageConfirmed).toBe('Tapa los datos de contacto de la imagen o confirma que la imagen no muestra datos de contacto');

    const bad: Array<[unknown, RegExp]> = [
      [[], /al menos un recuadro/],
      [Array.from({ length: 21 }, () => ({ x: 0, y: 0, width: 1, height: 1 })), /como máximo 20 recuadros/],
      [[{ x: 150, y: 10, width: 60, height: 10 }], /El recuadro 1 sale de la imagen \(mide 200 × 100 píxeles\)/],
      [[{ x: 0, y: 0, width: 5, height: 5 }, { x: 10, y: 90, width: 10, height: 11 }], /El recuadro 2 sale de la imagen/],
      [[{ x: -1, y: 0, width: 5, height: 5 }], /números enteros/],
      [[{ x: 1.5, y: 0, width: 5, height: 5 }], /números enteros/],
      [[{ x: 0, y: 0, width: 0, height: 5 }], /al menos 1 píxel/],
      ['todo', /al menos un recuadro/],
    ];
    for (const [boxes, message] of bad) {
      const res = await redact(id, boxes);
      expect(res.statusCode, JSON.stringify(boxes)).toBe(400);
      expect(JSON.stringify(fieldError(res)), JSON.stringify(boxes)).toMatch(message);
    }
    expect((await redact(id, [{ x: 0, y: 0, width: 5, height: 5 }], sponsor.token)).statusCode).toBe(403);
    expect((await redact(999_999, [{ x: 0, y: 0, width: 5, height: 5 }])).statusCode).toBe(404);

    const sign = { x: 20, y: 20, width: 60, height: 40 };
    const corner = { x: 190, y: 0, width: 10, height: 10 };
    const ok = await redact(id, [sign, corner]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toMatchObject({ imageBoxes: 2 });

    const staffCopy = (await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/${id}/photo`, token: staff.token })).rawPayload;
    const sponsorCopy = (await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/letters/${id}/photo`, token: sponsor.token })).rawPayload;
    expect(sponsorCopy.equals(staffCopy)).toBe(true);
    expect(await brightestIn(staffCopy, sign)).toBe(0);
    expect(await brightestIn(staffCopy, corner)).toBe(0);
    expect(await pixelAt(staffCopy, 100, 80)).toEqual([255, 0, 0]);
    const meta = await sharp(staffCopy).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.hasAlpha).toBe(false);
    expect([meta.width, meta.height]).toEqual([200, 100]);
    expect(staffCopy.includes(Buffer.from('casa-de-la-familia'))).toBe(false);
    const stored = await ctx.db.select().from(sponsorshipLetterFiles).where(eq(sponsorshipLetterFiles.letterId, id));
    expect(stored.length).toBe(1);
    expect(stored[0]!.redactedBoxes).toBe(2);

    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'letter.image_redacted'), eq(auditLog.entityId, String(id))));
    expect(entry?.actorUserId).toBe(staff.id);
    expect(entry?.details).toMatchObject({ purpose: 'photo', totalBoxes: 2 });

    const approved = await approve(id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json<{ imageReview: string; imageBoxes: number }>(approved)).toMatchObject({ imageReview: 'redacted', imageBoxes: 2 });
    expect((await redact(id, [sign])).statusCode).toBe(409);

    // The child's printed letter carries the redacted photo: pdfkit copies a PNG's pixel data as it is.
    const pdf = await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/print.pdf`, token: staff.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.includes(pngPixelData(staffCopy))).toBe(true);
  });

  it('asks for a new review after the sponsor replaces a redacted photo, refuses what staff saw of the old one; a confirmation approves it as it is', async () => {
    const id = await aLetterWithPhoto(await aPicture('png'));
    const seen = json<{ imageVersion: string }>(await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/${id}`, token: staff.token })).imageVersion;
    const redacted = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/image-redactions`, token: staff.token, payload: { imageVersion: seen, boxes: [{ x: 0, y: 0, width: 10, height: 10 }] } });
    expect(redacted.statusCode).toBe(200);
    const afterBoxes = json<{ imageVersion: string }>(redacted).imageVersion;
    expect(afterBoxes).not.toBe(seen);
    expect((await inject(ctx.app, { method: 'PUT', url: `${V1}/users/me/letters/${id}/photo`, token: sponsor.token, payload: await aPicture('jpeg'), headers: RAW })).statusCode).toBe(201);
    expect((await approve(id)).statusCode).toBe(409);
    // Staff vouching for, or boxing, the image they opened before the new upload are refused.
    const stale = await approve(id, { imageConfirmed: true, imageVersion: afterBoxes });
    expect(stale.statusCode).toBe(409);
    expect(fieldError(stale).imageConfirmed).toMatch(/La imagen cambió desde que la abriste/);
    const staleBoxes = await inject(ctx.app, { method: 'POST', url: `${V1}/admin/letters/${id}/image-redactions`, token: staff.token, payload: { imageVersion: afterBoxes, boxes: [{ x: 0, y: 0, width: 10, height: 10 }] } });
    expect(staleBoxes.statusCode).toBe(409);
    const current = json<{ imageVersion: string }>(await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/${id}`, token: staff.token })).imageVersion;
    const confirmed = await approve(id, { imageConfirmed: true, imageVersion: current });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json<{ imageReview: string; imageBoxes: number }>(confirmed)).toMatchObject({ imageReview: 'confirmed', imageBoxes: 0 });
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'letter.approved'), eq(auditLog.entityId, String(id))));
    expect(entry?.details).toMatchObject({ imageReview: 'confirmed' });
  });

  it('refuses to redact a letter without an image', async () => {
    const res = await inject(ctx.app, {
      method: 'POST',
      url: `${V1}/users/me/sponsorships/${sponsorshipId}/letters`,
      token: sponsor.token,
      payload: { body: 'Hola Rosa, hoy no te mando foto pero sí muchos saludos.' },
    });
    const id = json<{ id: number }>(res).id;
    const refused = await redact(id, [{ x: 0, y: 0, width: 5, height: 5 }]);
    expect(refused.statusCode).toBe(409);
    expect(fieldError(refused).boxes).toBe('Esta carta no tiene imagen que tapar');
    const approved = await approve(id);
    expect(json<{ imageReview: string | null }>(approved).imageReview).toBeNull();
  });
});

describe("a child's scanned reply", () => {
  it('reaches the sponsor only redacted: the box is black in the JPEG the sponsor downloads', async () => {
    const id = await aReplyWithScan(await aPicture('jpeg'));
    const sign = { x: 20, y: 20, width: 60, height: 40 };
    expect((await redact(id, [sign])).statusCode).toBe(200);
    expect((await approve(id)).statusCode).toBe(200);

    const served = await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/letters/${id}/scan`, token: sponsor.token });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // JPEG smears the red around the box a little way into it (its colour is stored in 16-pixel
    // blocks), but nothing of the green sign is left anywhere under the box, and its middle is black.
    expect(await brightestIn(served.rawPayload, sign, [1])).toBeLessThanOrEqual(12);
    expect(await brightestIn(served.rawPayload, { x: 36, y: 30, width: 28, height: 20 })).toBeLessThanOrEqual(8);
    const [r, g] = await pixelAt(served.rawPayload, 150, 50);
    expect(r).toBeGreaterThan(230);
    expect(g).toBeLessThan(30);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('gps-14.6'))).toBe(false);
    const [row] = await ctx.db.select().from(sponsorshipLetters).where(eq(sponsorshipLetters.id, id));
    expect(row?.imageReview).toBe('redacted');
  });

  it('cannot burn boxes into a PDF scan: staff confirm it, or upload it as an image', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([200, 100]);
    const id = await aReplyWithScan(Buffer.from(await pdf.save()));
    const refused = await redact(id, [{ x: 0, y: 0, width: 5, height: 5 }]);
    expect(refused.statusCode).toBe(409);
    expect(fieldError(refused).boxes).toMatch(/PDF no se puede tapar/);
    expect((await approve(id)).statusCode).toBe(409);
    expect((await approve(id, { imageConfirmed: true })).statusCode).toBe(200);
  });
});
