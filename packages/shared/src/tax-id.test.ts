import { describe, expect, it } from 'vitest';
import * as nit from 'stdnum/lib/cjs/gt/nit';
import { fiscalSettingsSchema, DEFAULT_FISCAL_SETTINGS, isAnnualDate } from './schemas/fiscal';
import { taxIdMessages } from './messages/tax-id';
import {
  CF_LIMIT_GTQ_CENTS,
  TAX_ID_MAX_LENGTH,
  TAX_ID_TYPED_MAX_LENGTH,
  cfMaxCents,
  checkoutTaxIdMessage,
  formatTaxId,
  parseNit,
  parseTaxId,
  parseTaxIdFormat,
} from './tax-id';

const SMALL = 10_000; // Q100.00

describe('parseTaxId: NIT', () => {
  it('accepts a NIT with a valid check digit, with or without hyphen and spaces, and normalises it to 1234567-8', () => {
    expect(nit.validate('1234567-9').isValid).toBe(true);
    expect(parseTaxId('1234567-9', SMALL, 'GTQ')).toEqual({ ok: true, kind: 'nit', value: '1234567-9' });
    expect(parseTaxId('12345679', SMALL, 'GTQ')).toEqual({ ok: true, kind: 'nit', value: '1234567-9' });
    expect(parseTaxId(' 1234567 - 9 ', SMALL, 'GTQ')).toEqual({ ok: true, kind: 'nit', value: '1234567-9' });
    expect(parseTaxId('0039525503', SMALL, 'GTQ')).toEqual({ ok: true, kind: 'nit', value: '3952550-3' });
  });

  it('accepts K as the check digit, typed in either case', () => {
    expect(parseTaxId('576937-K', SMALL, 'GTQ')).toEqual({ ok: true, kind: 'nit', value: '576937-K' });
    expect(parseTaxId('576937k', SMALL, 'GTQ')).toEqual({ ok: true, kind: 'nit', value: '576937-K' });
  });

  it('refuses a wrong check digit with the Spanish message (8977112-0, 1234567-8, 576937-0)', () => {
    for (const bad of ['8977112-0', '1234567-8', '576937-0', '1234567-K']) {
      expect(parseTaxId(bad, SMALL, 'GTQ')).toEqual({ ok: false, message: 'El NIT no es válido: revisa el dígito verificador' });
    }
  });

  it('refuses malformed input: letters, K in the middle, a single digit, too long', () => {
    for (const bad of ['ABC', '12K45-6', '7', '12345-X']) {
      expect(parseTaxId(bad, SMALL, 'GTQ')).toEqual({ ok: false, message: taxIdMessages.nitFormat });
    }
    expect(parseTaxId('1'.repeat(25), SMALL, 'GTQ')).toEqual({ ok: false, message: taxIdMessages.tooLong });
  });

  it('gives as its example a NIT that passes: typing the example is accepted', () => {
    const example = /por ejemplo (\S+)$/.exec(taxIdMessages.nitFormat)?.[1] ?? '';
    expect(parseTaxId(example, SMALL, 'GTQ')).toEqual({ ok: true, kind: 'nit', value: example });
  });
});

describe('parseTaxId: CUI', () => {
  it('accepts a 13-digit CUI with its check digit, with or without spaces', () => {
    expect(parseTaxId('1587564440904', SMALL, 'GTQ')).toEqual({ ok: true, kind: 'cui', value: '1587564440904' });
    expect(parseTaxId('1580 35224 0101', SMALL, 'GTQ')).toEqual({ ok: true, kind: 'cui', value: '1580352240101' });
    expect(parseTaxId('1580352240101', 5_000_000, 'GTQ')).toMatchObject({ ok: true, kind: 'cui' });
  });

  it('says which part of a refused CUI does not hold: its check digit, or its department and municipality', () => {
    expect(parseTaxId('1680352240101', SMALL, 'GTQ')).toEqual({
      ok: false,
      message: 'El CUI no es válido: algún dígito está mal, porque el noveno (el verificador) no corresponde a los ocho primeros. Revisa el número en el DPI',
    });
    const place = (lastFour: string) =>
      `El CUI no es válido: sus últimos 4 dígitos (${lastFour}) dicen el departamento y el municipio, y ese código no existe en Guatemala. Revisa el número en el DPI`;
    // Department 23 does not exist; Guatemala (01) has 17 municipalities.
    expect(parseTaxId('1587564442304', SMALL, 'GTQ')).toEqual({ ok: false, message: place('2304') });
    expect(parseTaxId('1580352240118', SMALL, 'GTQ')).toEqual({ ok: false, message: place('0118') });
    // Municipality 00 is taken, as the CUI library takes it: a real CUI refused would stop a gift.
    expect(parseTaxId('1580352240100', SMALL, 'GTQ')).toMatchObject({ ok: true, kind: 'cui' });
  });

  it('reads a number of digits alone by its length: a CUI short of digits or with digits to spare, else a NIT', () => {
    // 12 or 11 digits that fail as a NIT are most likely a CUI missing a digit (1580352240101 without its last).
    expect(parseTaxIdFormat('158035224010')).toEqual({
      ok: false,
      message: 'Si es un CUI, le falta un dígito: tiene 13 y aquí hay 12. Si es un NIT, su último dígito (el verificador) no corresponde a los demás',
    });
    expect(parseTaxIdFormat('1580 3522 401')).toEqual({ ok: false, message: taxIdMessages.cuiShortOrNitChecksum(11) });
    expect(taxIdMessages.cuiShortOrNitChecksum(11)).toContain('le faltan 2 dígitos: tiene 13 y aquí hay 11');
    // No NIT has 14 digits.
    expect(parseTaxIdFormat('15803522401011')).toEqual({ ok: false, message: 'El CUI tiene 13 dígitos y aquí hay 14. Revisa el número en el DPI' });
    // Up to 10 digits it is a NIT whose check digit fails.
    expect(parseTaxIdFormat('1234567890')).toEqual({ ok: false, message: taxIdMessages.nitChecksum });
  });
});

describe('parseTaxId: what people copy before the number', () => {
  it('takes `NIT`, `NIT:`, `Nit No.` or `N.I.T.` before a NIT and keeps the number alone, as typed without them', () => {
    for (const typed of ['NIT 576937-K', 'NIT: 576937-K', 'nit:576937k', 'Nit No. 576937-K', 'N.I.T. 576937-K', 'NIT # 576937-K']) {
      expect(parseTaxId(typed, SMALL, 'GTQ'), typed).toEqual({ ok: true, kind: 'nit', value: '576937-K' });
    }
  });

  it('takes `CUI` or `DPI` before a CUI in its groups of digits', () => {
    for (const typed of ['CUI 1580 35224 0101', 'CUI: 1580 35224 0101', 'DPI 1580-35224-0101', 'dpi no. 1580352240101']) {
      expect(parseTaxId(typed, SMALL, 'GTQ'), typed).toEqual({ ok: true, kind: 'cui', value: '1580352240101' });
    }
  });

  it('still refuses the word alone, and a bad number after it with its own reason', () => {
    expect(parseTaxIdFormat('NIT')).toEqual({ ok: false, message: taxIdMessages.nitFormat });
    expect(parseTaxIdFormat('NIT: 1234567-8')).toEqual({ ok: false, message: taxIdMessages.nitChecksum });
    expect(parseTaxIdFormat('CUI 1680 35224 0101')).toMatchObject({ ok: false, message: expect.stringContaining('el noveno (el verificador)') });
  });

  it('measures the length of what is typed in the field by TAX_ID_TYPED_MAX_LENGTH, the number itself by TAX_ID_MAX_LENGTH', () => {
    const spaced = `NIT:${' '.repeat(20)}576937-K`;
    expect(spaced.length).toBeGreaterThan(TAX_ID_MAX_LENGTH);
    expect(parseTaxIdFormat(spaced)).toMatchObject({ ok: true, value: '576937-K' });
    expect(parseTaxIdFormat(`NIT: ${' '.repeat(TAX_ID_TYPED_MAX_LENGTH)}576937-K`)).toEqual({ ok: false, message: taxIdMessages.tooLong });
  });
});

describe('parseTaxId: CF (consumidor final)', () => {
  it('reads blank, CF, C/F and the words consumidor final (any case, accents or spaces) as consumidor final below Q2,500', () => {
    for (const cf of ['', '  ', 'CF', 'cf', 'C/F', 'c.f.', 'Consumidor final', 'CONSUMIDOR FINAL', ' consumidor   final ', 'Cónsumidor Fínal', 'ConsumidorFinal', 'NIT: CF', 'NIT: consumidor final']) {
      expect(parseTaxId(cf, CF_LIMIT_GTQ_CENTS - 1, 'GTQ'), cf).toEqual({ ok: true, kind: 'cf', value: 'CF' });
    }
  });

  it('refuses the words consumidor final from Q2,500 up, as it refuses CF', () => {
    expect(parseTaxId('Consumidor final', CF_LIMIT_GTQ_CENTS, 'GTQ')).toEqual({ ok: false, message: taxIdMessages.cfNotAllowed });
  });

  it('refuses CF (and blank) from Q2,500 up', () => {
    const message = 'Para donaciones de Q2,500 o más necesitamos tu NIT o CUI; CF no aplica';
    expect(parseTaxId('CF', CF_LIMIT_GTQ_CENTS, 'GTQ')).toEqual({ ok: false, message });
    expect(parseTaxId('', 1_000_000, 'GTQ')).toEqual({ ok: false, message });
    expect(parseTaxId('1234567-9', CF_LIMIT_GTQ_CENTS, 'GTQ')).toMatchObject({ ok: true, kind: 'nit' });
  });

  it("the checkout's refusal tells a donor without a NIT or CUI the most they can give and whom to write", () => {
    const refused = parseTaxId('', CF_LIMIT_GTQ_CENTS, 'GTQ');
    if (refused.ok) throw new Error('CF from Q2,500 must be refused');
    expect(checkoutTaxIdMessage(refused, 'GTQ', undefined, 'contacto@ejemplo.org')).toBe(
      'Para donaciones de Q2,500 o más necesitamos tu NIT o CUI; CF no aplica. Si no tienes NIT ni CUI (por ejemplo, si no vives en Guatemala), puedes donar un total de hasta Q2,499.99; para donar más, escríbenos a contacto@ejemplo.org antes de hacerlo.',
    );
    expect(checkoutTaxIdMessage(refused, 'USD', 7.7, 'contacto@ejemplo.org')).toContain('un total de hasta US$324.67 (menos de Q2,500 al tipo de cambio de referencia)');
    // Other refusals keep their own words.
    const bad = parseTaxId('1234567-8', 100, 'GTQ');
    if (bad.ok) throw new Error('a wrong check digit must be refused');
    expect(checkoutTaxIdMessage(bad, 'GTQ', undefined, 'contacto@ejemplo.org')).toBe('El NIT no es válido: revisa el dígito verificador');
  });

  it('the most a CF total may be, in each currency, is the last cent below Q2,500', () => {
    expect(cfMaxCents('GTQ')).toBe(249_999);
    for (const rate of [7.7, 7.8, 7.65, 1]) {
      const most = cfMaxCents('USD', rate);
      expect(parseTaxId('CF', most, 'USD', rate)).toMatchObject({ ok: true });
      expect(parseTaxId('CF', most + 1, 'USD', rate)).toMatchObject({ ok: false });
    }
  });

  it('values a dollar gift at the given rate: US$300 at 7.70 is Q2,310 (CF allowed), US$325 is Q2,502.50 (refused)', () => {
    expect(parseTaxId('CF', 30_000, 'USD', 7.7)).toEqual({ ok: true, kind: 'cf', value: 'CF' });
    expect(parseTaxId('CF', 32_500, 'USD', 7.7)).toMatchObject({ ok: false });
    expect(parseTaxId('CF', 32_500, 'USD', 7.6)).toMatchObject({ ok: true, kind: 'cf' });
    expect(() => parseTaxId('CF', 100, 'USD')).toThrow(TypeError);
  });

  it('parseTaxIdFormat ignores the amount', () => {
    expect(parseTaxIdFormat('CF')).toEqual({ ok: true, kind: 'cf', value: 'CF' });
  });
});

describe('formatTaxId (a stored NIT or CUI shown to staff)', () => {
  it('writes a stored NIT with its hyphen, and shows anything unreadable as it is', () => {
    expect(formatTaxId('576937K')).toBe('576937-K');
    expect(formatTaxId('12345679')).toBe('1234567-9');
    expect(formatTaxId('1234567K')).toBe('1234567K');
  });
});

describe('parseNit (the organisation)', () => {
  it('takes only a NIT', () => {
    expect(parseNit('9876543-4')).toEqual({ ok: true, kind: 'nit', value: '9876543-4' });
    expect(parseNit('CF')).toMatchObject({ ok: false });
    expect(parseNit('1587564440904')).toMatchObject({ ok: false });
    expect(parseNit('8977112-0')).toEqual({ ok: false, message: taxIdMessages.nitChecksum });
    expect(parseNit('NIT: 9876543-4')).toEqual({ ok: true, kind: 'nit', value: '9876543-4' });
  });
});

describe('fiscal settings', () => {
  it('the defaults are valid and name the organisation, its NIT and the annual date', () => {
    expect(fiscalSettingsSchema.parse(DEFAULT_FISCAL_SETTINGS)).toEqual(DEFAULT_FISCAL_SETTINGS);
    expect(DEFAULT_FISCAL_SETTINGS.deductibilityText).toContain('Decreto 10-2012');
    expect(DEFAULT_FISCAL_SETTINGS.receiptSeries).toBe('A');
    expect(DEFAULT_FISCAL_SETTINGS.annualStatementDate).toBe('01-15');
  });

  it('normalises the NIT and the series; refuses a wrong check digit, a bad series and a bad date', () => {
    const parsed = fiscalSettingsSchema.parse({ ...DEFAULT_FISCAL_SETTINGS, nit: '39525503', receiptSeries: ' b2 ' });
    expect(parsed.nit).toBe('3952550-3');
    expect(parsed.receiptSeries).toBe('B2');
    const bad = fiscalSettingsSchema.safeParse({ ...DEFAULT_FISCAL_SETTINGS, nit: '8977112-0', receiptSeries: 'A B', annualStatementDate: '02-30' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      nit: 'El NIT no es válido: revisa el dígito verificador',
      receiptSeries: 'La serie lleva de 1 a 10 letras o números, sin espacios',
      annualStatementDate: 'Escribe la fecha como MM-DD, por ejemplo 01-15 (15 de enero)',
    });
  });

  it('annual dates are days every year has', () => {
    expect(['01-15', '12-31', '02-28'].every(isAnnualDate)).toBe(true);
    expect(['02-29', '13-01', '00-10', '1-15', '04-31'].some(isAnnualDate)).toBe(false);
  });
});
