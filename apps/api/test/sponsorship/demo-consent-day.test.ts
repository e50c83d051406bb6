// The demo's guardian consents are given on Guatemala's day (sponsorshipToday), the one consents are
// read by: seeded on the UTC day, a first start after 18:00 local time gave them tomorrow's date, so
// they were not current and the demo's children showed no photo until 06:00 UTC.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedSponsorship } from '../../src/db/seed-sponsorship';
import { childConsents } from '../../src/db/schema';
import { createTestApp, inject, type TestContext } from '../support/helpers';

/** 23:30 on 14 March 2026 in Guatemala: 05:30 UTC on the 15th. */
const LATE_EVENING = new Date('2026-03-14T23:30:00-06:00');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
});

describe("the demo's consents", () => {
  it("are given on Guatemala's day, so a first start in the evening shows the demo children's photos", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LATE_EVENING);
    await seedSponsorship(ctx.db, LATE_EVENING);
    const demo = await ctx.db.select({ childId: childConsents.childId, givenOn: childConsents.givenOn }).from(childConsents).where(eq(childConsents.givenBy, 'Encargada de demostración'));
    expect(demo.length).toBeGreaterThan(0);
    expect(new Set(demo.map((c) => c.givenOn))).toEqual(new Set(['2026-03-14']));
    // A demo child's public page shows the photo its current consent allows.
    const shown = await Promise.all(demo.map(async (c) => (await inject(ctx.app, { method: 'GET', url: `/api/v1/sponsorship/children/${c.childId}` })).json() as { photoUrl?: string | null }));
    expect(shown.some((child) => typeof child.photoUrl === 'string')).toBe(true);
  }, 60_000);
});
