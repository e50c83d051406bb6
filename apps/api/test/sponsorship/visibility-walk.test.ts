// The children's protection rule (docs/product.md#sponsorship): no staff field of a child ever leaves
// a public or sponsor route. Every route the app registers outside the staff console is walked (taken
// from the route table, so a new route is walked too), anonymously and as the child's sponsor, with
// children whose staff fields hold unique markers (and whose story was edited since its approval, the
// edit waiting for approval again); the OpenAPI document is read the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { STAFF_ONLY_CHILD_FIELDS } from '@donaciones/shared/schemas/sponsorship';
import { STAFF_ONLY_PROGRESS_REPORT_FIELDS } from '@donaciones/shared/schemas/progress-reports';
import { eq } from 'drizzle-orm';
import { progressReports, recurringGifts, sponsorships } from '../../src/db/schema';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, aConsent, aPhoto, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
let sponsor: Caller;
const routes: { method: string; url: string }[] = [];
const MARK = `ZQX${Date.now().toString(36)}`;
const markers = {
  fullName: `${MARK}-nombre-completo`,
  statusReason: `${MARK}-motivo`,
  community: `${MARK}-comunidad`,
  school: `${MARK}-escuela`,
  guardianName: `${MARK}-encargada`,
  familySituation: `${MARK}-familia`,
  notes: `${MARK}-notas`,
  givenBy: `${MARK}-consintio`,
  reportNotes: `${MARK}-notas-del-informe`,
  /** A story edited after its approval, waiting for approval again (decision 0072): never public. */
  pendingStory: `${MARK}-historia-pendiente`,
};
const BIRTH_DATES = ['2015-02-13', '2013-11-29'];
const ids: Record<string, string> = {};

function markedChild(birthDate: string, n: number) {
  return {
    firstName: `Niña${n}`,
    birthDate,
    fullName: `${markers.fullName}-${n}`,
    community: `${markers.community}-${n}`,
    school: `${markers.school}-${n}`,
    guardianName: `${markers.guardianName}-${n}`,
    familySituation: `${markers.familySituation}-${n}`,
    notes: `${markers.notes}-${n}`,
    story: `Le gusta leer. ${markers.pendingStory}-${n}`,
    approvedStory: 'Le gusta leer.',
  };
}

beforeAll(async () => {
  ctx = await createTestApp({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    },
  });
  sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  const waiting = await aChild(ctx.db, markedChild(BIRTH_DATES[0], 1));
  const sponsored = await aChild(ctx.db, { ...markedChild(BIRTH_DATES[1], 2), status: 'sponsored' });
  for (const child of [waiting, sponsored]) {
    await aConsent(ctx.db, child.id, { givenBy: `${markers.givenBy}-${child.id}` });
    await aPhoto(ctx.db, child.id);
  }
  const active = await anActiveSponsorship(ctx.db, sponsored.id, sponsor.id);
  // A child who left, with the sponsor's choice open (decision 0051): the offer is walked too.
  const left = await aChild(ctx.db, { ...markedChild('2012-07-04', 3), status: 'left', statusReason: markers.statusReason });
  const [gift] = await ctx.db.insert(recurringGifts).values({ provider: 'simulated', donorName: 'Padrina', donorEmail: sponsor.email, amountCents: 25_000, status: 'active' }).returning();
  const ended = await anActiveSponsorship(ctx.db, left.id, sponsor.id);
  await ctx.db
    .update(sponsorships)
    .set({ status: 'ended', endReason: 'child_left', endedAt: new Date(), offerUntil: new Date(Date.now() + 86_400_000), recurringGiftId: gift.id })
    .where(eq(sponsorships.id, ended.id));
  // A progress report with a photo and staff notes, so the sponsor's report routes answer with content.
  const photo = await aPhoto(ctx.db, sponsored.id);
  const [report] = await ctx.db
    .insert(progressReports)
    .values({ childId: sponsored.id, period: 'Primer semestre', reportDate: '2026-01-15', messageToSponsor: 'Un saludo desde la escuela.', staffNotes: `${markers.reportNotes}-2`, photoContentType: photo.contentType, photoSizeBytes: photo.sizeBytes, photoSha256: 'x', photoData: photo.data })
    .returning();
  ids.sponsorshipId = String(active.id);
  ids.reportId = String(report.id);
  ids.sponsoredId = String(sponsored.id);
  const hold = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: waiting.id } });
  expect(hold.statusCode).toBe(201);
  ids.id = String(waiting.id);
  ids.token = hold.json().holdToken;
  ids.heldPhotoUrl = hold.json().child.photoUrl;
}, 60_000);

afterAll(() => ctx?.close());

const isStaffRoute = (url: string) => url.startsWith('/api/v1/admin') || url.startsWith('/api/docs');

const staffOnly = new Set<string>(STAFF_ONLY_CHILD_FIELDS);
const staffOnlyReport = new Set<string>(STAFF_ONLY_PROGRESS_REPORT_FIELDS);
/** Every object of a JSON value that describes a progress report (it has a message for the sponsor). */
function reportObjects(value: unknown): Record<string, unknown>[] {
  if (!value || typeof value !== 'object') return [];
  const obj = value as Record<string, unknown>;
  return [...('messageToSponsor' in obj ? [obj] : []), ...Object.values(obj).flatMap(reportObjects)];
}
/** Every object of a JSON value that describes a child (it has a first name and an age). */
function childObjects(value: unknown): Record<string, unknown>[] {
  if (!value || typeof value !== 'object') return [];
  const obj = value as Record<string, unknown>;
  const mine = 'firstName' in obj && ('age' in obj || 'birthdayMonth' in obj) ? [obj] : [];
  return [...mine, ...Object.values(obj).flatMap(childObjects)];
}

/** The markers and birth dates found in an answer, and any staff field of a child in it. */
function leaks(body: string): string[] {
  const found = Object.values(markers).filter((m) => body.includes(m));
  for (const d of BIRTH_DATES) if (body.includes(d)) found.push(d);
  let json: unknown = null;
  try {
    json = JSON.parse(body);
  } catch {
    // not JSON (a photo, a PDF): the markers are enough
  }
  for (const child of childObjects(json)) found.push(...Object.keys(child).filter((k) => staffOnly.has(k)));
  for (const report of reportObjects(json)) found.push(...Object.keys(report).filter((k) => staffOnlyReport.has(k)));
  return found;
}

describe('no staff field of a child on a public or sponsor route', () => {
  it('holds markers in the staff fields of the children walked', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const res = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/sponsorship/children', token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(leaks(res.body).length).toBeGreaterThan(5);
    const reports = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/sponsorship/children/${ids.sponsoredId}/progress-reports`, token: staff.token });
    expect(leaks(reports.body)).toEqual(expect.arrayContaining([`${markers.reportNotes}`, 'staffNotes']));
  });

  it('walks every route outside the staff console, anonymously and as the sponsor', async () => {
    const walked = routes.filter((r) => !isStaffRoute(r.url) && (r.method === 'GET' || r.url.includes('sponsorship')));
    expect(walked.some((r) => r.url === '/api/v1/member/sponsorships')).toBe(true);
    expect(walked.some((r) => r.url === '/api/v1/sponsorship/children/:id')).toBe(true);
    expect(walked.some((r) => r.url === '/api/v1/member/sponsorship-offers')).toBe(true);
    const offers = (await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorship-offers', token: sponsor.token })).json().offers;
    expect(offers.map((o: { childFirstName: string }) => o.childFirstName)).toEqual(['Niña3']);
    const sponsorPhotoIds = (await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: sponsor.token })).json();
    expect(sponsorPhotoIds.sponsorships).toHaveLength(1);
    expect(sponsorPhotoIds.sponsorships[0].child.photoUrl).toMatch(/\/api\/v1\/sponsorship\/photos\/\d+/);
    let calls = 0;
    for (const route of walked) {
      const url = route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => ids[name] ?? '1').replace('*', '');
      for (const token of [undefined, sponsor.token]) {
        const res = await inject(ctx.app, { method: route.method as 'GET', url, token, ...(route.method === 'GET' ? {} : { payload: {} }) });
        calls += 1;
        expect(leaks(res.body), `${route.method} ${route.url}`).toEqual([]);
      }
    }
    // The photo routes too, with the photos' real ids.
    for (const s of sponsorPhotoIds.sponsorships) {
      const res = await inject(ctx.app, { method: 'GET', url: s.child.photoUrl, token: sponsor.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-robots-tag']).toContain('noindex');
      expect(leaks(res.rawPayload.toString('latin1'))).toEqual([]);
    }
    // The held child is off the public list: its photo answers 404 to everyone but the holder (its hold token).
    expect(ids.heldPhotoUrl).toMatch(/\/api\/v1\/sponsorship\/photos\/\d+\?hold=/);
    for (const token of [undefined, sponsor.token]) {
      expect((await inject(ctx.app, { method: 'GET', url: ids.heldPhotoUrl.split('?')[0], token })).statusCode).toBe(404);
    }
    const holder = await inject(ctx.app, { method: 'GET', url: ids.heldPhotoUrl });
    expect(holder.statusCode).toBe(200);
    expect(leaks(holder.rawPayload.toString('latin1'))).toEqual([]);
    expect(calls).toBeGreaterThan(20);
    // The sponsor's progress reports answer with the report (its photo too), never its staff fields.
    expect(walked.some((r) => r.url === '/api/v1/users/me/sponsorships/:sponsorshipId/progress-reports')).toBe(true);
    const mine = await inject(ctx.app, { method: 'GET', url: `/api/v1/users/me/sponsorships/${ids.sponsorshipId}/progress-reports`, token: sponsor.token });
    expect(mine.json().reports).toHaveLength(1);
    expect(leaks(mine.body)).toEqual([]);
    const reportPhoto = await inject(ctx.app, { method: 'GET', url: mine.json().reports[0].photoUrl, token: sponsor.token });
    expect(reportPhoto.statusCode).toBe(200);
    expect(leaks(reportPhoto.rawPayload.toString('latin1'))).toEqual([]);
  });

  it('shows the public and sponsor fields it may', async () => {
    const open = await aChild(ctx.db, { firstName: 'Lucía' });
    await aConsent(ctx.db, open.id);
    const list = await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' });
    const [child] = list.json().children;
    expect(child.firstName).toBe('Lucía');
    expect(child.story).toBe('Le gusta leer.');
    expect(Object.keys(child).sort()).toEqual(['age', 'department', 'firstName', 'id', 'monthlyAmount', 'photoUrl', 'programName', 'story'].sort());
    const mine = (await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: sponsor.token })).json();
    expect(mine.sponsorships[0].child.birthdayMonth).toBe(11);
  });

  it('declares no staff field in the OpenAPI answers of public and sponsor routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: unknown }>>;
      components?: { schemas?: Record<string, unknown> };
    };
    const schemas = doc.components?.schemas ?? {};
    const propertyNames = (node: unknown, seen = new Set<string>()): string[] => {
      if (!node || typeof node !== 'object') return [];
      const obj = node as Record<string, unknown>;
      const names: string[] = [];
      if (typeof obj.$ref === 'string') {
        const name = obj.$ref.split('/').pop()!;
        if (seen.has(name)) return [];
        seen.add(name);
        return propertyNames(schemas[name], seen);
      }
      if (obj.properties && typeof obj.properties === 'object') names.push(...Object.keys(obj.properties));
      for (const value of Object.values(obj)) names.push(...propertyNames(value, seen));
      return names;
    };
    // Every schema that describes a child (a first name and an age) in a public or sponsor answer.
    const childSchemas = (node: unknown, seen = new Set<string>()): Record<string, unknown>[] => {
      if (!node || typeof node !== 'object') return [];
      const obj = node as Record<string, unknown>;
      if (typeof obj.$ref === 'string') {
        const name = obj.$ref.split('/').pop()!;
        if (seen.has(name)) return [];
        seen.add(name);
        return childSchemas(schemas[name], seen);
      }
      const props = obj.properties as Record<string, unknown> | undefined;
      const mine = props && 'firstName' in props && ('age' in props || 'birthdayMonth' in props) ? [props] : [];
      return [...mine, ...Object.values(obj).flatMap((v) => childSchemas(v, seen))];
    };
    let found = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (isStaffRoute(path)) continue;
      for (const op of Object.values(item)) {
        for (const props of childSchemas(op.responses)) {
          found += 1;
          expect(Object.keys(props).filter((k) => staffOnly.has(k)), path).toEqual([]);
        }
      }
    }
    expect(found).toBeGreaterThanOrEqual(3);
    expect(Object.values(markers).filter((m) => JSON.stringify(doc).includes(m))).toEqual([]);
    expect(propertyNames(schemas.PublicChild)).toContain('firstName');
  });
});
