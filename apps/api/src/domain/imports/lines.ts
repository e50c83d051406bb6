// One line of an import file read under the column mapping (docs/product.md#imports): the values each kind
// needs, checked and normalised, or the Spanish reason the line is refused. Pure functions.
import { createHash } from 'node:crypto';
import { type AmountInputProblem, decimalMarkIn, decimalMarkOf, type DecimalMark, parseAmountInput } from '@donaciones/shared/amount-input';
import { formatCents } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { type ImportMethod, importsMessages } from '@donaciones/shared/messages/imports';
import { RECORDED_DAY_MIN } from '@donaciones/shared/schemas/fields';
import { IMPORT_KIND_FIELDS, type ImportField, type ImportKind, type ImportMapping } from '@donaciones/shared/schemas/imports';
import { parseTaxIdFormat, type TaxIdKind } from '@donaciones/shared/tax-id';
import { badRequest } from '../../errors';
import { readWrittenDay } from '../deposits/statements/parse';
import type { ImportRow, ImportTable } from './read-table';

const r = importsMessages.reasons;
/** The largest amount a line may carry (Q10 million): a typo of a few zeros is refused, not imported. */
const MAX_CENTS = 1_000_000_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ImportLine {
  line: number;
  name: string;
  email: string | null;
  phone: string | null;
  taxId: string | null;
  taxIdKind: TaxIdKind | null;
  note: string | null;
  /** YYYY-MM-DD (gifts: the day it was given; monthly: the next transfer expected). */
  date: string | null;
  amountCents: number | null;
  currency: 'GTQ' | 'USD';
  /** How a past gift was given, when its file says so. */
  method: ImportMethod | null;
  receipt: string | null;
  reference: string | null;
  /** What identifies the line across imports: its receipt or reference when given, else its values. */
  key: string;
}

export type ReadLine = { ok: true; value: ImportLine } | { ok: false; line: number; name: string; reason: string };

/** The index of each mapped field's column; a mapped column missing from the file refuses the whole file. */
export function columnsOf(table: ImportTable, kind: ImportKind, mapping: ImportMapping): Partial<Record<ImportField, number>> {
  const at: Partial<Record<ImportField, number>> = {};
  for (const { field, required } of IMPORT_KIND_FIELDS[kind]) {
    const column = mapping[field] ?? null;
    const label = importsMessages.fields[field];
    if (column == null) {
      if (required) throw badRequest(importsMessages.api.requiredColumn(label));
      continue;
    }
    const index = table.headers.indexOf(column);
    if (index < 0) throw badRequest(importsMessages.api.missingColumn(label, column));
    at[field] = index;
  }
  return at;
}

/** A cell's text with its spaces tidied, as the line reads it. */
const textOf = (row: ImportRow, index: number | undefined) => (index == null ? '' : (row.cells[index] ?? '').replace(/\s+/g, ' ').trim());

/** How the file writes its amounts: the amount column's decimal mark, read from the whole column as a bank file's is. */
export interface AmountColumn {
  /** null: some amounts have decimal commas and others decimal points. */
  mark: DecimalMark | null;
  /** The first amount showing each mark, which a refusal names when the column has both. */
  first: Partial<Record<DecimalMark, { line: number; value: string }>>;
}

/**
 * The amount column's decimal mark by decimalMarkOf, the rule of bank files: `1.250,50` is Q1,250.50 in a
 * column whose amounts end in `,dd` and never in `.dd`. An XLSX number cell is a value written by no
 * hand: it says nothing of the column's mark and is read as the number it is.
 */
export function amountColumnOf(table: ImportTable, at: Partial<Record<ImportField, number>>): AmountColumn {
  const first: AmountColumn['first'] = {};
  const values: string[] = [];
  const index = at.amount;
  for (const row of index == null ? [] : table.rows) {
    const value = textOf(row, index);
    if (value === '' || row.numbers?.has(index as number)) continue;
    values.push(value);
    const mark = decimalMarkIn(value);
    if (mark && !first[mark]) first[mark] = { line: row.line, value };
  }
  return { mark: decimalMarkOf(values), first };
}

const CURRENCIES: Record<string, 'GTQ' | 'USD'> = { '': 'GTQ', GTQ: 'GTQ', Q: 'GTQ', QUETZAL: 'GTQ', QUETZALES: 'GTQ', USD: 'USD', US$: 'USD', $: 'USD', DOLAR: 'USD', DOLARES: 'USD', DÓLARES: 'USD' };

/**
 * Why an amount is refused, in the way of its column: a comma column's own example, or the two marks a
 * mixed column shows. A number cell has no thousands to mistake: `99.999` there has a decimal too many.
 */
function amountWords(problem: AmountInputProblem, mark: DecimalMark, column: AmountColumn, isNumber: boolean): string {
  if (isNumber && problem === 'ambiguous') return donateMessages.amountInput.decimals;
  const { ',': comma, '.': dot } = column.first;
  if (column.mark === null && problem === 'ambiguous' && comma && dot) return r.amountMixedMarks(comma, dot);
  if (mark === ',' && (problem === 'malformed' || problem === 'ambiguous')) return importsMessages.commaAmount[problem];
  return donateMessages.amountRefused(problem, donateMessages.amountInput.malformed);
}

/**
 * A cell typed by a person, read as every amount typed in the product is (decision 0074), with its
 * column's decimal mark (decision 0079): `1,250.00` is Q1,250.00, and so is `1.250,50` in a column of
 * decimal commas; `1,25` in a column that also has `300.50` is refused, never guessed. The symbol of the
 * line's currency may lead it. An XLSX number cell (`isNumber`) is read as the number it holds.
 */
function amountOf(raw: string, currency: 'GTQ' | 'USD', column: AmountColumn, isNumber: boolean): { cents: number } | { reason: string } {
  if (raw === '') return { reason: r.amountMissing };
  const mark = isNumber ? '.' : (column.mark ?? '.');
  const parsed = parseAmountInput(raw, currency, mark);
  if (!parsed.ok && parsed.problem === 'negative') return { reason: r.amountNotPositive };
  if (!parsed.ok) return { reason: r.amountRefused(raw, amountWords(parsed.problem, mark, column, isNumber)) };
  const { cents } = parsed;
  if (cents <= 0) return { reason: r.amountNotPositive };
  if (cents > MAX_CENTS) return { reason: r.amountTooLarge(formatCents(MAX_CENTS, 'GTQ')) };
  return { cents };
}

/**
 * A gift's method as a spreadsheet writes it, accents, case and a trailing dot aside: the words of staff gift
 * entry and of the register, a few common others, or the ledger's own names.
 */
const METHOD_WORDS: Record<ImportMethod, RegExp> = {
  cash: /^(en )?efectivo$|^contado$|^cash$/,
  cheque: /^cheque$/,
  card: /^tarjeta( de (credito|debito))?$|^(credito|debito|card)$/,
  bank_transfer: /^transferencia( bancaria)?$|^(ach|bank_transfer)$/,
  bank_deposit: /^deposito( bancario| o transferencia bancaria)?$|^boleta( de deposito)?$|^bank_deposit$/,
  in_kind: /^(donacion )?en especie( \((bienes|servicios)\))?$|^(especie|bienes|in_kind)$/,
};

function methodOf(raw: string): { method: ImportMethod | null } | { reason: string } {
  if (raw === '') return { method: null };
  const words = raw.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\.$/, '');
  const method = (Object.keys(METHOD_WORDS) as ImportMethod[]).find((m) => METHOD_WORDS[m].test(words));
  return method ? { method } : { reason: r.methodInvalid(raw) };
}

function dateOf(raw: string, today: string, allowFuture: boolean): { day: string } | { reason: string } {
  if (raw === '') return { reason: r.dateMissing };
  const day = readWrittenDay(raw);
  if (!day || day > '2100-12-31') return { reason: r.dateInvalid(raw) };
  // The records' first day (RECORDED_DAY_MIN, as for every day staff type): an earlier one is a year mistyped.
  if (day < RECORDED_DAY_MIN) return { reason: r.dateTooEarly(raw) };
  if (!allowFuture && day > today) return { reason: r.dateFuture(raw) };
  return { day };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** The line's stable key: a receipt number or transfer reference names it; otherwise all its values do. */
function keyOf(kind: ImportKind, line: Omit<ImportLine, 'key' | 'line'>): string {
  if (kind === 'gifts' && line.receipt) return `gift-receipt:${line.receipt.toUpperCase()}`;
  if (kind === 'monthly' && line.reference) return `monthly-reference:${line.reference}`;
  const who = [line.name.toLowerCase(), line.email ?? '', line.taxId ?? ''];
  const what = kind === 'donors' ? [] : [line.date ?? '', String(line.amountCents), line.currency, line.note ?? ''];
  return `${kind}:${sha(JSON.stringify([...who, ...what]))}`;
}

/** Reads one row: the first problem found is the line's reason. */
export function readLine(kind: ImportKind, at: Partial<Record<ImportField, number>>, row: ImportRow, today: string, amounts: AmountColumn): ReadLine {
  const cell = (field: ImportField) => textOf(row, at[field]);
  const name = cell('name');
  const refuse = (reason: string): ReadLine => ({ ok: false, line: row.line, name, reason });
  if (name === '') return refuse(r.nameMissing);
  if (name.length > 120) return refuse(r.nameTooLong);
  const email = cell('email').toLowerCase() || null;
  if (email && !EMAIL.test(email)) return refuse(r.emailInvalid(email));
  let taxId: string | null = null;
  let taxIdKind: TaxIdKind | null = null;
  if (cell('tax_id') !== '') {
    const parsed = parseTaxIdFormat(cell('tax_id'));
    if (!parsed.ok) return refuse(r.taxIdRefused(cell('tax_id'), parsed.message));
    if (parsed.kind !== 'cf') [taxId, taxIdKind] = [parsed.value, parsed.kind];
  }
  if (kind === 'monthly' && !email) return refuse(r.emailMissing);
  if (!email && !taxId) return refuse(r.whoMissing);
  let date: string | null = null;
  let amountCents: number | null = null;
  const currency = CURRENCIES[cell('currency').toUpperCase()];
  if (kind !== 'donors') {
    const amount = amountOf(cell('amount'), currency ?? 'GTQ', amounts, row.numbers?.has(at.amount as number) ?? false);
    if ('reason' in amount) return refuse(amount.reason);
    amountCents = amount.cents;
  }
  if (kind === 'gifts' || (kind === 'monthly' && cell('next_charge') !== '')) {
    const parsed = dateOf(kind === 'gifts' ? cell('date') : cell('next_charge'), today, kind === 'monthly');
    if ('reason' in parsed) return refuse(parsed.reason);
    date = parsed.day;
  }
  if (!currency) return refuse(r.currencyInvalid(cell('currency')));
  const method = kind === 'gifts' ? methodOf(cell('method')) : { method: null };
  if ('reason' in method) return refuse(method.reason);
  let reference: string | null = null;
  if (kind === 'monthly' && cell('reference') !== '') {
    reference = cell('reference').toUpperCase().replace(/[^A-Z0-9]/g, '');
    if (!/^[A-Z0-9]{4,20}$/.test(reference)) return refuse(r.referenceInvalid(cell('reference')));
  }
  const values = {
    name,
    email,
    phone: cell('phone').slice(0, 40) || null,
    taxId,
    taxIdKind,
    note: cell('note').slice(0, 500) || null,
    date,
    amountCents,
    currency,
    method: method.method,
    receipt: kind === 'gifts' ? cell('receipt').slice(0, 40) || null : null,
    reference,
  };
  return { ok: true, value: { line: row.line, ...values, key: keyOf(kind, values) } };
}
