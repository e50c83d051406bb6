import { describe, expect, it } from 'vitest';
import {
  formatLongDay,
  formatCents,
  formatDate,
  formatDateTime,
  formatGiftDate,
  formatDecimal,
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatPercent,
  formatReceiptNumber,
  formatRelative,
  fromCents,
  guatemalaDay,
  roundTo,
  spreadsheetMoneyFormat,
  toCents,
} from './format';

describe('formatMoney', () => {
  it('formats quetzales as Q185.00 with the symbol next to the number', () => {
    expect(formatMoney(185)).toBe('Q185.00');
    expect(formatMoney('75.5')).toBe('Q75.50');
    expect(formatMoney(0)).toBe('Q0.00');
  });

  it('groups thousands', () => {
    expect(formatMoney(50000)).toBe('Q50,000.00');
    expect(formatMoney(1234567.891)).toBe('Q1,234,567.89');
  });

  it('keeps the sign of negative amounts, and never writes -Q0.00', () => {
    expect(formatMoney(-15)).toBe('-Q15.00');
    expect(formatMoney(-0.001)).toBe('Q0.00');
  });

  it('writes other currencies with their symbol and the same spacing (none)', () => {
    expect(formatMoney(1234.56, 'USD')).toBe('US$1,234.56');
    expect(formatMoney(1234.56, 'usd')).toBe('US$1,234.56');
    expect(formatMoney(1234.56, 'GTQ')).toBe('Q1,234.56');
    expect(formatCents(123_456, 'USD')).toBe('US$1,234.56');
    expect(formatCents(5_000_000)).toBe('Q50,000.00');
  });

  it('writes a currency without a symbol as its code and a space', () => {
    expect(formatMoney(10, 'EUR')).toBe('EUR 10.00');
  });

  it('never depends on the ICU spacing of the runtime', () => {
    for (const amount of [0, 1, 999.99, 50_000, 1_234_567.8]) expect(formatMoney(amount)).not.toMatch(/\s/);
  });
});

describe('formatMoneyCompact (chart axes)', () => {
  it('shortens with Spanish words and the same symbol', () => {
    expect(formatMoneyCompact(0)).toBe('Q0');
    expect(formatMoneyCompact(850)).toBe('Q850');
    expect(formatMoneyCompact(1000)).toBe('Q1 mil');
    expect(formatMoneyCompact(1500)).toBe('Q1.5 mil');
    expect(formatMoneyCompact(12_000)).toBe('Q12 mil');
    expect(formatMoneyCompact(2_300_000)).toBe('Q2.3 M');
    expect(formatMoneyCompact(2_000, 'USD')).toBe('US$2 mil');
    expect(formatMoneyCompact(1000)).not.toMatch(/K/);
  });
});

describe('formatPercent', () => {
  it('writes always one decimal, and the sign right after the number', () => {
    expect(formatPercent(68.8)).toBe('68.8%');
    expect(formatPercent(66.666)).toBe('66.7%');
    // A whole number keeps its decimal: "20%" stood out in a column of "12.5%".
    expect(formatPercent(20)).toBe('20.0%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(19.96)).toBe('20.0%');
  });

  it('signs a change and groups thousands', () => {
    expect(formatPercent(2068.5, { signed: true })).toBe('+2,068.5%');
    expect(formatPercent(-12.5, { signed: true })).toBe('-12.5%');
    expect(formatPercent(135, { signed: true })).toBe('+135.0%');
    expect(formatPercent(0, { signed: true })).toBe('0.0%');
    expect(formatPercent(-0.01, { signed: true })).toBe('0.0%');
  });

  it('takes another number of decimals when asked, still fixed', () => {
    expect(formatPercent(5, { decimals: 2 })).toBe('5.00%');
    expect(formatPercent(92, { decimals: 0 })).toBe('92%');
  });
});

describe('numbers', () => {
  it('groups counts', () => {
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(12.5, 1)).toBe('12.5');
  });

  it('writes machine-readable decimals for files, with either separator', () => {
    expect(formatDecimal(1234.5)).toBe('1234.50');
    expect(formatDecimal(1234.5, 2, ',')).toBe('1234,50');
    expect(formatDecimal(68.84, 1)).toBe('68.8');
    expect(formatDecimal(-3.5, 1, ',')).toBe('-3,5');
    expect(formatDecimal(0.1 + 0.2)).toBe('0.30');
    expect(formatDecimal(7, 0)).toBe('7');
  });

  it('gives spreadsheets the same money format', () => {
    expect(spreadsheetMoneyFormat()).toBe('"Q"#,##0.00');
    expect(spreadsheetMoneyFormat('USD')).toBe('"US$"#,##0.00');
  });
});

describe('formatReceiptNumber', () => {
  it('pads to six digits', () => {
    expect(formatReceiptNumber(275)).toBe('000275');
    expect(formatReceiptNumber(1)).toBe('000001');
    expect(formatReceiptNumber(1_234_567)).toBe('1234567');
  });

  it('puts the series in front when given', () => {
    expect(formatReceiptNumber(303, 'A')).toBe('A-000303');
    expect(formatReceiptNumber(303, null)).toBe('000303');
  });
});

describe('cents', () => {
  it('converts exactly, without floating point drift', () => {
    expect(toCents(0.1)).toBe(10);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(1_000_000)).toBe(100_000_000);
    expect(toCents('-2.5')).toBe(-250);
    expect(fromCents(1999)).toBe(19.99);
  });

  it('gives whole cents for numbers JavaScript writes in exponent notation', () => {
    expect(toCents(2e-323)).toBe(0);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(0.004)).toBe(0);
    expect(toCents(1e20)).toBe(1e22);
    expect(Number.isInteger(toCents(5e-324))).toBe(true);
  });
});

describe('dates', () => {
  it('formats in Guatemala time (UTC-6)', () => {
    // 03:00 UTC on 1 March is still 28 February in Guatemala.
    expect(formatDate('2025-03-01T03:00:00Z')).toBe('28/02/2025');
    expect(guatemalaDay('2025-03-01T03:00:00Z')).toBe('2025-02-28');
    expect(guatemalaDay('2025-03-01T06:00:00Z')).toBe('2025-03-01');
    // The evening of 5 November in Guatemala is already 6 November in UTC: it is the 5th everywhere.
    expect(formatDate('2025-11-06T02:30:00Z')).toBe('05/11/2025');
    expect(formatDateTime('2025-11-06T02:30:00Z')).toMatch(/^05\/11\/2025.*08:30/);
    // A gift known by its day alone (entered by the office, imported) shows no hour.
    expect(formatGiftDate('2025-03-01T06:00:00Z', true)).toBe('01/03/2025');
    expect(formatGiftDate('2025-11-06T02:30:00Z', false)).toBe(formatDateTime('2025-11-06T02:30:00Z'));
  });

  it('rounds to the given decimals', () => {
    expect(roundTo(66.666, 1)).toBe(66.7);
    expect(roundTo(12.345, 2)).toBe(12.35);
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-11-29T16:00:00Z');
  const ago = (ms: number) => new Date(now - ms);

  it('says "hace un momento" for what happened less than a minute ago, never "este minuto"', () => {
    expect(formatRelative(ago(0), now)).toBe('hace un momento');
    expect(formatRelative(ago(20_000), now)).toBe('hace un momento');
    expect(formatRelative(ago(59_999), now)).toBe('hace un momento');
  });

  it('counts minutes, hours and days, and dates what is 30 days away or more', () => {
    expect(formatRelative(ago(60_000), now)).toBe('hace 1 minuto');
    expect(formatRelative(ago(5 * 60_000), now)).toBe('hace 5 minutos');
    expect(formatRelative(ago(3 * 3_600_000), now)).toBe('hace 3 horas');
    expect(formatRelative(ago(86_400_000), now)).toBe('ayer');
    expect(formatRelative(ago(30 * 86_400_000), now)).toBe('30/10/2026');
  });
});

describe('formatLongDay (a calendar day, no time-zone shift)', () => {
  it('names the day in Spanish as Guatemala does, the first of the month included', () => {
    expect(formatLongDay('2026-01-01')).toBe('1 de enero de 2026');
    expect(formatLongDay('2025-12-31')).toBe('31 de diciembre de 2025');
  });
});
