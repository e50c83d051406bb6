// The monthly giving figures as pure functions: every expected value is counted by hand from the gifts below.
import { describe, expect, it } from 'vitest';
import { activeAt, churnRate, monthlyTrend, monthsToDate, stretchFigures, type FailedChargeFacts, type GiftFacts } from '../../src/domain/monthly/figures';

/** A wall-clock time in Guatemala (UTC-6, no daylight saving time) as an instant. */
const gt = (local: string) => new Date(`${local}-06:00`);
const NOW = gt('2025-03-15T12:00:00');

let nextId = 1;
function gift(p: Partial<GiftFacts> & { startedAt: Date | null }): GiftFacts {
  return { id: nextId++, email: `g${nextId}@correo.gt`, quetzalCents: 10_000, status: 'active', cancelledAt: null, replacesGiftId: null, ...p };
}

// January: A (Q100) and B (Q250) start; B ends 20 January.
const A = gift({ startedAt: gt('2025-01-05T10:00:00'), email: 'ana@correo.gt' });
const B = gift({ startedAt: gt('2025-01-10T10:00:00'), cancelledAt: gt('2025-01-20T10:00:00'), status: 'cancelled', quetzalCents: 25_000 });
// February: C (Q50, same donor as A in capitals) starts at the first instant of the month; D (Q75) starts and is past due.
const C = gift({ startedAt: gt('2025-02-01T00:00:00'), email: 'ANA@correo.gt', quetzalCents: 5_000 });
const D = gift({ startedAt: gt('2025-02-10T10:00:00'), status: 'past_due', quetzalCents: 7_500 });
// March: A is replaced by E (Q150, a change of amount): A ends, E starts; C is cancelled; F never paid; G paused.
const E = gift({ startedAt: gt('2025-03-03T09:00:00'), replacesGiftId: A.id, email: 'ana@correo.gt', quetzalCents: 15_000 });
const F = gift({ startedAt: null, status: 'incomplete' });
const G = gift({ startedAt: gt('2025-02-02T10:00:00'), status: 'paused' });
A.cancelledAt = gt('2025-03-03T09:05:00');
A.status = 'cancelled';
C.cancelledAt = gt('2025-03-01T00:00:00');
C.status = 'cancelled';
const gifts = [A, B, C, D, E, F, G];

const failed: FailedChargeFacts[] = [
  { giftId: D.id, createdAt: gt('2025-03-10T10:00:00') }, // a renewal of D: counts in March
  { giftId: D.id, createdAt: gt('2025-02-10T09:00:00') }, // before D started: a failed first payment, not a renewal
  { giftId: F.id, createdAt: gt('2025-03-02T10:00:00') }, // F never started
  { giftId: B.id, createdAt: gt('2025-01-15T10:00:00') }, // a renewal of B in January
];

describe('monthly giving figures', () => {
  it('a gift is active over [start, end): just before an instant', () => {
    expect(activeAt(C, gt('2025-02-01T00:00:00'))).toBe(false); // starts at that very instant
    expect(activeAt(C, gt('2025-02-01T00:00:01'))).toBe(true);
    expect(activeAt(C, gt('2025-03-01T00:00:00'))).toBe(true); // ends at that instant: active just before it
    expect(activeAt(C, gt('2025-03-01T00:00:01'))).toBe(false);
    expect(activeAt(F, NOW)).toBe(false);
    expect(activeAt(G, NOW)).toBe(false);
    expect(activeAt(D, NOW)).toBe(true); // past due is still in force
  });

  it('churn: cancelled / active at the start, one decimal, 0 when nothing was active', () => {
    expect(churnRate(1, 3)).toBe(33.3);
    expect(churnRate(2, 3)).toBe(66.7);
    expect(churnRate(1, 0)).toBe(0);
    expect(churnRate(0, 0)).toBe(0);
  });

  it('the twelve months to date in Guatemala, the last one ending now', () => {
    const months = monthsToDate(NOW, 12);
    expect(months.map((m) => m.month)).toEqual([
      '2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03',
    ]);
    expect(months[0].start).toEqual(gt('2024-04-01T00:00:00'));
    expect(months[10].end).toEqual(gt('2025-03-01T00:00:00'));
    expect(months[11].end).toEqual(NOW);
  });

  it('each month by counting: active at start and end, new, cancelled, churn, MRR, failed renewals', () => {
    const trend = monthlyTrend(gifts, failed, NOW, 3);
    expect(trend).toEqual([
      // January: A and B start; B ends. At the end only A: Q100.
      { month: '2025-01', activeAtStart: 0, newGifts: 2, cancelledGifts: 1, churnRate: 0, activeGifts: 1, activeDonors: 1, mrrCents: 10_000, failedRenewals: 1 },
      // February: C, D start (G is paused: left out). At the end A, C (same donor), D: Q100 + Q50 + Q75.
      { month: '2025-02', activeAtStart: 1, newGifts: 2, cancelledGifts: 0, churnRate: 0, activeGifts: 3, activeDonors: 2, mrrCents: 22_500, failedRenewals: 0 },
      // March: C ends at its first instant; A is replaced by E (neither new nor cancelled). Now: D and E.
      { month: '2025-03', activeAtStart: 3, newGifts: 0, cancelledGifts: 1, churnRate: 33.3, activeGifts: 2, activeDonors: 2, mrrCents: 22_500, failedRenewals: 1 },
    ]);
  });

  it('a stretch is the same counting over any two instants', () => {
    const q = stretchFigures(gifts, failed, gt('2025-01-01T00:00:00'), NOW);
    expect(q).toEqual({
      activeAtStart: 0,
      newGifts: 4, // A, B, C, D (E replaces A)
      cancelledGifts: 2, // B, C (A was replaced)
      churnRate: 0,
      activeGifts: 2,
      activeDonors: 2,
      mrrCents: 22_500,
      failedRenewals: 2,
    });
  });
});
