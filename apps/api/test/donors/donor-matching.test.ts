// Every gift names its donor (docs/product.md#donors): matched by email in any case, then by NIT/CUI
// with the same name, linked to the account, created when new; the donor's figures follow its completed gifts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { donations, donors } from '../../src/db/schema';
import { duplicateProposals } from '../../src/domain/donors/duplicates';
import { findDonorOf, matchOrCreateDonor } from '../../src/domain/donors/match';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const donorOf = async (id: number) => (await ctx.db.select().from(donations).where(eq(donations.id, id)))[0].donorId;
const donor = async (id: number) => (await ctx.db.select().from(donors).where(eq(donors.id, id)))[0];

describe('donor matching', () => {
  it('puts a guest gift and an account gift with the same email (other case) on one donor linked to the account', async () => {
    const guest = await make.donation(ctx.db, { donorEmail: 'Ana.Lopez@Correo.GT', donorName: 'Ana López', amount: 150 });
    const user = await createUser(ctx.db, { email: 'ana.lopez@correo.gt' });
    const member = await make.donation(ctx.db, { donorEmail: 'ana.lopez@correo.gt', donorName: 'Ana López', userId: user.id, amount: 50 });
    const id = await donorOf(guest.id);
    expect(id).not.toBeNull();
    expect(await donorOf(member.id)).toBe(id);
    const row = await donor(id!);
    expect(row.emails).toEqual(['ana.lopez@correo.gt']);
    expect(row.userId).toBe(user.id);
    expect(row.giftCount).toBe(2);
    expect(row.lifetimeCents).toBe(20_000);
  });

  it('a gift staff record for someone else (their account as its owner) goes to that person, never to the staff member', async () => {
    const staff = await createUser(ctx.db, { email: 'tesoreria@fundacion.gt', roles: ['FINANCE'] });
    const own = await make.donation(ctx.db, { donorEmail: 'tesoreria@fundacion.gt', donorName: 'Tesorería', userId: staff.id, amount: 10 });
    const marta = await make.donation(ctx.db, { donorEmail: 'marta.cux@correo.gt', donorName: 'Marta Cux', userId: staff.id, amount: 120 });
    const jose = await make.donation(ctx.db, { donorEmail: 'jose.xol@correo.gt', donorName: 'José Xol', userId: staff.id, amount: 80 });
    const staffDonor = await donorOf(own.id);
    expect(new Set([staffDonor, await donorOf(marta.id), await donorOf(jose.id)]).size).toBe(3);
    expect((await donor(staffDonor!)).emails).toEqual(['tesoreria@fundacion.gt']);
    const martaDonor = await donor((await donorOf(marta.id))!);
    expect(martaDonor).toMatchObject({ name: 'Marta Cux', emails: ['marta.cux@correo.gt'], userId: null, giftCount: 1 });
  });

  it('matches by NIT when the email differs, and CF matches nobody', async () => {
    const first = await make.donation(ctx.db, { donorEmail: 'conta@empresa.gt', donorName: 'Empresa S.A.', donorNit: '1234567K', donorTaxIdKind: 'nit' });
    const second = await make.donation(ctx.db, { donorEmail: 'pagos@empresa.gt', donorName: 'Empresa, S.A.', donorNit: '1234567K', donorTaxIdKind: 'nit' });
    expect(await donorOf(second.id)).toBe(await donorOf(first.id));
    expect((await donor((await donorOf(first.id))!)).emails).toEqual(['conta@empresa.gt', 'pagos@empresa.gt']);
    // A name is the same with other case, accents, commas and spaces.
    const third = await make.donation(ctx.db, { donorEmail: 'compras@empresa.gt', donorName: ' EMPRESA  S. A. ', donorNit: '1234567-K', donorTaxIdKind: 'nit' });
    expect(await donorOf(third.id)).toBe(await donorOf(first.id));
    const cfA = await make.donation(ctx.db, { donorNit: 'CF', donorTaxIdKind: 'cf' });
    const cfB = await make.donation(ctx.db, { donorNit: 'CF', donorTaxIdKind: 'cf' });
    expect(await donorOf(cfA.id)).not.toBe(await donorOf(cfB.id));
  });

  it("a gift with someone else's NIT and a new email makes a donor of its own, proposed as a duplicate, and leaves the NIT's donor as it was", async () => {
    const owner = await createUser(ctx.db, { email: 'diego.perez@correo.gt' });
    const diegoGift = await make.donation(ctx.db, { donorEmail: 'diego.perez@correo.gt', donorName: 'Diego Pérez', donorNit: '4455667-1', donorTaxIdKind: 'nit', userId: owner.id, amount: 200 });
    const diego = (await donorOf(diegoGift.id))!;
    const before = await donor(diego);
    const stranger = await createUser(ctx.db, { email: 'otra.persona@correo.gt' });
    const strangerGift = await make.donation(ctx.db, {
      donorEmail: 'otra.persona@correo.gt',
      donorName: 'Carla Méndez',
      donorPhone: '5999-0000',
      donorNit: '4455667-1',
      donorTaxIdKind: 'nit',
      userId: stranger.id,
      amount: 75,
    });
    const carla = (await donorOf(strangerGift.id))!;
    expect(carla).not.toBe(diego);
    expect(await donor(diego)).toMatchObject({ emails: before.emails, phones: before.phones, userId: owner.id, giftCount: 1, lifetimeCents: 20_000 });
    expect(await donor(carla)).toMatchObject({ name: 'Carla Méndez', taxId: '44556671', emails: ['otra.persona@correo.gt'], userId: stranger.id, giftCount: 1 });
    // Carla's next gift by NIT alone finds her own donor; staff see the shared NIT among the duplicates.
    const again = await make.donation(ctx.db, { donorEmail: '', donorName: 'carla mendez', donorNit: '44556671', donorTaxIdKind: 'nit' });
    expect(await donorOf(again.id)).toBe(carla);
    expect(await findDonorOf(ctx.db, { name: 'Carla Méndez', taxId: '4455667-1' })).toMatchObject({ id: carla, by: 'taxId' });
    expect(await findDonorOf(ctx.db, { name: 'Diego Perez', taxId: '4455667-1' })).toMatchObject({ id: diego, by: 'taxId' });
    const proposals = await duplicateProposals(ctx.db);
    expect(proposals.some((p) => p.reason === 'taxId' && [p.a.id, p.b.id].sort().join() === [diego, carla].sort().join())).toBe(true);
  });

  it('counts only completed gifts in the figures, and follows a refund', async () => {
    const email = 'cifras@correo.gt';
    const paid = await make.donation(ctx.db, { donorEmail: email, amount: 300, createdAt: new Date('2025-03-01T12:00:00Z') });
    await make.donation(ctx.db, { donorEmail: email, amount: 999, status: 'failed' });
    const id = (await donorOf(paid.id))!;
    let row = await donor(id);
    expect([row.giftCount, row.lifetimeCents, row.firstGiftAt?.toISOString()]).toEqual([1, 30_000, '2025-03-01T12:00:00.000Z']);
    await ctx.db.update(donations).set({ status: 'refunded' }).where(eq(donations.id, paid.id));
    row = await donor(id);
    expect([row.giftCount, row.lifetimeCents, row.firstGiftAt]).toEqual([0, 0, null]);
  });

  it('dates the first and last gift by the gift\'s date (created_at), as its list does, not by the day it was approved', async () => {
    // A deposit made at 04:30 on 5 February (Guatemala) and approved the next day: the donor page read
    // "Primera donación 06/02/2026" above the gift dated 05/02/2026.
    const made = new Date('2026-02-05T10:30:00Z');
    const deposit = await make.donation(ctx.db, { donorEmail: 'fecha.deposito@correo.gt', amount: 250, status: 'pending', createdAt: made });
    await ctx.db.update(donations).set({ status: 'completed', completedAt: new Date('2026-02-06T15:00:00Z') }).where(eq(donations.id, deposit.id));
    const id = (await donorOf(deposit.id))!;
    let row = await donor(id);
    expect([row.giftCount, row.firstGiftAt?.toISOString(), row.lastGiftAt?.toISOString()]).toEqual([1, made.toISOString(), made.toISOString()]);
    // A recount (a later gift refunded) keeps that date too.
    const later = await make.donation(ctx.db, { donorEmail: 'fecha.deposito@correo.gt', amount: 100, createdAt: new Date('2026-03-01T12:00:00Z') });
    await ctx.db.update(donations).set({ status: 'refunded', refundedAt: new Date('2026-03-02T12:00:00Z') }).where(eq(donations.id, later.id));
    row = await donor(id);
    expect([row.giftCount, row.firstGiftAt?.toISOString(), row.lastGiftAt?.toISOString()]).toEqual([1, made.toISOString(), made.toISOString()]);
  });

  it('keeps every donor\'s figures equal to a recount through gifts, completions, refunds, corrections, moves and deletions', async () => {
    // Three donors by email; gifts go in pending or completed, and then change as the office changes them.
    const emails = ['suma.a@correo.gt', 'suma.b@correo.gt', 'suma.c@correo.gt'];
    const ids: number[] = [];
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n, 15));
    for (let i = 0; i < 18; i++) {
      const gift = await make.donation(ctx.db, { donorEmail: emails[i % 3], amount: 10 + i, status: i % 3 === 0 ? 'pending' : 'completed', createdAt: day(i) });
      ids.push(gift.id);
    }
    const donorIds = await Promise.all(ids.slice(0, 3).map(donorOf));
    const set = (id: number, values: Partial<typeof donations.$inferInsert>) => ctx.db.update(donations).set(values).where(eq(donations.id, id));
    await set(ids[0], { status: 'completed', completedAt: day(40) }); // pending -> completed: still dated by its gift date
    await set(ids[3], { status: 'failed' }); // pending -> failed: counted nowhere
    await set(ids[1], { status: 'refunded', refundedAt: day(41) }); // completed -> refunded
    await set(ids[2], { amountCents: 77_700 }); // a completed gift's amount corrected
    await set(ids[4], { donorId: donorIds[2] }); // a completed gift moved to another donor
    await set(ids[5], { gtqCents: 12_345 }); // its quetzal value set
    await set(ids[7], { createdAt: day(-30) }); // its gift dated earlier: the first gift moves
    await set(ids[6], { donorId: donorIds[1], status: 'completed', completedAt: day(42) }); // pending -> completed on another donor
    await ctx.db.delete(donations).where(eq(donations.id, ids[8])); // a completed gift removed
    await ctx.db.delete(donations).where(eq(donations.id, ids[9])); // a pending one removed
    const recount = await ctx.db.execute(sql`
      SELECT r.id, r.gift_count = coalesce(f.n, 0) AND r.lifetime_cents = coalesce(f.total, 0)
             AND r.first_gift_at IS NOT DISTINCT FROM f.first_at AND r.last_gift_at IS NOT DISTINCT FROM f.last_at AS equal
      FROM donors r LEFT JOIN (
        SELECT donor_id, count(*)::int AS n, sum(coalesce(gtq_cents, amount_cents))::bigint AS total,
               min(created_at) AS first_at, max(created_at) AS last_at
        FROM donations WHERE status = 'completed' GROUP BY donor_id) f ON f.donor_id = r.id
      WHERE r.id IN (${sql.join(donorIds.map((id) => sql`${id}`), sql`, `)})`);
    const rows = rowsOf<{ id: number; equal: boolean }>(recount);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.equal)).toBe(true);
    expect((await donor(donorIds[0]!)).giftCount).toBeGreaterThan(0);
  });

  it('matchOrCreateDonor answers the same donor for the same person and a new one for a new person', async () => {
    const a = await matchOrCreateDonor(ctx.db, { email: ' Pedro@Finca.gt ', name: 'Pedro Ajú', phone: '5555-1234' });
    const b = await matchOrCreateDonor(ctx.db, { email: 'pedro@finca.gt', name: 'Pedro', phone: '4444-0000' });
    const c = await matchOrCreateDonor(ctx.db, { taxId: '9876543-2', name: 'Cooperativa El Progreso', kind: 'company' });
    const d = await matchOrCreateDonor(ctx.db, { taxId: '98765432', name: 'Cooperativa el progreso' });
    const other = await matchOrCreateDonor(ctx.db, { taxId: '98765432', name: 'Otra' });
    expect(b).toBe(a);
    expect(d).toBe(c);
    expect(other).not.toBe(c);
    const pedro = await donor(a);
    expect(pedro.name).toBe('Pedro Ajú');
    expect(pedro.phones).toEqual(['5555-1234', '4444-0000']);
    expect((await donor(c)).kind).toBe('company');
    const given = await make.donation(ctx.db, { donorEmail: 'otro@correo.gt', donorId: c });
    expect(await donorOf(given.id)).toBe(c);
  });
});
