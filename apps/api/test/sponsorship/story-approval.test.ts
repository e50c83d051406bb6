// A child's public story is the text last approved (docs/product.md#sponsorship, decision 0072): an
// edit of an approved story waits for approval while the public keeps the approved text, on the list,
// the profile, a hold's answer and a sponsor's "Mi ahijado/a"; approving is a second, deliberate save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aConsent, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
let staffer: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  staffer = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
}, 60_000);
afterAll(() => ctx?.close());

const APPROVED = 'Le gusta leer cuentos con su abuela.';
const EDITED = 'Le gusta leer cuentos y quiere ser doctora.';
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => inject(ctx.app, { method, url: `/api/v1/admin/sponsorship${url}`, token: staffer.token, payload });

/** What "Guardar ficha" sends: the record as staff read it, with `changes`. */
async function saveRecord(id: number, changes: Record<string, unknown>) {
  const { child } = (await staff('GET', `/children/${id}`)).json();
  const { firstName, fullName, birthDate, department, programId, storedStory, storyApproved, community, school, guardianName, familySituation, notes, sponsorPlaces } = child;
  const body = { firstName, fullName, birthDate, department, programId, story: storedStory, storyApproved, community, school, guardianName, familySituation, notes, sponsorPlaces, ...changes };
  const saved = await staff('PUT', `/children/${id}`, body);
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().child;
}

async function anApprovedChild(firstName: string) {
  const created = await staff('POST', '/children', { firstName, fullName: `${firstName} Prueba Ajú`, birthDate: '2015-06-01', department: 'Sololá', story: APPROVED, storyApproved: true });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().child.id as number;
  await aConsent(ctx.db, id);
  return id;
}

/** Every public text of the child: the list, the profile. */
async function publicStories(id: number): Promise<string[]> {
  const list = (await inject(ctx.app, { method: 'GET', url: '/api/v1/sponsorship/children' })).json().children.filter((c: { id: number }) => c.id === id);
  const profile = (await inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/children/${id}` })).json();
  return [...list.map((c: { story: string }) => c.story), profile.story];
}

describe('an approved story, edited', () => {
  it('keeps the approved text public and reads "pending" to staff, even with the approval box still ticked, until approved again', async () => {
    const id = await anApprovedChild('Sonia');
    expect(await publicStories(id)).toEqual([APPROVED, APPROVED]);

    // The form still carries storyApproved: true from the approved record.
    const edited = await saveRecord(id, { story: EDITED, storyApproved: true });
    expect(edited).toMatchObject({ storedStory: EDITED, storyApproved: false, story: APPROVED });
    expect(await publicStories(id)).toEqual([APPROVED, APPROVED]);

    // Saving something else with the box as the form now shows it (unticked) keeps it pending, not withdrawn.
    expect(await saveRecord(id, { school: 'EORM Panajachel' })).toMatchObject({ storyApproved: false, story: APPROVED });
    expect(await publicStories(id)).toEqual([APPROVED, APPROVED]);

    // Approving is ticking the box on the saved text.
    expect(await saveRecord(id, { storyApproved: true })).toMatchObject({ storedStory: EDITED, storyApproved: true, story: EDITED });
    expect(await publicStories(id)).toEqual([EDITED, EDITED]);
    const updates = await ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sponsorship.child_updated'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(updates.map((u) => u.details.story ?? null)).toEqual(['pending', null, 'approved']);
  });

  it('shows nothing public for a story never approved, and hides at once a story unticked or emptied', async () => {
    const created = await staff('POST', '/children', { firstName: 'Dulce', fullName: 'Dulce Prueba Ajú', birthDate: '2014-02-01', department: 'Sololá', story: APPROVED, storyApproved: false });
    const id = created.json().child.id as number;
    await aConsent(ctx.db, id);
    expect(await publicStories(id)).toEqual(['', '']);
    expect(await saveRecord(id, { story: EDITED })).toMatchObject({ storyApproved: false, story: '' });
    expect(await publicStories(id)).toEqual(['', '']);

    const unticked = await anApprovedChild('Karla');
    await saveRecord(unticked, { storyApproved: false });
    expect(await publicStories(unticked)).toEqual(['', '']);

    const emptied = await anApprovedChild('Mayra');
    await saveRecord(emptied, { story: '' });
    expect(await publicStories(emptied)).toEqual(['', '']);
  });

  it("never shows the pending text to a visitor holding the child's place nor to the child's sponsor", async () => {
    const id = await anApprovedChild('Rebeca');
    await saveRecord(id, { story: EDITED });
    const hold = await inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId: id } });
    expect(hold.statusCode, hold.body).toBe(201);
    expect(hold.json().child.story).toBe(APPROVED);
    expect(hold.body).not.toContain(EDITED);

    const sponsored = await anApprovedChild('Noemí');
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    await anActiveSponsorship(ctx.db, sponsored, sponsor.id);
    await saveRecord(sponsored, { story: EDITED });
    const mine = await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token: sponsor.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().sponsorships[0].child.story).toBe(APPROVED);
    expect(mine.body).not.toContain(EDITED);
  });
});
