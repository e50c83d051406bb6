// Field rules used by many schemas (docs/product.md#validation-rules): money amounts, person names,
// dates typed by staff and ids in paths, each with its Spanish message.
import { z } from 'zod';
import { parseAmountInput } from '../amount-input';
import { guatemalaDay } from '../format';
import { validationMessages as v } from '../messages/validation';

/**
 * True when the number is exactly some whole number of cents. Every amount with at most two decimals,
 * read from JSON or a form, is the double nearest to k/100, and Math.round(n * 100) / 100 gives that
 * same double back; anything finer (`9.9999999999`, `1e-7`) does not, and is refused rather than
 * rounded or truncated to the cent.
 */
export function hasAtMostTwoDecimals(n: number): boolean {
  return Number.isFinite(n) && Math.round(n * 100) / 100 === n;
}

/**
 * A list's amount filter, a query parameter in quetzales read as staff type amounts
 * (../amount-input.ts): "1,500", "Q1,500.50" and "1500" are the same; "1,5" is refused, never
 * guessed. A blank one is no filter. A number (from code) is taken as it is.
 */
export function amountFilter(invalid: string, max = 100_000_000) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return undefined;
      const parsed = parseAmountInput(value);
      return parsed.ok ? parsed.cents / 100 : Number.NaN;
    },
    z.number({ error: invalid }).finite({ error: invalid }).min(0, { error: invalid }).max(max, { error: invalid }).refine(hasAtMostTwoDecimals, { error: invalid }).optional(),
  );
}

/** A money amount: a finite number with at most two decimals; bounds are added by each field. */
export function moneyField(messages: { invalid: string; decimals: string }) {
  return z.number({ error: messages.invalid }).finite({ error: messages.invalid }).refine(hasAtMostTwoDecimals, { error: messages.decimals });
}

/**
 * Control characters (CR, LF, tab...), format characters (bidi overrides and isolates, zero-width
 * spaces and joiners, the BOM, soft hyphens) and line/paragraph separators: none belongs in a person's
 * name, and they would split an email's greeting line or reorder text on staff screens.
 */
const HIDDEN_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * Unicode noncharacters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE, U+FFFF...):
 * reserved for a program's internal use, never text, and not allowed in an XML document (a receipt's
 * FEL XML carrying one is not well-formed).
 */
export const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;

export function holdsNoncharacter(value: string): boolean {
  return NONCHARACTER.test(value);
}

export function isPlainName(value: string): boolean {
  return !HIDDEN_OR_CONTROL.test(value) && !NONCHARACTER.test(value);
}

/** Adds the plain-name rule to a person-name field (register, profile, donate, admin user, service donation). */
export function personName<T extends z.ZodType<string, string>>(field: T) {
  return field.refine(isPlainName, { error: v.personNameCharacters });
}

export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2100;

/** An ISO date-time with its offset, its written year within 1900–2100 (year 0000 cannot be stored). */
export function boundedDateTime(invalid: string) {
  return z.iso.datetime({ offset: true, error: invalid }).refine(
    (s) => {
      const year = Number(s.slice(0, 4));
      return year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR && !Number.isNaN(Date.parse(s));
    },
    { error: v.dateOutOfRange },
  );
}

/**
 * The first day the charity's records take for a day someone types (a deposit, a gift received at the
 * office, a progress report, a guardian's consent): an earlier one is a year mistyped (0202, 1026).
 * Shown as 01/01/2000.
 */
export const RECORDED_DAY_MIN = '2000-01-01';

/** Such a day (`2026-01-31`), from RECORDED_DAY_MIN up to today in Guatemala, each refusal in the field's own words. */
export function recordedDay(words: { invalid: string; tooEarly: string; future: string }) {
  return z.iso
    .date({ error: words.invalid })
    .refine((day) => day >= RECORDED_DAY_MIN, { error: words.tooEarly, abort: true })
    .refine((day) => day <= guatemalaDay(new Date()), { error: words.future });
}

/** An ISO calendar date (`2026-01-31`) that exists, within 1900–2100; `message` says otherwise. */
export function boundedDate(message: string = v.dateOutOfRange) {
  return z.iso.date({ error: message }).refine((s) => {
    const year = Number(s.slice(0, 4));
    return year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
  }, { error: message });
}

/** The largest id a row can have (PostgreSQL's integer): a larger one names no row, and is refused before the database is asked. */
export const ROW_ID_MAX = 2_147_483_647;

/** A row's id sent as a number (a body's field), refused with the field's own message when it can name no row. */
export function rowIdField(message: string) {
  return z.number({ error: message }).int({ error: message }).positive({ error: message }).max(ROW_ID_MAX, { error: message });
}

/**
 * A positive id in a path, written in decimal digits only: Number() would also read `0x10`, `1e1`,
 * ` 5` or `016` as numbers, so that /donations/0x10 showed donation 16.
 */
export function decimalIdOf(message: string) {
  return z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, { error: message })
    .transform(Number)
    .refine((n) => n <= ROW_ID_MAX, { error: message });
}
export const decimalId = decimalIdOf(v.idInvalid);

/** An email address, trimmed and lower-cased (docs/product.md#validation-rules). */
export const emailField = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, { error: v.emailRequired })
  .max(254, { error: v.emailInvalid })
  .pipe(z.email({ error: v.emailInvalid }))
  .transform((e) => e.toLowerCase());

/** The longest phone taken as typed, spaces and signs included. */
export const PHONE_MAX_LENGTH = 30;

/**
 * A phone as people write it (docs/product.md#validation-rules): an optional + with its country code
 * (+502, or another: a donor abroad), then 8 to 15 digits in all, with spaces, dashes or parentheses.
 * One rule for /donate, gift entry and Mi perfil.
 */
export function isValidPhone(value: string): boolean {
  if (value.length > PHONE_MAX_LENGTH || !/^\+?[\d\s()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}
