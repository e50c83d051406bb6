// One monthly gift as the donor sees it (docs/product.md#monthly-giving), in "Mis donaciones mensuales"
// and on the no-login page: amount a month, status, since, next charge, charges so far and total given;
// an ended gift says when it ended and why, when a reason was given.
import type { ReactNode } from 'react';
import { formatCents, formatDate } from '@donaciones/shared/format';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import type { MonthlyGift } from '@donaciones/shared/schemas/monthly';

const m = monthlyMessages;

/** "Q150.00 al mes" */
export function monthlyAmount(gift: Pick<MonthlyGift, 'amountCents' | 'currency'>): string {
  return m.perMonth(formatCents(gift.amountCents, gift.currency));
}

const dateOr = (value: string | null, none: string) => (value ? <time dateTime={value}>{formatDate(value)}</time> : none);

export function MonthlyGiftFacts({ gift, extra }: { gift: MonthlyGift; extra?: { label: string; value: ReactNode }[] }) {
  const ended = gift.status === 'cancelled';
  const facts: { label: string; value: ReactNode; testId?: string }[] = [
    ...(extra ?? []),
    { label: m.since, value: dateOr(gift.startedAt, m.notStarted) },
    ended
      ? { label: m.endedOn, value: dateOr(gift.cancelledAt, m.none), testId: 'ended-on' }
      : { label: m.nextCharge, value: dateOr(gift.nextChargeAt, m.none), testId: 'next-charge' },
    { label: m.chargesCount, value: gift.chargesCount, testId: 'charges-count' },
    { label: m.totalGiven, value: formatCents(gift.totalGivenCents, gift.currency), testId: 'total-given' },
    ...(ended && gift.cancelReason ? [{ label: m.cancelReasonLabel, value: gift.cancelReason }] : []),
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
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
