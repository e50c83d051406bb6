import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cardLast4,
  detectCardBrand,
  donateAmountSchema,
  donateDetailsSchema,
  formatCardNumber,
  formatExpiry,
  isExpiryPast,
  isValidCvc,
  isValidLuhn,
  isValidPhone,
  maskCard,
  parseExpiry,
  publicDonationSchema,
} from './donate';

/** Appends the Luhn check digit to a payload of digits. */
function withCheckDigit(payload: string): string {
  for (let d = 0; d <= 9; d++) if (isValidLuhn(payload + d)) return payload + d;
  throw new Error('no check digit');
}

describe('card helpers', () => {
  it('checks the Luhn sum of known test cards', () => {
    expect(isValidLuhn('4242424242424242')).toBe(true);
    expect(isValidLuhn('4242 4242 4242 4242')).toBe(true);
    expect(isValidLuhn('5555555555554444')).toBe(true);
    expect(isValidLuhn('378282246310005')).toBe(true);
    expect(isValidLuhn('4000000000000002')).toBe(true);
    expect(isValidLuhn('4242424242424241')).toBe(false);
    expect(isValidLuhn('1234 5678 9012 3456')).toBe(false);
    expect(isValidLuhn('4242-4242-4242-4242')).toBe(false);
    expect(isValidLuhn('')).toBe(false);
    expect(isValidLuhn('0000 0000')).toBe(false);
  });

  it('accepts exactly one check digit for any payload, and refuses any single changed digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{12,15}$/), fc.nat(), (payload, pick) => {
        const card = withCheckDigit(payload);
        expect(isValidLuhn(card)).toBe(true);
        const i = pick % card.length;
        const changed = card.slice(0, i) + String((Number(card[i]) + 1 + (pick % 9)) % 10) + card.slice(i + 1);
        expect(isValidLuhn(changed)).toBe(changed === card);
      }),
    );
  });

  it('tells the brand from the first digits', () => {
    expect(detectCardBrand('4242 4242 4242 4242')).toBe('visa');
    expect(detectCardBrand('5555555555554444')).toBe('mastercard');
    expect(detectCardBrand('2223003122003222')).toBe('mastercard');
    expect(detectCardBrand('378282246310005')).toBe('amex');
    expect(detectCardBrand('341111111111111')).toBe('amex');
    expect(detectCardBrand('6011111111111117')).toBe('other');
    expect(detectCardBrand('')).toBe('other');
  });

  it('groups the digits in fours as typed, drops anything else and stops at 16 digits (19 characters)', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242abc4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242');
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const formatted = formatCardNumber(typed);
        expect(formatted.length).toBeLessThanOrEqual(19);
        expect(formatted).toMatch(/^(\d{4} )*\d{0,4}$/);
        expect(formatCardNumber(formatted)).toBe(formatted);
      }),
    );
  });

  it('masks a card by its last 4 digits', () => {
    expect(cardLast4('4242 4242 4242 1234')).toBe('1234');
    expect(maskCard('1234')).toBe('•••• •••• •••• 1234');
  });

  it('formats and parses the expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('123099')).toBe('12/30');
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('01/27')).toEqual({ month: 1, year: 2027 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('1/30')).toBeNull();
    expect(parseExpiry('12-30')).toBeNull();
  });

  it('treats a card as valid through the end of its expiry month', () => {
    const now = new Date(2026, 5, 30, 23, 0); // 30 June 2026
    expect(isExpiryPast('06/26', now)).toBe(false);
    expect(isExpiryPast('05/26', now)).toBe(true);
    expect(isExpiryPast('12/25', now)).toBe(true);
    expect(isExpiryPast('01/27', now)).toBe(false);
  });

  it('checks CVC, phone and NIT', () => {
    expect(isValidCvc('123')).toBe(true);
    expect(isValidCvc('1234')).toBe(true);
    expect(isValidCvc('12')).toBe(false);
    expect(isValidCvc('12345')).toBe(false);
    expect(isValidCvc('12a')).toBe(false);
    expect(isValidPhone('+502 5555-1234')).toBe(true);
    expect(isValidPhone('(502) 2200 0000')).toBe(true);
    expect(isValidPhone('5555 123')).toBe(false);
    expect(isValidPhone('llámame')).toBe(false);
    // The NIT's own rules (check digit, CUI, CF) are tested in tax-id.test.ts.
    const nit = (value: string) => publicDonationSchema.shape.nit.safeParse(value).success;
    expect(nit('1234567-9')).toBe(true);
    expect(nit('1234567-8')).toBe(false);
    expect(nit('cf')).toBe(true);
    expect(nit('ABC')).toBe(false);
  });
});

describe('donateAmountSchema', () => {
  const schema = donateAmountSchema({ min: 5, max: 1000 });
  it('needs a positive amount within the configured bounds, with Spanish messages', () => {
    expect(schema.safeParse(185).success).toBe(true);
    expect(schema.safeParse(5).success).toBe(true);
    expect(schema.safeParse(1000).success).toBe(true);
    expect(schema.safeParse(0).error?.issues[0].message).toBe('Ingresa un monto mayor a cero');
    expect(schema.safeParse(Number.NaN).error?.issues[0].message).toBe('Ingresa un monto mayor a cero');
    expect(schema.safeParse(4.99).error?.issues[0].message).toMatch(/^El monto mínimo de donación es Q\s?5\.00$/);
    expect(schema.safeParse(1000.5).error?.issues[0].message).toMatch(/^El monto máximo de donación es Q\s?1,000\.00$/);
  });
});

describe('donateDetailsSchema', () => {
  const valid = {
    donorName: 'Ana López',
    email: 'ana@correo.gt',
    phone: '',
    cardNumber: '4242 4242 4242 4242',
    expiryDate: '12/49',
    cvc: '123',
    nit: '',
    acceptTerms: true,
  };
  const errorOf = (over: Partial<typeof valid>) => {
    const result = donateDetailsSchema.safeParse({ ...valid, ...over });
    if (result.success) return null;
    const first: Record<string, string> = {};
    for (const issue of result.error.issues) first[String(issue.path[0])] ??= issue.message;
    expect(result.error.issues).toHaveLength(Object.keys(first).length);
    return first;
  };

  it('accepts a complete form', () => {
    expect(errorOf({})).toBeNull();
  });

  it('refuses bad card data with one Spanish message per field', () => {
    expect(errorOf({ cardNumber: '' })).toEqual({ cardNumber: 'El número de tarjeta es requerido' });
    expect(errorOf({ cardNumber: '4242 4242 4242 4241' })).toEqual({ cardNumber: 'El número de tarjeta no es válido' });
    expect(errorOf({ expiryDate: '' })).toEqual({ expiryDate: 'La fecha de vencimiento es requerida' });
    expect(errorOf({ expiryDate: '13/30' })).toEqual({ expiryDate: 'Usa el formato MM/AA' });
    expect(errorOf({ expiryDate: '01/20' })).toEqual({ expiryDate: 'La tarjeta está vencida' });
    expect(errorOf({ cvc: '' })).toEqual({ cvc: 'El CVC es requerido' });
    expect(errorOf({ cvc: '12' })).toEqual({ cvc: 'El CVC debe tener 3 o 4 dígitos' });
    expect(errorOf({ donorName: '' })).toEqual({ donorName: 'El nombre es requerido' });
    expect(errorOf({ email: 'x' })).toEqual({ email: 'Ingresa un correo electrónico válido' });
    expect(errorOf({ acceptTerms: false })).toEqual({ acceptTerms: 'Debes aceptar los términos y condiciones' });
  });
});

describe('publicDonationSchema', () => {
  const body = { donorName: 'Ana López', email: 'ANA@correo.gt', amount: 75, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true };
  it('accepts only the last 4 digits and the brand of the card', () => {
    const parsed = publicDonationSchema.parse(body);
    expect(parsed.email).toBe('ana@correo.gt');
    expect(publicDonationSchema.safeParse({ ...body, cardNumber: '4242424242424242' }).success).toBe(false);
    expect(publicDonationSchema.safeParse({ ...body, cvc: '123' }).success).toBe(false);
    expect(publicDonationSchema.safeParse({ ...body, cardLast4: '42424' }).success).toBe(false);
  });
});
