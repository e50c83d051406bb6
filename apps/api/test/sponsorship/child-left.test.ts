// A child who leaves the programme (docs/product.md#sponsorship): when staff set "salió del programa",
// each active sponsor gets one careful email with the child's first name and a link to choose in "Mi
// ahijado/a" (/apadrina without an account), never the reason nor a staff-only field; no email for
// other statuses, nor when set again. The choice itself is in lifecycle.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { STAFF_ONLY_CHILD_FIELDS } from '@donaciones/shared/schemas/sponsorship';
import { emailOutbox, sponsorships } from '../../src/db/schema';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

const setStatus = (token: string, id: number, status: string, reason = '') =>
  inject(ctx.app, { method: 'POST', url: `/api/v1/admin/sponsorship/children/${id}/status`, token, payload: { status, reason } });

const emailsTo = (addresses: string[]) => ctx.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));

describe('a child leaves the programme', () => {
  it('tells the active sponsor once, with the first name and a link to Mi ahijado/a, and nothing staff keep', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const child = await aChild(ctx.db, {
      firstName: 'Marisol',
      fullName: 'Marisol APELLIDOSECRETO',
      community: 'ALDEASECRETA',
      school: 'ESCUELASECRETA',
      guardianName: 'TUTORSECRETO',
      familySituation: 'SITUACIONSECRETA',
      notes: 'NOTASECRETA',
      status: 'sponsored',
    });
    await anActiveSponsorship(ctx.db, child.id, sponsor.id);

    expect((await setStatus(staff.token, child.id, 'paused', 'Vacaciones')).statusCode).toBe(200);
    expect(await emailsTo([sponsor.email])).toHaveLength(0);

    const left = await setStatus(staff.token, child.id, 'left', 'MOTIVOSECRETO de la familia');
    expect(left.statusCode).toBe(200);
    const [email, ...more] = await emailsTo([sponsor.email]);
    expect(more).toHaveLength(0);
    expect(email.template).toBe('sponsorship-child-left');
    expect(email.subject).toBe('Marisol ya no forma parte del programa');
    expect(email.textBody).toContain('Marisol salió del programa');
    expect(email.textBody).toContain('{{PUBLIC_URL}}/donor/ahijado');
    for (const secret of ['MOTIVOSECRETO', 'APELLIDOSECRETO', 'ALDEASECRETA', 'ESCUELASECRETA', 'TUTORSECRETO', 'SITUACIONSECRETA', 'NOTASECRETA', '2016-05-10']) {
      expect(`${email.subject}\n${email.textBody}`).not.toContain(secret);
    }
    expect(STAFF_ONLY_CHILD_FIELDS).toContain('statusReason');

    // Saved again as "salió" (a corrected reason): no second email.
    expect((await setStatus(staff.token, child.id, 'left', 'Otro motivo')).statusCode).toBe(200);
    expect(await emailsTo([sponsor.email])).toHaveLength(1);
  });

  it('writes to the address given when sponsoring without an account, and to no one for a held or ended place', async () => {
    const staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
    const child = await aChild(ctx.db, { firstName: 'Elmer', sponsorPlaces: 3 });
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const active = await anActiveSponsorship(ctx.db, child.id, sponsor.id);
    await ctx.db.update(sponsorships).set({ userId: null, sponsorEmail: ' sin.cuenta@correo.gt ', sponsorName: 'Lucía Pérez' }).where(eq(sponsorships.id, active.id));
    const ended = await ctx.db
      .insert(sponsorships)
      .values({ childId: child.id, place: 2, status: 'ended', holdToken: `ended-${child.id}`, heldUntil: new Date(), sponsorEmail: 'terminado@correo.gt', amountCents: 25_000 })
      .returning();
    expect(ended).toHaveLength(1);

    expect((await setStatus(staff.token, child.id, 'left', 'Se mudó')).statusCode).toBe(200);
    const sent = await emailsTo(['sin.cuenta@correo.gt', 'terminado@correo.gt']);
    expect(sent.map((e) => e.toAddress)).toEqual(['sin.cuenta@correo.gt']);
    expect(sent[0].textBody).toMatch(/^Hola Lucía:/);
    expect(sent[0].textBody).toContain('{{PUBLIC_URL}}/apadrina');
  });
});
