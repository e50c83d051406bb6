// The offline demo shows progress reports (docs/product.md#sponsorship): the demo donor reads two
// fictional reports of their sponsored child, newest first, the newer one with its drawing; seeding
// again adds none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { seedDemoProgressReports } from '../../src/db/seed-progress-reports';
import { progressReports, users } from '../../src/db/schema';
import { createTestApp, inject, openSession, type TestContext } from '../support/helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
}, 120_000);

afterAll(() => ctx?.close());

describe('the demo progress reports', () => {
  it('are the demo sponsor\'s to read in Mi ahijado/a, and seeded once', async () => {
    const [donor] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'donante@ejemplo.org'));
    const { token } = await openSession(ctx.app, ctx.db, donor.id);
    const mine = (await inject(ctx.app, { method: 'GET', url: '/api/v1/member/sponsorships', token })).json();
    const kevin = mine.sponsorships.find((s: { child: { firstName: string } }) => s.child.firstName === 'Kevin');
    const res = await inject(ctx.app, { method: 'GET', url: `/api/v1/users/me/sponsorships/${kevin.id}/progress-reports`, token });
    expect(res.statusCode).toBe(200);
    const reports = res.json().reports as Array<{ period: string; photoUrl: string | null; messageToSponsor: string }>;
    expect(reports.map((r) => r.period)).toEqual(['Cierre del ciclo escolar 2026 (demo)', 'Inicio del apadrinamiento (demo)']);
    expect(reports.every((r) => r.messageToSponsor.includes('Informe ficticio de demostración'))).toBe(true);
    expect((await inject(ctx.app, { method: 'GET', url: reports[0].photoUrl!, token })).statusCode).toBe(200);
    expect(res.body).not.toContain('ficticio del demo:');
    await seedDemoProgressReports(ctx.db);
    const [{ n }] = await ctx.db.select({ n: count() }).from(progressReports);
    expect(n).toBe(2);
  });
});
