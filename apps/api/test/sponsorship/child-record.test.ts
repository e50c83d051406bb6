// A child's staff record (docs/product.md#sponsorship). Staff read and edit the story as stored, while
// the public sees it only once approved and consented: saving the record with only the school changed
// used to send back the public '' and erase the story. A birth date of someone 18 or older is refused
// under its field; a child who turned 18 in the programme keeps an editable record. A consent dated on a
// day still to come is refused under its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sponsorshipMessages as m } from '@donaciones/shared/messages/sponsorship';
import { sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';
import { sponsoredChildren } from '../../src/db/schema';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild } from '../support/sponsorship';

let ctx: TestContext;
let admin: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
}, 60_000);
afterAll(() => ctx?.close());

const STORY = 'Le gusta jugar fútbol y quiere ser maestra.';
const NEW_CHILD = { firstName: 'Lucía', fullName: 'Lucía Prueba Ajú', birthDate: '2015-03-08', department: 'Sololá', story: STORY, storyApproved: true, school: 'EORM Panajachel' };
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => inject(ctx.app, { method, url: `/api/v1/admin/sponsorship${url}`, token: admin.token, payload });
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** What the staff form sends back: the record's editable fields as the staff answer gives them. */
function formValues(child: Record<string, unknown>) {
  return {
    firstName: child.firstName,
    fullName: child.fullName,
    birthDate: child.birthDate,
    department: child.department,
    programId: child.programId,
    story: child.storedStory,
    storyApproved: child.storyApproved,
    community: child.community,
    school: child.school,
    guardianName: child.guardianName,
    familySituation: child.familySituation,
    notes: child.notes,
    sponsorPlaces: child.sponsorPlaces,
  };
}

describe("the story on a child's staff record", () => {
  it('is the stored one for staff while the public sees none, and survives saving the record and the consent that follows', async () => {
    const created = await staff('POST', '/children', NEW_CHILD);
    expect(created.statusCode).toBe(201);
    const id = created.json().child.id;

    const read = await staff('GET', `/children/${id}`);
    expect(read.json().child).toMatchObject({ storedStory: STORY, story: '', storyApproved: true });
    const publicView = await inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/children/${id}` });
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json().story).toBe('');
    expect(publicView.json()).not.toHaveProperty('storedStory');

    // Only the school changes, as on /admin/apadrinamiento/{id} with "Guardar ficha".
    const saved = await staff('PUT', `/children/${id}`, { ...formValues(read.json().child), school: 'INEB Sololá' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().child).toMatchObject({ storedStory: STORY, school: 'INEB Sololá', storyApproved: true });
    const [row] = await ctx.db.select().from(sponsoredChildren).where(eq(sponsoredChildren.id, id));
    expect(row.story).toBe(STORY);

    const consent = await staff('POST', `/children/${id}/consents`, { givenBy: 'Marta Ajú', relationship: 'madre', givenOn: sponsorshipToday(), scope: 'photos_and_story', expiresOn: inAYear() });
    expect(consent.statusCode).toBe(201);
    expect(consent.json().child).toMatchObject({ storedStory: STORY, story: STORY });
    expect((await inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/children/${id}` })).json().story).toBe(STORY);
  });

  it('lists the stored story for staff too, and never in the public list', async () => {
    const child = await aChild(ctx.db, { firstName: 'Sin consentimiento', story: 'Una historia guardada.' });
    const list = await staff('GET', '/children');
    expect(list.json().children.find((c: { id: number }) => c.id === child.id)).toMatchObject({ storedStory: 'Una historia guardada.', story: '' });
    const open = await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' });
    expect(open.body).not.toContain('Una historia guardada.');
    expect(open.body).not.toContain('storedStory');
  });

  it('refuses a story with contact or location details (it is public once approved), creating and editing, under the field', async () => {
    const leaky = 'Vive en la aldea Chuacruz, caserío Los Pinos; su mamá tiene el teléfono 5555-1234.';
    const created = await staff('POST', '/children', { ...NEW_CHILD, story: leaky });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors.story).toContain('«5555-1234»');
    const child = (await staff('POST', '/children', NEW_CHILD)).json().child;
    const edited = await staff('PUT', `/children/${child.id}`, { ...formValues(child), story: leaky });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors.story).toContain('«aldea Chuacruz»');
    expect((await ctx.db.select().from(sponsoredChildren).where(eq(sponsoredChildren.id, child.id)))[0].story).toBe(STORY);
    const open = await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' });
    expect(open.body).not.toContain('5555-1234');
  });
});

describe("a child's birth date", () => {
  it('refuses creating the record of an adult (1990-05-01) with the message under the field', async () => {
    const res = await staff('POST', '/children', { ...NEW_CHILD, birthDate: '1990-05-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ birthDate: m.birthDateAdult });
  });

  it('refuses changing a birth date to an adult one, and keeps a record editable once its child turned 18', async () => {
    const child = await aChild(ctx.db, { birthDate: '2014-01-20' });
    const read = (await staff('GET', `/children/${child.id}`)).json().child;
    const changed = await staff('PUT', `/children/${child.id}`, { ...formValues(read), birthDate: '1990-05-01' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors).toMatchObject({ birthDate: m.birthDateAdult });

    const grownUp = await aChild(ctx.db, { birthDate: '2007-06-15' });
    const before = (await staff('GET', `/children/${grownUp.id}`)).json().child;
    const kept = await staff('PUT', `/children/${grownUp.id}`, { ...formValues(before), school: 'Universidad' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().child).toMatchObject({ birthDate: '2007-06-15', school: 'Universidad' });
  });
});

describe("a consent's date", () => {
  it('refuses a consent signed on a day still to come (Guatemala), under the field, and takes today', async () => {
    const child = await aChild(ctx.db, {});
    const tomorrow = new Date(`${sponsorshipToday()}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const ahead = await staff('POST', `/children/${child.id}/consents`, { givenBy: 'Marta Ajú', relationship: 'madre', givenOn: tomorrow.toISOString().slice(0, 10), scope: 'photos', expiresOn: inAYear() });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().errors).toMatchObject({ givenOn: m.consentDateFuture });
    expect((await staff('GET', `/children/${child.id}`)).json().consents).toEqual([]);
    const today = await staff('POST', `/children/${child.id}/consents`, { givenBy: 'Marta Ajú', relationship: 'madre', givenOn: sponsorshipToday(), scope: 'photos', expiresOn: inAYear() });
    expect(today.statusCode).toBe(201);
    expect(today.json().consents).toMatchObject([{ givenBy: 'Marta Ajú', current: true }]);
  });

  it('refuses a day before 01/01/2000 (a year mistyped) with the range, and takes 01/01/2000', async () => {
    const child = await aChild(ctx.db, {});
    const consent = (givenOn: string) => ({ givenBy: 'Marta Ajú', relationship: 'madre', givenOn, scope: 'photos', expiresOn: inAYear() });
    for (const day of ['0202-03-15', '1999-12-31']) {
      const early = await staff('POST', `/children/${child.id}/consents`, consent(day));
      expect(early.statusCode, day).toBe(400);
      expect(early.json().errors).toMatchObject({ givenOn: 'La fecha del consentimiento debe estar entre el 01/01/2000 y hoy' });
    }
    expect((await staff('GET', `/children/${child.id}`)).json().consents).toEqual([]);
    const first = await staff('POST', `/children/${child.id}/consents`, consent('2000-01-01'));
    expect(first.statusCode, first.body).toBe(201);
  });
});
