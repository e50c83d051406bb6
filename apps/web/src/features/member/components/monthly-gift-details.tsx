// One monthly gift as the donor sees it (docs/product.md#monthly-giving), in "Mis donaciones mensuales"
// and on the no-login page: amount a month, status, where it goes (its programme or "Donde más se
// necesite", docs/product.md#designation), since, next charge, charges so far and total given;
// a pause says until when, a change of amount says from when; an ended gift says when it ended and
// why, when a reason was given, and offers to start a new monthly gift.
import type { ReactNode } from 'react';
import { CalendarSync } from 'lucide-react';
import { formatCents, formatDate, formatLongDate } from '@donaciones/shared/format';
import { designationMessages } from '@donaciones/shared/messages/designation';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { monthlyManageMessages } from '@donaciones/shared/messages/monthly-manage';
import type { MonthlyGift } from '@donaciones/shared/schemas/monthly';
import { ButtonLink } from '@/components/button';
import { sponsorPath } from '@/lib/paths';

const m = monthlyMessages;

/** "Q150.00 al mes" */
export function monthlyAmount(gift: Pick<MonthlyGift, 'amountCents' | 'currency'>): string {
  return m.perMonth(formatCents(gift.amountCents, gift.currency));
}

const designationOf = (gift: MonthlyGift) =>
  gift.sponsoredChildFirstName ? monthlyManageMessages.sponsorshipOf(gift.sponsoredChildFirstName) : (gift.programName ?? designationMessages.whereMostNeeded);

const dateOr = (value: string | null, none: string) => (value ? <time dateTime={value}>{formatDate(value)}</time> : none);

export function MonthlyGiftFacts({ gift, extra }: { gift: MonthlyGift; extra?: { label: string; value: ReactNode }[] }) {
  const ended = gift.status === 'cancelled';
  const facts: { label: string; value: ReactNode; testId?: string }[] = [
    ...(extra ?? []),
    // A sponsorship's gift names its child, so a sponsor of two knows which is which.
    { label: designationMessages.label, value: designationOf(gift), testId: 'designation' },
    { label: m.since, value: dateOr(gift.startedAt, m.notStarted) },
    ended
      ? { label: m.endedOn, value: dateOr(gift.cancelledAt, m.none), testId: 'ended-on' }
      : { label: m.nextCharge, value: dateOr(gift.nextChargeAt, m.none), testId: 'next-charge' },
    { label: m.chargesCount, value: gift.chargesCount, testId: 'charges-count' },
    { label: m.totalGiven, value: formatCents(gift.totalGivenCents, gift.currency), testId: 'total-given' },
    ...(ended && gift.cancelReason ? [{ label: m.cancelReasonLabel, value: gift.cancelReason }] : []),
  ];
  return (
    <>
      <ScheduleNotes gift={gift} />
      <FactList facts={facts} />
    </>
  );
}

/** "En pausa hasta el …" and "Cambia a … desde el …", when the donor asked for them. */
export function ScheduleNotes({ gift }: { gift: MonthlyGift }) {
  const notes: { text: string; testId: string }[] = [];
  if (gift.status === 'paused' && gift.pausedUntil) notes.push({ text: m.pausedUntil(formatLongDate(gift.pausedUntil)), testId: 'paused-until' });
  if (gift.status !== 'cancelled' && gift.pendingAmountCents != null && gift.pendingFrom) {
    notes.push({ text: m.pendingChange(formatCents(gift.pendingAmountCents, gift.currency), formatLongDate(gift.pendingFrom)), testId: 'pending-change' });
  }
  if (notes.length === 0) return null;
  return (
    <ul className="mb-4 space-y-2">
      {notes.map((n) => (
        <li key={n.testId} className="rounded-2xl bg-brand-50 p-3 text-sm font-semibold text-brand-900 ring-1 ring-brand-100" data-testid={n.testId}>
          {n.text}
        </li>
      ))}
    </ul>
  );
}

function FactList({ facts }: { facts: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
      {facts.map((f) => (
        <div key={f.label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{f.label}</dt>
          <dd className="mt-0.5 font-semibold break-words text-ink-900 tabular-nums" data-testid={f.testId}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A cancelled gift cannot be restarted; this opens the checkout with "Cada mes" chosen, where the donor
 * picks the amount and programme again (the checkout takes no amount from its address).
 */
export function GiveMonthlyAgain({ describedBy }: { describedBy?: string }) {
  return (
    <ButtonLink to={sponsorPath} variant="outline" icon={<CalendarSync aria-hidden="true" className="size-4" />} aria-describedby={describedBy} data-testid="give-monthly-again">
      {m.giveAgain}
    </ButtonLink>
  );
}
