// Birthday gifts (docs/product.md#sponsorship, decision 0055): the child's active sponsor sends a
// one-time gift through the public checkout (card or bank deposit) in the weeks before the birthday
// month; the donation is a normal gift (its receipt names no child) and a row of
// sponsorship_birthday_gifts says which child it is for. Staff deliver the paid ones and mark them.
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { birthdayGiftWindow } from '@donaciones/shared/birthday-window';
import { formatDate, fromCents } from '@donaciones/shared/format';
import { sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';
import { birthdayGiftMessages as m } from '@donaciones/shared/messages/birthday-gifts';
import { publicDonationSchema } from '@donaciones/shared/schemas/donate';
import type { BirthdayGiftAnswer, BirthdayGiftInput, BirthdayGiftWindow, StaffBirthdayGift } from '@donaciones/shared/schemas/sponsorship-amounts';
import type { Database, Db } from '../../db/client';
import { donations, sponsoredChildren, sponsorshipBirthdayGifts, sponsorships, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { getSettings } from '../../platform/settings';
import type { SignedLinks } from '../../platform/signed-links';
import { accountNameSql } from '../accounts/users';
import { createPublicDonation } from '../giving/donate';
import type { PaymentContext } from '../payments/checkouts';
import { sponsorNameSql } from './sponsor-recipient';

const birthMonth = (birthDate: string) => Number(birthDate.slice(5, 7));

/** The birthday windows of the sponsor's sponsorships, with the suggested amount and the gifts already sent. */
export async function birthdayWindows(db: Db, items: { sponsorshipId: number; birthDate: string }[], now = new Date()): Promise<Map<number, BirthdayGiftWindow>> {
  const settings = await getSettings(db, 'sponsorship');
  const today = sponsorshipToday(now);
  const windows = items.map((i) => ({ id: i.sponsorshipId, w: birthdayGiftWindow(birthMonth(i.birthDate), today) }));
  const sent = items.length
    ? await db
        .select({ sponsorshipId: sponsorshipBirthdayGifts.sponsorshipId, year: sponsorshipBirthdayGifts.birthdayYear, n: sql<number>`count(*)::int` })
        .from(sponsorshipBirthdayGifts)
        .innerJoin(donations, eq(donations.id, sponsorshipBirthdayGifts.donationId))
        .where(and(inArray(sponsorshipBirthdayGifts.sponsorshipId, items.map((i) => i.sponsorshipId)), inArray(donations.status, ['pending', 'completed'])))
        .groupBy(sponsorshipBirthdayGifts.sponsorshipId, sponsorshipBirthdayGifts.birthdayYear)
    : [];
  const count = (id: number, year: number) => sent.find((s) => s.sponsorshipId === id && s.year === year)?.n ?? 0;
  return new Map(windows.map(({ id, w }) => [id, { ...w, suggestedAmount: settings.birthday_gift_amount, sent: count(id, w.year) }]));
}

/** The caller's own active sponsorship and its child; any other (someone else's, ended, held) is not found. */
async function ownActiveSponsorship(db: Db, userId: number, sponsorshipId: number) {
  const [row] = await db
    .select({ id: sponsorships.id, childId: sponsorships.childId, birthDate: sponsoredChildren.birthDate })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .where(and(eq(sponsorships.id, sponsorshipId), eq(sponsorships.userId, userId), eq(sponsorships.status, 'active')));
  if (!row) throw notFound(m.notFound);
  return row;
}

export async function sendBirthdayGift(
  db: Database,
  input: { actor: Actor; sponsorshipId: number; body: BirthdayGiftInput; idempotencyKey: string; ip?: string | null; payments: PaymentContext | null; links: SignedLinks },
): Promise<BirthdayGiftAnswer> {
  const own = await ownActiveSponsorship(db, input.actor.id, input.sponsorshipId);
  const window = birthdayGiftWindow(birthMonth(own.birthDate), sponsorshipToday());
  if (!window.open) throw conflict(m.windowClosed(formatDate(`${window.opensOn}T12:00:00Z`)));
  const deposit = input.body.paymentMethod === 'bank_deposit';
  const body = publicDonationSchema.parse({
    donorName: input.body.donorName,
    email: input.body.email,
    amount: input.body.amount,
    paymentMethod: input.body.paymentMethod ?? 'card',
    ...(deposit ? {} : { cardLast4: input.body.cardLast4, cardBrand: input.body.cardBrand }),
    currency: 'GTQ',
    frequency: 'once',
    acceptTerms: true,
  });
  // The public checkout: bounds, the demo's card or the provider's page, the deposit's instructions.
  const answer = await createPublicDonation(db, { body, idempotencyKey: `birthday-${own.id}-${input.idempotencyKey}`, actor: input.actor, ip: input.ip, payments: input.payments, links: input.links });
  const created = answer.body;
  const linked = await db
    .insert(sponsorshipBirthdayGifts)
    .values({ donationId: created.id, sponsorshipId: own.id, childId: own.childId, birthdayYear: window.year })
    .onConflictDoNothing()
    .returning({ id: sponsorshipBirthdayGifts.id });
  if (linked.length) {
    await audit(db, { actor: input.actor, action: 'sponsorship.birthday_gift', entityType: 'sponsorship', entityId: own.id, details: { donation_id: created.id, amount_cents: Math.round(created.amount * 100), birthday_year: window.year }, ip: input.ip });
  }
  return {
    id: created.id,
    referenceCode: created.reference_code,
    amount: created.amount,
    paymentMethod: deposit ? 'bank_deposit' : 'card',
    checkoutUrl: created.checkout_url,
    depositToken: created.deposit_token ?? null,
  };
}

const STATE_FILTERS: Record<'to_deliver' | 'delivered' | 'all', SQL | undefined> = {
  to_deliver: and(eq(donations.status, 'completed'), isNull(sponsorshipBirthdayGifts.deliveredAt)),
  delivered: isNotNull(sponsorshipBirthdayGifts.deliveredAt),
  all: undefined,
};

async function readGifts(db: Db, where: SQL | undefined, order: SQL[]): Promise<StaffBirthdayGift[]> {
  const rows = await db
    .select({
      g: sponsorshipBirthdayGifts,
      d: { referenceCode: donations.referenceCode, amountCents: donations.amountCents, currency: donations.currency, status: donations.status, completedAt: donations.completedAt, donorName: donations.donorName },
      c: { firstName: sponsoredChildren.firstName, fullName: sponsoredChildren.fullName, birthDate: sponsoredChildren.birthDate },
      sponsorName: sql<string>`coalesce(${sponsorNameSql}, ${donations.donorName})`,
      by: accountNameSql,
      byEmail: users.email,
    })
    .from(sponsorshipBirthdayGifts)
    .innerJoin(donations, eq(donations.id, sponsorshipBirthdayGifts.donationId))
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorshipBirthdayGifts.childId))
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipBirthdayGifts.sponsorshipId))
    .leftJoin(users, eq(users.id, sponsorshipBirthdayGifts.deliveredByUserId))
    .where(where)
    .orderBy(...order)
    .limit(500);
  return rows.map((r) => ({
    id: r.g.id,
    donationId: r.g.donationId,
    referenceCode: r.d.referenceCode,
    amount: fromCents(r.d.amountCents),
    currency: r.d.currency,
    donationStatus: r.d.status,
    completedAt: r.d.completedAt?.toISOString() ?? null,
    childId: r.g.childId,
    childFirstName: r.c.firstName,
    childFullName: r.c.fullName,
    sponsorName: r.sponsorName,
    birthdayMonth: birthMonth(r.c.birthDate),
    birthdayYear: r.g.birthdayYear,
    deliveredAt: r.g.deliveredAt?.toISOString() ?? null,
    deliveredBy: r.g.deliveredAt ? (r.by ?? r.byEmail ?? null) : null,
    createdAt: r.g.createdAt.toISOString(),
  }));
}

/** "Regalos de cumpleaños por entregar" (oldest paid first), the delivered ones, or all; one child's or everyone's. */
export async function listBirthdayGifts(db: Db, q: { state: 'to_deliver' | 'delivered' | 'all'; childId?: number }) {
  const where = and(STATE_FILTERS[q.state], q.childId ? eq(sponsorshipBirthdayGifts.childId, q.childId) : undefined);
  const order = q.state === 'to_deliver' ? [asc(donations.completedAt), asc(sponsorshipBirthdayGifts.id)] : [desc(sponsorshipBirthdayGifts.createdAt), desc(sponsorshipBirthdayGifts.id)];
  return { gifts: await readGifts(db, where, order) };
}

/** Staff handed the gift over: only a paid gift, once; audited. */
export async function markBirthdayGiftDelivered(db: Database, input: { id: number; actor: Actor; ip?: string | null }): Promise<StaffBirthdayGift> {
  return db.transaction(async (tx) => {
    const [gift] = await tx
      .select({ id: sponsorshipBirthdayGifts.id, deliveredAt: sponsorshipBirthdayGifts.deliveredAt, status: donations.status, childId: sponsorshipBirthdayGifts.childId, donationId: sponsorshipBirthdayGifts.donationId })
      .from(sponsorshipBirthdayGifts)
      .innerJoin(donations, eq(donations.id, sponsorshipBirthdayGifts.donationId))
      .where(eq(sponsorshipBirthdayGifts.id, input.id))
      .for('update', { of: sponsorshipBirthdayGifts });
    if (!gift) throw notFound(m.giftNotFound);
    if (gift.deliveredAt) throw conflict(m.alreadyDelivered);
    if (gift.status !== 'completed') throw conflict(m.notCompleted);
    await tx.update(sponsorshipBirthdayGifts).set({ deliveredAt: sql`now()`, deliveredByUserId: input.actor.id }).where(eq(sponsorshipBirthdayGifts.id, gift.id));
    await audit(tx, { actor: input.actor, action: 'sponsorship.birthday_gift.delivered', entityType: 'sponsored_child', entityId: gift.childId, details: { birthday_gift_id: gift.id, donation_id: gift.donationId }, ip: input.ip });
    const [read] = await readGifts(tx, eq(sponsorshipBirthdayGifts.id, gift.id), []);
    return read;
  });
}
