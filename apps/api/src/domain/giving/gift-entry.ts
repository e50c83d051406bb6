// Staff gift entry (docs/product.md#staff-gift-entry, decision 0043): a gift the office received, by
// cash, cheque, transfer, deposit or in kind, recorded on the ledger with the day it arrived. It stays
// pending until someone with gifts.complete approves it, or completes at once (gifts.complete), the
// receipt issued by the ledger's one completion step either way.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatDate, guatemalaDay, toCents } from '@donaciones/shared/format';
import { guatemalaMidnight } from '@donaciones/shared/figures';
import { giftEntryMessages as g } from '@donaciones/shared/messages/gift-entry';
import { type Permission, can } from '@donaciones/shared/permissions';
import type { DonorChoices, EnteredGift, GiftEntryOptions, GiftMethod, StaffGift } from '@donaciones/shared/schemas/gift-entry';
import { taxIdMessages } from '@donaciones/shared/messages/tax-id';
import { parseTaxId } from '@donaciones/shared/tax-id';
import type { Database, Db } from '../../db/client';
import { donors, programs } from '../../db/schema';
import { fieldError, forbidden } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { getSettings } from '../../platform/settings';
import { inClosedMonth, latestClosedMonth } from '../accounting/periods';
import { assertDesignation } from '../content/designation';
import { anotherDonorOf } from '../donors/match';
import { listDonors } from '../donors/search';
import { type DonationRow, insertDonation, transitionDonation } from '../ledger/transitions';
import { receiptSeriesOf } from '../receipts/receipts';
import { assertAmountWithinBounds } from './amount-bounds';
import { maskEmail } from './donor-privacy';

/** The ledger's payment method of each way the office receives a gift (the register's labels). */
const STORED_METHOD: Record<GiftMethod, string> = {
  cash: 'cash',
  cheque: 'cheque',
  transfer: 'bank_transfer',
  deposit: 'bank_deposit',
  in_kind: 'in_kind',
};

export interface StaffActor extends Actor {
  roles: readonly string[];
}

interface DonorFields {
  donorId: number | null;
  donorName: string;
  donorEmail: string;
  donorPhone: string | null;
  taxId: string | null;
}

/** The donor chosen from Donantes (its name, main email and phone unless typed), or the new one typed. */
async function donorOf(tx: Db, data: StaffGift): Promise<DonorFields> {
  if (data.donorId == null) {
    return { donorId: null, donorName: data.donorName ?? '', donorEmail: data.donorEmail ?? '', donorPhone: data.donorPhone, taxId: null };
  }
  const [donor] = await tx
    .select()
    .from(donors)
    .where(and(eq(donors.id, data.donorId), isNull(donors.mergedIntoId)))
    .limit(1);
  if (!donor) throw fieldError('donorId', g.donorNotFound);
  return {
    donorId: donor.id,
    donorName: data.donorName ?? donor.name,
    donorEmail: data.donorEmail ?? donor.emails[0] ?? '',
    donorPhone: data.donorPhone ?? donor.phones[0] ?? null,
    taxId: donor.taxId,
  };
}

/**
 * A new donor typed with the email or NIT of a donor on record under another name is refused, not attached to that
 * donor silently (its receipt would then go to their email). The same name is the same donor, as the rule says.
 */
async function assertNotSomeoneElse(tx: Db, name: string, email: string, taxId: string): Promise<void> {
  const found = await anotherDonorOf(tx, { name, email, taxId });
  if (!found) return;
  if (found.by === 'email') throw fieldError('donorEmail', g.emailOfAnotherDonor);
  throw fieldError('nit', g.taxIdOfAnotherDonor);
}

/**
 * The day must not be in the future. One in a closed month is taken, but the gift is dated now, in the open
 * month, as a gift of a closed month approved late is (decision 0078): the closed month never changes, and
 * `received_on` keeps the day it arrived. Returns the closed month it fell in, or null.
 */
async function closedMonthOfDay(db: Db, receivedOn: string, today: string): Promise<string | null> {
  if (receivedOn > today) throw fieldError('receivedOn', g.receivedOnFuture);
  const closed = await latestClosedMonth(db);
  return inClosedMonth(receivedOn, closed) ? closed : null;
}

/** The method's own details, each on its column (migration 0027 checks they match the method). */
function methodColumns(data: StaffGift) {
  return {
    paymentMethod: STORED_METHOD[data.method],
    paymentReference: data.method === 'transfer' || data.method === 'deposit' ? data.reference : null,
    chequeNumber: data.method === 'cheque' ? data.chequeNumber : null,
    chequeBank: data.method === 'cheque' ? data.chequeBank : null,
    inKindDescription: data.method === 'in_kind' ? data.inKindDescription : null,
    valuationBasis: data.method === 'in_kind' ? data.valuationBasis : null,
    donationType: data.method === 'in_kind' ? ('goods' as const) : ('monetary' as const),
  };
}

/** Records the gift (pending, or completed with its receipt when asked and allowed), audited. */
export async function enterGift(db: Database, input: { data: StaffGift; actor: StaffActor; ip?: string | null; now?: Date }): Promise<EnteredGift> {
  const { data, actor } = input;
  if (data.completed && !can(actor.roles, 'gifts.complete')) throw forbidden(g.completeForbidden);
  const now = input.now ?? new Date();
  const today = guatemalaDay(now);
  const closed = await closedMonthOfDay(db, data.receivedOn, today);
  const row = await db.transaction(async (tx) => {
    const donor = await donorOf(tx, data);
    const amountCents = toCents(data.amount);
    const usd = await assertAmountWithinBounds(tx, { amountCents, currency: data.currency });
    const taxId = parseTaxId(data.nit ?? donor.taxId ?? '', amountCents, data.currency, usd?.usd_exchange_rate);
    // The shared message speaks to the donor on /donate; here staff fill the form for them.
    if (!taxId.ok) throw fieldError('nit', taxId.message === taxIdMessages.cfNotAllowed ? g.cfNotAllowed : taxId.message);
    if (donor.donorId == null) await assertNotSomeoneElse(tx, donor.donorName, donor.donorEmail, taxId.value);
    const programId = await assertDesignation(tx, data.programId);
    // The gift counts on the day it arrived (every figure dates a gift by created_at), or now when that day's month is closed.
    const at = data.receivedOn === today || closed ? now : guatemalaMidnight(data.receivedOn);
    const pending = await insertDonation(tx, {
      donorId: donor.donorId,
      donorName: donor.donorName,
      donorEmail: donor.donorEmail,
      donorPhone: donor.donorPhone,
      donorNit: taxId.value,
      donorTaxIdKind: taxId.kind,
      amountCents,
      currency: data.currency,
      ...(usd ? { gtqCents: Math.round(amountCents * usd.usd_exchange_rate), exchangeRate: String(usd.usd_exchange_rate), exchangeRateDate: usd.usd_exchange_rate_date } : {}),
      ...methodColumns(data),
      description: data.note,
      programId,
      source: 'service',
      userId: null,
      receivedOn: data.receivedOn,
      enteredBy: actor.id,
      createdAt: at,
      updatedAt: now,
    });
    await audit(tx, {
      actor,
      action: 'donation.entered',
      entityType: 'donation',
      entityId: pending.id,
      details: {
        reference: pending.referenceCode,
        method: data.method,
        received_on: data.receivedOn,
        amount_cents: amountCents,
        currency: data.currency,
        completed: data.completed,
        // The history says the gift's date and the closed month its day fell in (as a late approval's line does).
        ...(closed ? { dated_from: data.receivedOn, dated_on: today, closed_month: closed } : {}),
      },
      ip: input.ip,
    });
    if (!data.completed) return pending;
    // Received: the review's own approval, so the receipt comes from the one completion step.
    return transitionDonation(tx, { id: pending.id, action: 'approve', actor, ip: input.ip, completedAt: at });
  });
  return answerOf(db, row);
}

async function answerOf(db: Db, row: DonationRow): Promise<EnteredGift> {
  return {
    id: row.id,
    reference_code: row.referenceCode,
    status: row.status === 'completed' ? 'completed' : 'pending',
    donor_id: row.donorId,
    receipt_number: row.receiptNumber,
    receipt_series: row.receiptNumber == null ? null : await receiptSeriesOf(db, row.id),
  };
}

/** What the form needs: the bounds, the dollar rate, the programmes a gift may go to, and whether it may complete. */
export async function giftEntryOptions(db: Db, roles: readonly string[]): Promise<GiftEntryOptions> {
  const [system, pay, closedThrough, open] = await Promise.all([
    getSettings(db, 'system'),
    getSettings(db, 'payments'),
    latestClosedMonth(db),
    db
      .select({ id: programs.id, name: programs.name })
      .from(programs)
      .where(and(eq(programs.isActive, true), eq(programs.comingSoon, false)))
      .orderBy(asc(programs.sortOrder), asc(programs.id)),
  ]);
  const completes: Permission = 'gifts.complete';
  return {
    min_amount: system.min_donation_amount,
    max_amount: system.max_donation_amount,
    usd_exchange_rate: pay.usd_exchange_rate,
    programs: open,
    may_complete: can(roles, completes),
    closed_through: closedThrough,
  };
}

/**
 * The picker's matches: a name, and what tells donors of the same name apart without their contact
 * details: the email masked, the phone's last two digits and the day of the last gift.
 */
export async function donorChoices(db: Db, q: string): Promise<DonorChoices> {
  const found = await listDonors(db, { q });
  return {
    items: found.items.slice(0, 8).map((d) => ({
      id: d.id,
      name: d.name,
      hint: [
        d.email ? maskEmail(d.email) : null,
        d.phone ? g.donorHintPhone(d.phone.replace(/\D/g, '').slice(-2)) : null,
        d.lastGiftAt ? g.donorHintLastGift(formatDate(d.lastGiftAt)) : g.donorHintNoGift,
      ]
        .filter((part) => part != null)
        .join(' · '),
    })),
  };
}
