// When a sponsor may send a birthday gift (docs/product.md#sponsorship, decision 0055): from 45 days
// before the child's birthday month starts until that month's last day, in the calendar of
// America/Guatemala. The API decides with it; the sponsor's screen reads the API's answer.

/** Days before the birthday month starts that the window opens. */
export const BIRTHDAY_GIFT_DAYS_BEFORE = 45;

export interface BirthdayWindow {
  /** The birthday month (1–12) and the year of the birthday the window is for. */
  month: number;
  year: number;
  /** First and last day of the window, YYYY-MM-DD. */
  opensOn: string;
  closesOn: string;
  /** Whether `today` is inside it. */
  open: boolean;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (year: number, monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day));

/** The window of the birthday month `month` that `today` (YYYY-MM-DD) is in or comes before next. */
export function birthdayGiftWindow(month: number, today: string): BirthdayWindow {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const closesOn = iso(utc(y, month, 0)); // day 0 of the next month: the birthday month's last day
    if (today > closesOn) continue;
    const opensOn = iso(utc(y, month - 1, 1 - BIRTHDAY_GIFT_DAYS_BEFORE));
    return { month, year: y, opensOn, closesOn, open: today >= opensOn };
  }
  // Unreachable: next year's month always ends after today.
  throw new Error('birthday window');
}
