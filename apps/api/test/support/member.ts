// Dates of the member-area tests: days in past Guatemalan months (their donations come from
// support/factory.ts).
import { guatemalaYearMonth } from '../../src/domain/giving/own-donations';

/** Noon (Guatemala) of `day` in the month `n` months before the current Guatemalan month; now for n = 0. */
export function monthsAgo(n: number, day = 10): Date {
  if (n === 0) return new Date(Date.now() - 1000);
  const { year, month } = guatemalaYearMonth(new Date());
  return new Date(Date.UTC(year, month - 1 - n, day, 18, 0, 0));
}
