// The calendar of a monthly gift's charges (docs/product.md#monthly-giving): the same day of the month
// in America/Guatemala, where the donor lives and every date is shown, not in UTC, which is already the
// next day from 6 p.m. Guatemala keeps UTC-6 all year (no daylight saving), so its wall clock is the
// instant moved back six hours. The API schedules with it; the pause dialog names the same dates.

const GUATEMALA_OFFSET_MS = 6 * 3_600_000;

/** An instant whose UTC fields read as Guatemala's wall clock at `at`. */
const wallClock = (at: Date) => new Date(at.getTime() - GUATEMALA_OFFSET_MS);

/** How many days month `m` (0-based, may run past December or before January) of year `y` has. */
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/** The day of the month `at` falls on in Guatemala. */
export function guatemalaDayOfMonth(at: Date): number {
  return wallClock(at).getUTCDate();
}

/** Whether `at` falls on the last day of its month in Guatemala. */
export function isLastDayOfMonth(at: Date): boolean {
  const wall = wallClock(at);
  return wall.getUTCDate() === daysInMonth(wall.getUTCFullYear(), wall.getUTCMonth());
}

/**
 * The same Guatemala calendar day `months` later (or earlier), at the same time; `day` (the day of the
 * month, `from`'s own in Guatemala by default) becomes the month's last day in a shorter month.
 */
export function addMonthsInGuatemala(from: Date, months = 1, day = guatemalaDayOfMonth(from)): Date {
  const wall = wallClock(from);
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth() + months;
  const at = Date.UTC(y, m, Math.min(day, daysInMonth(y, m)), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds());
  return new Date(at + GUATEMALA_OFFSET_MS);
}
