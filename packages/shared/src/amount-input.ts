// What a donor types as an amount ("Otro monto" and every money text field), read as a Guatemalan
// means it: the comma groups thousands and the dot marks the decimals, as the product itself prints
// money (`Q1,234.56`). Anything that could be read two ways is refused rather than guessed:
// docs/product.md#validation-rules. A column of amounts from a file (a bank's, an import's) may use the
// decimal comma instead, when the whole column says so (decimalMarkOf).

export type AmountInputProblem =
  /** Nothing typed. */
  | 'empty'
  /** Letters, signs, two dots, misplaced commas... */
  | 'malformed'
  /** A readable amount with a minus sign (`-5`, `Q -1,500`): no gift is negative, so it is not "letters or signs". */
  | 'negative'
  /** Could mean two amounts: `1,50` (1.50 or 150?), `1.500,00` (European grouping). */
  | 'ambiguous'
  /** More than two decimals: `9.999` (never truncated nor rounded). */
  | 'decimals'
  /** More whole digits than any amount the product takes. */
  | 'tooLarge'
  /** The other currency's symbol: `US$100` in a quetzal field, `Q100` in a dollar one. */
  | 'otherCurrency';

export type AmountInputResult = { ok: true; cents: number } | { ok: false; problem: AmountInputProblem };

/** Twelve whole digits (Q999,999,999,999.99) keep every amount exact as a JavaScript number of cents. */
const MAX_WHOLE_DIGITS = 12;

/** The currency a field is in; its symbol may lead the amount. */
export type AmountInputCurrency = 'GTQ' | 'USD';

/** The symbols a person may type before an amount: `Q` for quetzales; `US$`, `$` or `USD` for dollars. */
const SYMBOL: Record<AmountInputCurrency, RegExp> = { GTQ: /^q\s?/i, USD: /^(?:us\s?\$|usd|\$)\s?/i };

const PLAIN = /^(\d*)(?:\.(\d*))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

/** The mark of an amount's centavos: the dot as the product writes money, or the comma. */
export type DecimalMark = '.' | ',';

/** The mark an amount's own centavos show (`1.250,50` the comma, `1,250.5` the dot), or null when it has none (`1,250`, `300`). */
export function decimalMarkIn(value: string): DecimalMark | null {
  const digits = withoutQuetzalPeriod(value).replace(/[^\d.,]/g, '');
  if (/,\d{1,2}$/.test(digits)) return ',';
  if (/\.\d{1,2}$/.test(digits)) return '.';
  return null;
}

/**
 * The decimal mark of a column of amounts written by one program or one hand (a bank's file, an import's
 * column): the comma only when some amount ends in `,d` or `,dd` and none in `.d` or `.dd`; null when
 * the column has both, and no amount can then be read by the column's mark.
 */
export function decimalMarkOf(values: string[]): DecimalMark | null {
  const marks = new Set(values.map(decimalMarkIn));
  if (marks.has(',') && marks.has('.')) return null;
  return marks.has(',') ? ',' : '.';
}

/**
 * `Q.150.00` as `Q 150.00`: Guatemala writes the quetzal's symbol with a period too (on receipts, price
 * tags, bank slips), and that period, before the first digit, is the symbol's, not a decimal point.
 */
const withoutQuetzalPeriod = (text: string) => text.replace(/^(\s*q)\.(?=\s?\d)/i, '$1 ');

/** `1.250,50` as `1,250.50`: a comma column read by the product's own rules, the marks' roles swapped. */
const swapMarks = (text: string) => text.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.'));

/**
 * `1,500`, `1500`, `1,500.50`, `1500.5`, `Q 1,500`, `Q1,500.00`, `Q.150.00`, ` 75 ` -> integer cents.
 * The symbol of the field's currency (`Q` or `Q.`; in dollars `US$`, `$` or `USD`) and surrounding spaces are
 * allowed; the other currency's symbol is refused (`otherCurrency`), never converted. With `decimal`
 * `,` (a file's column that uses the decimal comma) the marks swap roles: `1.500,50`, `1500,5`.
 */
export function parseAmountInput(text: string, currency: AmountInputCurrency = 'GTQ', decimal: DecimalMark = '.'): AmountInputResult {
  const plain = withoutQuetzalPeriod(text);
  return readAmount(decimal === ',' ? swapMarks(plain) : plain, currency);
}

function readAmount(text: string, currency: AmountInputCurrency): AmountInputResult {
  const trimmed = text.replace(/[\s\u00a0]+/g, ' ').trim();
  const body = trimmed.replace(SYMBOL[currency], '');
  if (body === '') return { ok: false, problem: 'empty' };
  if (body === trimmed && SYMBOL[currency === 'GTQ' ? 'USD' : 'GTQ'].test(body)) return { ok: false, problem: 'otherCurrency' };
  // A minus (hyphen, the minus sign or the dash a phone keyboard offers) before an amount, the symbol on either side.
  const minus = /^[-\u2212\u2013]\s?/.exec(body);
  if (minus) {
    const rest = readAmount(body.slice(minus[0].length), currency);
    if (rest.ok) return { ok: false, problem: 'negative' };
    return rest.problem === 'empty' ? { ok: false, problem: 'malformed' } : rest;
  }
  if (!/^[\d.,]+$/.test(body)) return { ok: false, problem: 'malformed' };

  const match = PLAIN.exec(body) ?? GROUPED.exec(body);
  if (!match) {
    // `1,50` / `12,5`: a comma followed by one or two digits reads as a decimal comma too.
    // `1.500,00` / `1.500`-style grouping with a final comma: the European way round.
    if (/^\d+(?:,\d{1,2})$/.test(body) || /^\d{1,3}(?:\.\d{3})+(?:,\d*)?$/.test(body) || /^\d+\.\d+,\d+$/.test(body)) {
      return { ok: false, problem: 'ambiguous' };
    }
    return { ok: false, problem: 'malformed' };
  }
  const whole = match[1].replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return { ok: false, problem: 'malformed' };
  // `1.500` is 1.5 to some and 1500 to others; `1500.500` or `9.9999` can only be too many decimals.
  if (fraction.length === 3 && /^\d{1,3}$/.test(match[1])) return { ok: false, problem: 'ambiguous' };
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_WHOLE_DIGITS) return { ok: false, problem: 'tooLarge' };
  return { ok: true, cents: Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0')) };
}
