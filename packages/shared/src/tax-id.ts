// The donor's tax id on a receipt (docs/product.md#validation-rules, decision 0019): a NIT checked
// with its check digit, the CUI of the DPI for a donor without a NIT, or CF (consumidor final) for
// gifts below Q2,500. One rule for the donate form, the donate and service APIs and the profile.
// stdnum's Guatemalan validators are imported one file each so the web bundle carries only these two.
import * as cui from 'stdnum/lib/cjs/gt/cui';
import * as nit from 'stdnum/lib/cjs/gt/nit';
import { formatCents } from './format';
import { taxIdMessages } from './messages/tax-id';

export const TAX_ID_KINDS = ['nit', 'cui', 'cf'] as const;
export type TaxIdKind = (typeof TAX_ID_KINDS)[number];

/** SAT: a buyer must be identified by NIT or CUI from Q2,500 up; CF only below (quetzal cents). */
export const CF_LIMIT_GTQ_CENTS = 250_000;
/** The longest NIT or CUI once compacted (parseTaxIdFormat). */
export const TAX_ID_MAX_LENGTH = 20;
/** The longest text taken in a NIT or CUI field as typed, spaces and a `NIT:` before the number included. */
export const TAX_ID_TYPED_MAX_LENGTH = 40;
export const CF = 'CF';

export type TaxIdResult = { ok: true; kind: TaxIdKind; value: string } | { ok: false; message: string };

/**
 * What people copy before the number from an invoice or a form (`NIT: 576937-K`, `Nit No. 576937-K`,
 * `CUI 1580 35224 0101`, `DPI #…`, `NIT: CF`), once spaces, dots, slashes and hyphens are gone; only
 * when a number or CF follows, so `NIT` alone is still refused as what it is.
 */
const TYPED_PREFIX = /^(?:NIT|CUI|DPI)(?:NUMERO|NUM|NO|N°|Nº|#)?:?(?=\d|CF$|CONSUMIDORFINAL$)/;
/** `Consumidor final`, as typed in any case, with or without accents and spaces. */
const CONSUMIDOR_FINAL = 'CONSUMIDORFINAL';

/**
 * What was typed without accents, spaces, dots, slashes, hyphens or a leading `NIT:`/`CUI`, in
 * capitals (`c/f` -> `CF`, `NIT: 576937-k` -> `576937K`, `Consumidor final` -> `CONSUMIDORFINAL`).
 */
function compact(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s./-]/g, '')
    .toUpperCase()
    .replace(TYPED_PREFIX, '');
}

/** `00576937K` -> `576937-K`: no leading zeros, a hyphen before the check digit. */
function normaliseNit(compacted: string): string {
  const front = compacted.slice(0, -1).replace(/^0+(?=\d)/, '');
  return `${front}-${compacted.slice(-1)}`;
}

/**
 * A CUI of 13 digits: 8, then its check digit, then the department (2) and municipality (2) where the
 * person was registered. Each refusal says which part does not hold.
 */
function parseCui(value: string): TaxIdResult {
  const checked = cui.validate(value);
  // What stdnum takes is taken (municipality 00 too): refusing a real CUI would stop a gift from Q2,500,
  // and the certifier checks the CUI against RENAP's registry anyway.
  if (!checked.isValid && checked.error.name === 'InvalidComponent') return { ok: false, message: taxIdMessages.cuiPlace(value.slice(9)) };
  if (!checked.isValid) return { ok: false, message: taxIdMessages.cuiChecksum };
  return { ok: true, kind: 'cui', value };
}

/**
 * Digits alone that are no CUI (not 13) and fail as a NIT: what the person most likely meant, by the
 * length. A NIT has at most 12 characters, so 14 or more can only be a CUI with digits to spare; 11 or
 * 12 is most often a CUI short of a digit, but may be a long NIT; 10 or fewer, a NIT.
 */
function digitsRefusal(value: string): string {
  if (value.length > 12) return taxIdMessages.cuiLength(value.length);
  if (value.length >= 11) return taxIdMessages.cuiShortOrNitChecksum(value.length);
  return value.length < 2 ? taxIdMessages.nitFormat : taxIdMessages.nitChecksum;
}

/**
 * A NIT or CUI without regard to the amount: blank, CF and `consumidor final` read as consumidor
 * final. The value is normalised: NIT `1234567-8`, CUI 13 digits, `CF`.
 */
export function parseTaxIdFormat(input: string): TaxIdResult {
  if (input.length > TAX_ID_TYPED_MAX_LENGTH) return { ok: false, message: taxIdMessages.tooLong };
  const value = compact(input);
  if (value === '' || value === CF || value === CONSUMIDOR_FINAL) return { ok: true, kind: 'cf', value: CF };
  if (value.length > TAX_ID_MAX_LENGTH) return { ok: false, message: taxIdMessages.tooLong };
  // A NIT has at most 12 characters, so 13 digits can only be a CUI.
  if (/^\d{13}$/.test(value)) return parseCui(value);
  if (!/^\d{1,11}[\dK]$/.test(value)) return { ok: false, message: /^\d+$/.test(value) ? digitsRefusal(value) : taxIdMessages.nitFormat };
  if (!nit.validate(value).isValid) return { ok: false, message: /^\d+$/.test(value) ? digitsRefusal(value) : taxIdMessages.nitChecksum };
  return { ok: true, kind: 'nit', value: normaliseNit(value) };
}

/** Quetzal cents of an amount, at the staff's dollar rate for USD (docs/product.md#money-currencies-and-formats). */
function quetzalCents(amountCents: number, currency: string, usdExchangeRate?: number): number {
  if (currency === 'GTQ') return amountCents;
  if (usdExchangeRate === undefined) throw new TypeError(`parseTaxId: ${currency} needs the dollar rate`);
  return Math.round(amountCents * usdExchangeRate);
}

/** A stored NIT or CUI as people write it (`576937K` -> `576937-K`); anything unreadable as it is. */
export function formatTaxId(stored: string): string {
  const parsed = parseTaxIdFormat(stored);
  return parsed.ok ? parsed.value : stored;
}

/**
 * The donor's tax id for a gift of `amountCents` in `currency` (what is charged; USD valued at
 * `usdExchangeRate` quetzales per dollar): CF only below Q2,500.
 */
export function parseTaxId(input: string, amountCents: number, currency: string, usdExchangeRate?: number): TaxIdResult {
  const parsed = parseTaxIdFormat(input);
  if (parsed.ok && parsed.kind === 'cf' && quetzalCents(amountCents, currency, usdExchangeRate) >= CF_LIMIT_GTQ_CENTS) {
    return { ok: false, message: taxIdMessages.cfNotAllowed };
  }
  return parsed;
}

/**
 * The largest charge (cents of `currency`) that may still be CF: Q2,499.99, or the most dollar cents
 * whose quetzal value at `usdExchangeRate` stays below Q2,500 (the rounding of quetzalCents).
 */
export function cfMaxCents(currency: string, usdExchangeRate?: number): number {
  if (currency === 'GTQ' || usdExchangeRate === undefined) return CF_LIMIT_GTQ_CENTS - 1;
  let cents = Math.floor(CF_LIMIT_GTQ_CENTS / usdExchangeRate);
  while (quetzalCents(cents, currency, usdExchangeRate) >= CF_LIMIT_GTQ_CENTS) cents -= 1;
  while (quetzalCents(cents + 1, currency, usdExchangeRate) < CF_LIMIT_GTQ_CENTS) cents += 1;
  return cents;
}

/**
 * The public checkout's words for a refused CF (the donate form and POST /donate say the same): the
 * rule, then what a donor without a NIT or CUI can do (docs/product.md#validation-rules, decision 0019).
 */
export function checkoutTaxIdMessage(result: TaxIdResult & { ok: false }, currency: string, usdExchangeRate: number | undefined, contactEmail: string): string {
  if (result.message !== taxIdMessages.cfNotAllowed) return result.message;
  const most =
    currency === 'GTQ' || usdExchangeRate === undefined
      ? formatCents(CF_LIMIT_GTQ_CENTS - 1)
      : taxIdMessages.cfMostInDollars(formatCents(cfMaxCents(currency, usdExchangeRate), currency));
  return taxIdMessages.cfNotAllowedCheckout(most, contactEmail);
}

/** A NIT only (never a CUI nor CF): the organisation's own NIT. */
export function parseNit(input: string): TaxIdResult {
  const parsed = parseTaxIdFormat(input);
  if (parsed.ok && parsed.kind !== 'nit') return { ok: false, message: taxIdMessages.nitFormat };
  return parsed;
}
