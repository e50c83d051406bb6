// The figures of monthly giving (docs/product.md#reports-and-exports, #monthly-giving), as pure
// functions over the gifts and their failed charges, so each one is defined once and can be checked
// by counting:
//
// - A gift is in force from its start (its first payment, `started_at`) until it ends
//   (`cancelled_at`): over [started_at, cancelled_at). A past-due gift is still in force (the
//   provider keeps retrying) until it is cancelled. A gift never paid (`incomplete`) or paused is
//   left out (a pause's dates are not kept, so it is left out of every month).
// - Active at an instant: in force just before it. Active donors: the distinct emails among the
//   active gifts. Monthly recurring amount (MRR): the sum of the active gifts' amounts in quetzal
//   cents (a dollar gift by the staff rate of the payment settings).
// - New in a stretch: gifts that started in it; cancelled: gifts that ended in it. A change of
//   amount (a new gift that replaces another) is neither a new gift nor a cancellation.
// - Churn of a stretch: cancelled in it / active at its start x 100, one decimal, 0 when nothing was
//   active at its start.
// - Failed renewals: failed charges (ledger donations with the gift's id) of a gift already started.
import { guatemalaMidnight } from '@donaciones/shared/figures';
import { guatemalaDay } from '@donaciones/shared/format';

export interface GiftFacts {
  id: number;
  email: string;
  /** The gift's amount in quetzal cents. */
  quetzalCents: number;
  status: string;
  startedAt: Date | null;
  cancelledAt: Date | null;
  replacesGiftId: number | null;
}

export interface FailedChargeFacts {
  giftId: number;
  createdAt: Date;
}

export interface StretchFigures {
  activeAtStart: number;
  activeGifts: number;
  activeDonors: number;
  mrrCents: number;
  newGifts: number;
  cancelledGifts: number;
  churnRate: number;
  failedRenewals: number;
}

const LEFT_OUT = new Set(['incomplete', 'paused']);

function counts(g: GiftFacts): g is GiftFacts & { startedAt: Date } {
  return g.startedAt !== null && !LEFT_OUT.has(g.status);
}

/** In force just before `at`: started before it and not ended before it. */
export function activeAt(g: GiftFacts, at: Date): boolean {
  return counts(g) && g.startedAt < at && (g.cancelledAt === null || g.cancelledAt >= at);
}

export function churnRate(cancelled: number, activeAtStart: number): number {
  return activeAtStart > 0 ? Math.round((cancelled / activeAtStart) * 1000) / 10 : 0;
}

/** The figures of the stretch [start, end): the stock at its end, the flows within it. */
export function stretchFigures(gifts: readonly GiftFacts[], failed: readonly FailedChargeFacts[], start: Date, end: Date): StretchFigures {
  const within = (t: Date | null) => t !== null && t >= start && t < end;
  const replaced = new Set(gifts.filter((g) => g.replacesGiftId !== null && counts(g)).map((g) => g.replacesGiftId));
  const active = gifts.filter((g) => activeAt(g, end));
  const activeAtStart = gifts.filter((g) => activeAt(g, start)).length;
  const cancelledGifts = gifts.filter((g) => counts(g) && within(g.cancelledAt) && !replaced.has(g.id)).length;
  const started = new Map(gifts.filter(counts).map((g) => [g.id, g.startedAt]));
  return {
    activeAtStart,
    activeGifts: active.length,
    activeDonors: new Set(active.map((g) => g.email.trim().toLowerCase())).size,
    mrrCents: active.reduce((sum, g) => sum + g.quetzalCents, 0),
    newGifts: gifts.filter((g) => counts(g) && g.replacesGiftId === null && within(g.startedAt)).length,
    cancelledGifts,
    churnRate: churnRate(cancelledGifts, activeAtStart),
    failedRenewals: failed.filter((c) => {
      const since = started.get(c.giftId);
      return since !== undefined && since < c.createdAt && within(c.createdAt);
    }).length,
  };
}

export interface MonthFigures extends StretchFigures {
  /** 'YYYY-MM' in America/Guatemala. */
  month: string;
}

/** The first day of the month `n` months after the one of `day` ('YYYY-MM-DD'). */
function addMonths(day: string, n: number): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
}

/** The `count` calendar months (Guatemala) up to the one in course, oldest first; the last ends at `now`. */
export function monthsToDate(now: Date, count: number): { month: string; start: Date; end: Date }[] {
  const current = `${guatemalaDay(now).slice(0, 7)}-01`;
  return Array.from({ length: count }, (_, i) => {
    const first = addMonths(current, i - count + 1);
    const next = addMonths(first, 1);
    return { month: first.slice(0, 7), start: guatemalaMidnight(first), end: i === count - 1 ? now : guatemalaMidnight(next) };
  });
}

export function monthlyTrend(gifts: readonly GiftFacts[], failed: readonly FailedChargeFacts[], now: Date, count = 12): MonthFigures[] {
  return monthsToDate(now, count).map((m) => ({ month: m.month, ...stretchFigures(gifts, failed, m.start, m.end) }));
}
