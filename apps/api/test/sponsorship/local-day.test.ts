// A child's age and a guardian's consent are read by Guatemala's calendar day (UTC-6), never UTC's:
// at 23:30 local time on 14 March the UTC day is already the 15th (docs/product.md#sponsorship).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { childConsents } from '../../src/db/schema';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import { aChild, aPhoto } from '../support/sponsorship';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());
afterEach(() => vi.useRealTimers());

/** 23:30 on 14 March 2026 in Guatemala: 05:30 UTC on the 15th. */
const LATE_EVENING = new Date('2026-03-14T23:30:00-06:00');
const pinClock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(LATE_EVENING);
};
const DEPT = encodeURIComponent('Totonicapán');
const get = (url: string) => inject(ctx.app, { method: 'GET', url });

async function consent(childId: number, givenOn: string, expiresOn: string) {
  await ctx.db.insert(childConsents).values({ childId, givenBy: 'Encargada', relationship: 'madre', givenOn, expiresOn, scope: 'photos_and_story' });
}

describe('the sponsorship day is Guatemala\'s', () => {
  it('turns a child a year older on her birthday in Guatemala, not six hours early', async () => {
    const child = await aChild(ctx.db, { firstName: 'Marisol', birthDate: '2016-03-15', department: 'Totonicapán' });
    pinClock();
    expect((await get(`/api/v1/sponsorship/children/${child.id}`)).json().age).toBe(9);
    const listed = await get(`/api/v1/sponsorship/children?minAge=9&maxAge=9&department=${DEPT}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const nine = listed.json();
    expect(nine.children.map((c: { id: number }) => c.id)).toEqual([child.id]);
    expect((await get(`/api/v1/sponsorship/children?minAge=10&department=${DEPT}`)).json().children).toEqual([]);
    vi.setSystemTime(new Date('2026-03-15T00:00:00-06:00'));
    expect((await get(`/api/v1/sponsorship/children/${child.id}`)).json().age).toBe(10);
  });

  it('keeps a consent that expires today current until Guatemala\'s midnight, and one given tomorrow not yet', async () => {
    const lastDay = await aChild(ctx.db, { firstName: 'Yesenia', story: 'Le gusta cantar.' });
    await consent(lastDay.id, '2025-03-14', '2026-03-14');
    await aPhoto(ctx.db, lastDay.id);
    const notYet = await aChild(ctx.db, { firstName: 'Brenda', story: 'Le gusta correr.' });
    await consent(notYet.id, '2026-03-15', '2027-03-15');
    pinClock();
    const shown = (await get(`/api/v1/sponsorship/children/${lastDay.id}`)).json();
    expect(shown.story).toBe('Le gusta cantar.');
    expect(shown.photoUrl).not.toBeNull();
    expect((await get(`/api/v1/sponsorship/children/${notYet.id}`)).json().story).toBe('');
    vi.setSystemTime(new Date('2026-03-15T00:00:00-06:00'));
    const after = (await get(`/api/v1/sponsorship/children/${lastDay.id}`)).json();
    expect(after).toMatchObject({ story: '', photoUrl: null });
    expect((await get(`/api/v1/sponsorship/children/${notYet.id}`)).json().story).toBe('Le gusta correr.');
  });
});
