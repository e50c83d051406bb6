import { describe, expect, it } from 'vitest';
import { donationStreak } from '../../src/domain/reporting/personal-dashboard';
import { guatemalaYearMonth } from '../../src/domain/giving/own-donations';

describe('donationStreak', () => {
  const now = new Date('2025-06-15T18:00:00Z');
  const m = (year: number, month: number) => ({ year, month });

  it('counts consecutive months up to the current one', () => {
    expect(donationStreak([m(2025, 6), m(2025, 5), m(2025, 4), m(2025, 2)], now)).toBe(3);
  });

  it('counts from last month while the current month has no donation yet', () => {
    expect(donationStreak([m(2025, 5), m(2025, 4)], now)).toBe(2);
  });

  it('is zero when neither this month nor the last has a donation', () => {
    expect(donationStreak([m(2025, 4), m(2025, 3)], now)).toBe(0);
    expect(donationStreak([], now)).toBe(0);
  });

  it('crosses year boundaries', () => {
    expect(donationStreak([m(2025, 1), m(2024, 12), m(2024, 11)], new Date('2025-01-20T18:00:00Z'))).toBe(3);
  });

  it('uses the calendar of Guatemala (UTC-6)', () => {
    // 03:00 UTC on 1 July is still 30 June in Guatemala.
    expect(guatemalaYearMonth(new Date('2025-07-01T03:00:00Z'))).toEqual({ year: 2025, month: 6 });
    expect(guatemalaYearMonth(new Date('2025-07-01T07:00:00Z'))).toEqual({ year: 2025, month: 7 });
  });
});
