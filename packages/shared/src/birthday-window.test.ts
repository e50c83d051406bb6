import { describe, expect, it } from 'vitest';
import { birthdayGiftWindow } from './birthday-window';

describe('birthdayGiftWindow', () => {
  it('opens 45 days before the month starts and closes on its last day', () => {
    expect(birthdayGiftWindow(3, '2026-01-14')).toEqual({ month: 3, year: 2026, opensOn: '2026-01-15', closesOn: '2026-03-31', open: false });
    expect(birthdayGiftWindow(3, '2026-01-15').open).toBe(true);
    expect(birthdayGiftWindow(3, '2026-03-31').open).toBe(true);
  });

  it('after the month, looks at next year; in late autumn, at January of next year', () => {
    expect(birthdayGiftWindow(3, '2026-04-01')).toMatchObject({ year: 2027, open: false });
    expect(birthdayGiftWindow(1, '2026-11-20')).toEqual({ month: 1, year: 2027, opensOn: '2026-11-17', closesOn: '2027-01-31', open: true });
    expect(birthdayGiftWindow(2, '2028-02-29')).toMatchObject({ year: 2028, closesOn: '2028-02-29', open: true });
  });
});
