// A photo of the wrong type (docs/product.md#sponsorship): a child's photo, a progress report's and a
// sponsor's letter photo take JPG, PNG or HEIC only, and a GIF, a WebP or a PDF is refused with a
// message naming those types. The deposit slips' "JPG, PNG, HEIC o PDF" was answered for a GIF or a
// WebP, inviting a PDF that was then refused too, and the child's photo message offered WebP.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterMessages } from '@donaciones/shared/messages/letters';
import { progressReportMessages } from '@donaciones/shared/messages/progress-reports';
import { sponsorshipMessages } from '@donaciones/shared/messages/sponsorship';
import { createTestApp, inject, json, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, aConsent, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
let staff: Caller;
let sponsor: Caller;
let childId: number;
let sponsorshipId: number;
const V1 = '/api/v1';
const ONLY_IMAGES = 'La foto debe ser una imagen JPG, PNG o HEIC';

let wrongTypes: Record<string, Buffer>;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
  sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  childId = (await aChild(ctx.db, { firstName: 'Ana', status: 'sponsored' })).id;
  await aConsent(ctx.db, childId, { scope: 'photos' });
  sponsorshipId = (await anActiveSponsorship(ctx.db, childId, sponsor.id)).id;
  const pixel = sharp({ create: { width: 8, height: 8, channels: 3, background: '#88aaee' } });
  wrongTypes = {
    gif: await pixel.clone().gif().toBuffer(),
    webp: await pixel.clone().webp().toBuffer(),
    pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  };
}, 60_000);
afterAll(() => ctx?.close());

const upload = (method: 'POST' | 'PUT', url: string, token: string, payload: Buffer) =>
  inject(ctx.app, { method, url: `${V1}${url}`, token, payload, headers: { 'content-type': 'application/octet-stream' } });

function expectOnlyImages(res: Awaited<ReturnType<typeof upload>>, kind: string) {
  expect(res.statusCode, `${kind}: ${res.body}`).toBe(400);
  expect(json<{ detail: string; errors: { file: string } }>(res)).toMatchObject({ detail: ONLY_IMAGES, errors: { file: ONLY_IMAGES } });
}

describe('a photo of another type than JPG, PNG or HEIC', () => {
  it("is refused on a child's record with the photo's own message", async () => {
    expect(sponsorshipMessages.photoNotImage).toBe(ONLY_IMAGES);
    for (const [kind, file] of Object.entries(wrongTypes)) expectOnlyImages(await upload('POST', `/admin/sponsorship/children/${childId}/photos`, staff.token, file), kind);
  });

  it("is refused on a progress report's photo", async () => {
    expect(progressReportMessages.photoNotImage).toBe(ONLY_IMAGES);
    const report = await inject(ctx.app, {
      method: 'POST',
      url: `${V1}/admin/sponsorship/children/${childId}/progress-reports`,
      token: staff.token,
      payload: { period: 'Primer semestre 2026', reportDate: '2026-06-30', messageToSponsor: 'Ana te manda saludos y un dibujo de su familia.' },
    });
    expect(report.statusCode, report.body).toBe(201);
    const id = json<{ id: number }>(report).id;
    for (const [kind, file] of Object.entries(wrongTypes)) expectOnlyImages(await upload('PUT', `/admin/sponsorship/progress-reports/${id}/photo`, staff.token, file), kind);
  });

  it("is refused on a sponsor's letter, which keeps no photo", async () => {
    expect(letterMessages.photoNotImage).toBe(ONLY_IMAGES);
    const letter = await inject(ctx.app, { method: 'POST', url: `${V1}/users/me/sponsorships/${sponsorshipId}/letters`, token: sponsor.token, payload: { body: 'Hola Ana, te mando saludos desde la capital.' } });
    expect(letter.statusCode, letter.body).toBe(201);
    const id = json<{ id: number }>(letter).id;
    for (const [kind, file] of Object.entries(wrongTypes)) expectOnlyImages(await upload('PUT', `/users/me/letters/${id}/photo`, sponsor.token, file), kind);
    expect((await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/letters/${id}/photo`, token: sponsor.token })).statusCode).toBe(404);
  });
});
