import { describe, expect, it } from 'vitest';
import { figurePeriod, growthPercentage, guatemalaMidnight, instantRange } from './figures';

describe('figurePeriod', () => {
  // 15 May 2025, 20:00 in Guatemala (02:00 UTC on the 16th): the 15th is still today.
  const now = new Date('2025-05-16T02:00:00Z');

  it('takes calendar periods in Guatemala, to date', () => {
    expect(figurePeriod('month', now).current).toEqual({ start: '2025-05-01', end: '2025-05-16' });
    expect(figurePeriod('quarter', now).current).toEqual({ start: '2025-04-01', end: '2025-05-16' });
    expect(figurePeriod('year', now).current).toEqual({ start: '2025-01-01', end: '2025-05-16' });
    // Thursday 15 May: the week began on Monday the 12th.
    expect(figurePeriod('week', now).current).toEqual({ start: '2025-05-12', end: '2025-05-16' });
  });

  it('compares with the same stretch of the previous period', () => {
    expect(figurePeriod('month', now).previous).toEqual({ start: '2025-04-01', end: '2025-04-16' });
    expect(figurePeriod('week', now).previous).toEqual({ start: '2025-05-05', end: '2025-05-09' });
    expect(figurePeriod('quarter', now).previous).toEqual({ start: '2025-01-01', end: '2025-02-16' });
    expect(figurePeriod('year', now).previous).toEqual({ start: '2024-01-01', end: '2024-05-16' });
  });

  it('never runs the previous stretch into the current period', () => {
    // 31 March: February has 28 days, so the whole of February is the comparison.
    expect(figurePeriod('month', new Date('2025-03-31T18:00:00Z')).previous).toEqual({ start: '2025-02-01', end: '2025-03-01' });
    // 30 May: there is no 31 April, so the whole of April.
    expect(figurePeriod('month', new Date('2025-05-30T18:00:00Z')).previous).toEqual({ start: '2025-04-01', end: '2025-05-01' });
    expect(figurePeriod('month', new Date('2025-05-29T18:00:00Z')).previous).toEqual({ start: '2025-04-01', end: '2025-04-30' });
    // 29 February 2024 against 2023: up to the end of February.
    expect(figurePeriod('year', new Date('2024-02-29T18:00:00Z')).previous).toEqual({ start: '2023-01-01', end: '2023-03-01' });
    // 1 January: the previous month is December of the previous year.
    expect(figurePeriod('month', new Date('2025-01-01T18:00:00Z'))).toEqual({
      period: 'month',
      current: { start: '2025-01-01', end: '2025-01-02' },
      previous: { start: '2024-12-01', end: '2024-12-02' },
    });
  });
});

describe('Guatemala instants', () => {
  it('begins a day at 06:00 UTC', () => {
    expect(guatemalaMidnight('2025-03-01').toISOString()).toBe('2025-03-01T06:00:00.000Z');
    expect(instantRange({ start: '2025-05-01', end: '2025-05-16' })).toEqual({
      start: new Date('2025-05-01T06:00:00Z'),
      end: new Date('2025-05-16T06:00:00Z'),
    });
  });
});

describe('growthPercentage', () => {
  it('measures the change in percent, one decimal', () => {
    expect(growthPercentage(150, 100)).toBe(50);
    expect(growthPercentage(50, 150)).toBe(-66.7);
    expect(growthPercentage(20_785, 960)).toBe(2065.1);
    expect(growthPercentage(5, 0)).toBe(100);
    expect(growthPercentage(0, 0)).toBe(0);
  });
});
