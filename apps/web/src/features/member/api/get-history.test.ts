import { describe, expect, it } from 'vitest';
import type { DonationHistory, MemberDonation } from '@donaciones/shared/schemas/member';
import { mergeHistoryPages } from './get-history';

const gift = (id: number) => ({ id }) as MemberDonation;
const totals = { total_amount: 30, donations_count: 3, completed_count: 3 };
const page = (donations: Record<string, MemberDonation[]>, next: string | null): DonationHistory => ({
  ...totals,
  years: [
    { year: 2026, ...totals, months: [{ month: 2, ...totals, donations: donations['2026-2'] ?? [] }] },
    { year: 2025, ...totals, months: [{ month: 12, ...totals, donations: donations['2025-12'] ?? [] }, { month: 1, ...totals, donations: donations['2025-1'] ?? [] }] },
  ],
  next_cursor: next,
});

describe('mergeHistoryPages', () => {
  it('joins each month’s donations across pages and leaves out months not loaded yet', () => {
    const one = mergeHistoryPages([page({ '2026-2': [gift(5)], '2025-12': [gift(4)] }, 'c1')]);
    expect(one.years.map((y) => [y.year, y.months.map((m) => [m.month, m.donations.map((d) => d.id)])])).toEqual([
      [2026, [[2, [5]]]],
      [2025, [[12, [4]]]],
    ]);
    const two = mergeHistoryPages([page({ '2026-2': [gift(5)], '2025-12': [gift(4)] }, 'c1'), page({ '2025-12': [gift(3)], '2025-1': [gift(2)] }, null)]);
    expect(two.years[1].months.map((m) => [m.month, m.donations.map((d) => d.id)])).toEqual([
      [12, [4, 3]],
      [1, [2]],
    ]);
    expect(two).toMatchObject({ ...totals, next_cursor: null });
  });
});
