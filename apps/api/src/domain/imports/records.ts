// What one import line records (docs/product.md#imports): a past gift, completed on its own date with the
// receipt number the earlier system gave it and no receipt, email or certification of ours; or a monthly
// gift by transfer with its permanent reference. The donor comes from the one matching rule (decision 0040).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCents, formatDay, formatMonth, guatemalaDay } from '@donaciones/shared/format';
import { importsMessages } from '@donaciones/shared/messages/imports';
import type { ImportOutcome } from '@donaciones/shared/schemas/imports';
import type { Db } from '../../db/client';
import { donations, recurringGifts } from '../../db/schema';
import { getSettings } from '../../platform/settings';
import { newReferenceCode } from '../../platform/reference-codes';
import { latestClosedMonth, monthOf } from '../accounting/periods';
import { matchOrCreateDonor } from '../donors/match';
import { addMonth } from '../ledger/links';
import { LIVE_STATUSES } from '../monthly/monthly-gifts';
import { newTransferReference, TRANSFER_PROVIDER } from '../monthly/transfer';
import type { ImportLine } from './lines';

const d = importsMessages.details;
const r = importsMessages.reasons;

export interface LineOutcome {
  outcome: ImportOutcome;
  detail: string;
  reason?: string;
  donorId?: number | null;
  donationId?: number | null;
  recurringGiftId?: number | null;
  transferReference?: string | null;
}

/** Noon in Guatemala of a calendar day: every report counts it on that day. */
const noonOf = (day: string) => new Date(`${day}T12:00:00-06:00`);

const donorOf = (tx: Db, line: ImportLine) =>
  matchOrCreateDonor(tx, { email: line.email, taxId: line.taxId, taxIdKind: line.taxIdKind, name: line.name, phone: line.phone });

export async function importGift(tx: Db, line: ImportLine, donorsBefore: number, importId: number): Promise<LineOutcome> {
  const day = line.date as string;
  const amountCents = line.amountCents as number;
  const detail = d.gift(line.name, formatCents(amountCents, line.currency), formatDay(day), line.receipt, line.method && importsMessages.methods[line.method]);
  const closed = await latestClosedMonth(tx);
  const month = monthOf(noonOf(day));
  if (closed !== null && month <= closed) return { outcome: 'refused', detail, reason: r.monthClosed(formatMonth(month), formatMonth(closed)) };
  const donorId = await donorOf(tx, line);
  const usd = line.currency === 'USD' ? await getSettings(tx, 'payments') : null;
  const at = noonOf(day);
  for (;;) {
    const [row] = await tx
      .insert(donations)
      .values({
        referenceCode: newReferenceCode(),
        donorName: line.name,
        donorEmail: line.email ?? '',
        donorPhone: line.phone,
        donorNit: line.taxId,
        donorTaxIdKind: line.taxIdKind,
        amountCents,
        currency: line.currency,
        ...(usd ? { gtqCents: Math.round(amountCents * usd.usd_exchange_rate), exchangeRate: String(usd.usd_exchange_rate), exchangeRateDate: usd.usd_exchange_rate_date } : {}),
        // A gift in kind is one of goods with no payment method, as the service API records one (migration 0027
        // asks staff gift entry's 'in_kind' for what arrived and how it was valued, which a past line does not say).
        donationType: line.method === 'in_kind' ? 'goods' : 'monetary',
        paymentMethod: line.method === 'in_kind' ? null : line.method,
        status: 'completed',
        description: line.note,
        source: 'import',
        donorId,
        importId,
        importedReceipt: line.receipt,
        createdAt: at,
        updatedAt: at,
        completedAt: at,
      })
      .onConflictDoNothing({ target: donations.referenceCode })
      .returning({ id: donations.id });
    if (!row) continue;
    const existing = donorId <= donorsBefore;
    return { outcome: existing ? 'matched' : 'created', detail: detail + (existing ? d.existingDonor : ''), donorId, donationId: row.id };
  }
}

export async function importMonthly(tx: Db, line: ImportLine, donorsBefore: number, importId: number): Promise<LineOutcome> {
  const amountCents = line.amountCents as number;
  const amount = formatCents(amountCents, line.currency);
  const email = line.email as string;
  const refuse = (reason: string): LineOutcome => ({ outcome: 'refused', detail: d.monthly(line.name, amount, line.reference ?? '—'), reason });
  if (line.reference) {
    const [taken] = await tx.select({ id: recurringGifts.id }).from(recurringGifts).where(eq(recurringGifts.transferReference, line.reference)).limit(1);
    if (taken) return refuse(r.referenceTaken(line.reference));
  }
  const [live] = await tx
    .select({ id: recurringGifts.id })
    .from(recurringGifts)
    .where(
      and(
        sql`lower(${recurringGifts.donorEmail}) = ${email}`,
        eq(recurringGifts.amountCents, amountCents),
        eq(recurringGifts.currency, line.currency),
        inArray(recurringGifts.status, [...LIVE_STATUSES]),
      ),
    )
    .limit(1);
  if (live) return refuse(r.duplicateMonthly);
  const donorId = await donorOf(tx, line);
  const reference = line.reference ?? (await newTransferReference(tx));
  const now = new Date();
  const [gift] = await tx
    .insert(recurringGifts)
    .values({
      provider: TRANSFER_PROVIDER,
      donorName: line.name,
      donorEmail: email,
      amountCents,
      currency: line.currency,
      status: 'active',
      startedAt: now,
      // The transfer expected next: the day the file gives, else a month from the import.
      nextChargeAt: line.date ? noonOf(line.date) : addMonth(noonOf(guatemalaDay(now))),
      transferReference: reference,
      importId,
    })
    .returning({ id: recurringGifts.id });
  const existing = donorId <= donorsBefore;
  const detail = d.monthly(line.name, amount, reference) + (existing ? d.existingDonor : '');
  return { outcome: existing ? 'matched' : 'created', detail, donorId, recurringGiftId: gift.id, transferReference: reference };
}
