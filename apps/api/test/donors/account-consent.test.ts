// Mi perfil's "Invitaciones por correo" is the consent to email of the donor record linked to the account
// (docs/product.md#donors, decision 0081): never presumed, written to the record with its date and the
// source "profile", read back from the record (so staff's own entries show there), and kept by an account
// without a record until one is linked, unless the record holds a later decision.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonorPage } from '@donaciones/shared/schemas/donors';
import { auditLog, donations, donors, userPreferences } from '../../src/db/schema';
import { linkCompletedDonation } from '../../src/domain/ledger/donor-role';
import { type Caller, type TestContext, createTestApp, inject } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
});
afterAll(async () => ctx?.close());

const preferences = (who: Caller) => inject(ctx.app, { url: '/api/v1/users/me/preferences', token: who.token }).then((r) => r.json<{ privacy_settings: { allow_contact: boolean } }>());
const allowContact = async (who: Caller) => (await preferences(who)).privacy_settings.allow_contact;
const setAllowContact = async (who: Caller, allow: boolean, extra: Record<string, unknown> = {}) => {
  const res = await inject(ctx.app, { method: 'PUT', url: '/api/v1/users/me/preferences', token: who.token, payload: { privacy_settings: { allow_contact: allow }, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ privacy_settings: { allow_contact: boolean } }>().privacy_settings.allow_contact;
};
const donorOfGift = async (donationId: number) => {
  const [row] = await ctx.db.select({ donorId: donations.donorId }).from(donations).where(eq(donations.id, donationId));
  return (await ctx.db.select().from(donors).where(eq(donors.id, row.donorId!)))[0];
};
const staffPage = (id: number) => inject(ctx.app, { url: `/api/v1/admin/donors/${id}`, token: admin.token }).then((r) => r.json<DonorPage>());
const staffEdit = async (id: number, consentEmail: boolean) => {
  const d = (await staffPage(id)).donor;
  const body = { kind: d.kind, name: d.name, contactPerson: d.contactPerson, taxId: d.taxId, emails: d.emails, phones: d.phones, address: d.address, consentEmail, consentWhatsapp: d.consentWhatsapp, notes: d.notes, tags: d.tags };
  const res = await inject(ctx.app, { method: 'PUT', url: `/api/v1/admin/donors/${id}`, token: admin.token, payload: body });
  expect(res.statusCode, res.body).toBe(200);
};

describe('consent to email from Mi perfil', () => {
  it('is never presumed: a new account and its first donor record start without it', async () => {
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    expect(await allowContact(donor)).toBe(false);
    const [row] = await ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, donor.id));
    expect(row).toMatchObject({ allowContact: false, allowContactAt: null });
    const gift = await make.donation(ctx.db, { donorEmail: donor.email, userId: donor.id });
    expect(await donorOfGift(gift.id)).toMatchObject({ userId: donor.id, consentEmail: false, consentEmailAt: null, consentEmailSource: null });
  });

  it('round-trips with the linked donor record: the donor sets it, staff see it with its source, staff withdraw it, the switch shows it', async () => {
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    const gift = await make.donation(ctx.db, { donorEmail: donor.email, userId: donor.id });
    const record = await donorOfGift(gift.id);

    const before = Date.now();
    expect(await setAllowContact(donor, true)).toBe(true);
    const given = (await staffPage(record.id)).donor;
    expect(given).toMatchObject({ consentEmail: true, consentEmailSource: 'profile' });
    expect(Date.parse(given.consentEmailAt!)).toBeGreaterThanOrEqual(before - 1_000);
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'donor.consent_from_profile'), eq(auditLog.entityId, String(record.id))));
    expect(entry).toMatchObject({ actorUserId: donor.id, details: { changed: { consentEmail: { from: false, to: true } }, source: 'profile' } });
    expect((await staffPage(record.id)).timeline.some((t) => t.kind === 'change' && t.text === `El donante cambió en su perfil si acepta correos · ${donor.email}`)).toBe(true);

    // Saving the other preferences with the switch as shown does not date the consent again.
    await setAllowContact(donor, true, { favorite_cause: 'Educación' });
    expect((await staffPage(record.id)).donor.consentEmailAt).toBe(given.consentEmailAt);

    await staffEdit(record.id, false);
    expect(await allowContact(donor)).toBe(false);
    await staffEdit(record.id, true);
    expect(await allowContact(donor)).toBe(true);

    expect(await setAllowContact(donor, false)).toBe(false);
    expect((await staffPage(record.id)).donor).toMatchObject({ consentEmail: false, consentEmailSource: 'profile' });
  });

  it('waits on an account without a donor record, and its record takes it when linked', async () => {
    const first = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    expect(await setAllowContact(first, true)).toBe(true);
    const [prefs] = await ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, first.id));
    expect(prefs).toMatchObject({ allowContact: true, allowContactAt: expect.any(Date) });
    // A first gift from the signed-in account makes its record.
    const gift = await make.donation(ctx.db, { donorEmail: first.email, userId: first.id });
    expect(await donorOfGift(gift.id)).toMatchObject({ consentEmail: true, consentEmailAt: prefs.allowContactAt, consentEmailSource: 'profile' });
    expect(await allowContact(first)).toBe(true);

    // A guest gift made before the account existed joins it when its address is confirmed.
    const second = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    const guest = await make.donation(ctx.db, { donorEmail: second.email });
    expect(await donorOfGift(guest.id)).toMatchObject({ userId: null, consentEmail: false });
    expect(await setAllowContact(second, true)).toBe(true);
    await linkCompletedDonation(ctx.db, guest);
    expect(await donorOfGift(guest.id)).toMatchObject({ userId: second.id, consentEmail: true, consentEmailSource: 'profile' });
  });

  it("gives way to a later decision staff recorded on the record before it was linked", async () => {
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
    expect(await setAllowContact(donor, true)).toBe(true);
    const guest = await make.donation(ctx.db, { donorEmail: donor.email });
    const record = await donorOfGift(guest.id);
    await staffEdit(record.id, true);
    await staffEdit(record.id, false);
    await linkCompletedDonation(ctx.db, guest);
    expect(await donorOfGift(guest.id)).toMatchObject({ userId: donor.id, consentEmail: false, consentEmailSource: 'staff' });
    expect(await allowContact(donor)).toBe(false);
  });
});

describe("the thank-you and receipt emails turned off in Mi perfil (decision 0081)", () => {
  it('show on the donor page while the linked account has them off, and no longer once they are back on', async () => {
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    const gift = await make.donation(ctx.db, { donorEmail: donor.email, userId: donor.id });
    const record = await donorOfGift(gift.id);
    const switchTo = async (on: boolean) => {
      const res = await inject(ctx.app, { method: 'PUT', url: '/api/v1/users/me/preferences', token: donor.token, payload: { communication_preferences: { email_notifications: on } } });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect((await staffPage(record.id)).receiptEmailsOff).toBe(false);
    await switchTo(false);
    expect((await staffPage(record.id)).receiptEmailsOff).toBe(true);
    await switchTo(true);
    expect((await staffPage(record.id)).receiptEmailsOff).toBe(false);
  });
});
