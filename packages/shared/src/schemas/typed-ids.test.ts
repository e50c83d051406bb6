// What donors and staff type in a NIT or CUI, a phone or a slip's number, through every schema that
// takes them (docs/product.md#validation-rules, #bank-deposits): the same forgiving reading and the
// same precise refusals on /donate, POST /donate, the profile, staff gift entry, a bank line's gift,
// a donor's edit, the fiscal settings and a slip.
import { describe, expect, it } from 'vitest';
import { guatemalaDay } from '../format';
import { depositMessages } from '../messages/deposits';
import { taxIdMessages } from '../messages/tax-id';
import { validationMessages as v } from '../messages/validation';
import { statementLineDonationSchema } from './bank-statements';
import { donateDetailsCheckoutSchema, publicDonationSchema } from './donate';
import { slipFormSchema } from './deposits';
import { donorUpdateSchema } from './donors';
import { isValidPhone } from './fields';
import { DEFAULT_FISCAL_SETTINGS, fiscalSettingsSchema } from './fiscal';
import { staffGiftSchema } from './gift-entry';
import { updateProfileSchema } from './profile';

const messagesOf = (parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const details = (over: Record<string, unknown>) =>
  donateDetailsCheckoutSchema.safeParse({ donorName: 'Lucía Hernández', email: 'lucia@correo.gt', phone: '', nit: '', acceptTerms: true, ...over });
const profile = (over: Record<string, unknown>) => updateProfileSchema.safeParse({ first_name: 'Dana', last_name: 'Pérez', ...over });
const gift = (over: Record<string, unknown>) =>
  staffGiftSchema.safeParse({ donorName: 'Ana Soto', receivedOn: guatemalaDay(new Date()), method: 'cash', amount: 100, ...over });
const donorEdit = (taxId: string) =>
  donorUpdateSchema.safeParse({ kind: 'person', name: 'Ana', contactPerson: null, taxId, emails: [], phones: [], address: null, consentEmail: false, consentWhatsapp: false, notes: null, tags: [] });
const slip = (slipNumber: string) => slipFormSchema.safeParse({ bank: 'Banrural', depositDate: '2026-11-20', slipNumber, amount: '185.00' });

describe('NIT or CUI fields', () => {
  it('take consumidor final in words and a number copied with NIT: or CUI before it, in every form', () => {
    for (const typed of ['Consumidor final', 'NIT: 576937-K', 'NIT 576937-K', 'CUI: 1580 35224 0101']) {
      expect(details({ nit: typed }).success, typed).toBe(true);
      expect(publicDonationSchema.shape.nit.safeParse(typed).success, typed).toBe(true);
      expect(gift({ nit: typed }).success, typed).toBe(true);
      expect(donorEdit(typed).success, typed).toBe(true);
      expect(statementLineDonationSchema.safeParse({ donor_name: 'Ana Soto', donor_email: 'ana@correo.gt', donor_nit: typed }).success, typed).toBe(true);
    }
  });

  it('the profile keeps the number alone, normalised, and clears itself for consumidor final', () => {
    expect(profile({ nit: 'NIT: 576937-K' }).data?.nit).toBe('576937-K');
    expect(profile({ nit: 'CUI 1580 35224 0101' }).data?.nit).toBe('1580352240101');
    expect(profile({ nit: 'Consumidor Final' }).data?.nit).toBeNull();
  });

  it("the organisation's NIT may be copied with NIT: before it", () => {
    expect(fiscalSettingsSchema.parse({ ...DEFAULT_FISCAL_SETTINGS, nit: 'NIT: 3952550-3' }).nit).toBe('3952550-3');
  });

  it('a CUI short of a digit is told so, not that a NIT check digit fails, in every form', () => {
    const short = taxIdMessages.cuiShortOrNitChecksum(12);
    expect(messagesOf(details({ nit: '158035224010' }))).toEqual({ nit: short });
    expect(messagesOf(profile({ nit: '158035224010' }))).toEqual({ nit: short });
    expect(messagesOf(gift({ nit: '158035224010' }))).toEqual({ nit: short });
  });

  it('a long copied text still fits the field: the number is measured, not the spaces around it', () => {
    const typed = 'CUI:  1580  35224  0101'; // 23 characters, of which 13 are the CUI
    expect(details({ nit: typed }).success).toBe(true);
    expect(gift({ nit: typed }).success).toBe(true);
    expect(donorEdit(typed).success).toBe(true);
  });
});

describe('phone fields', () => {
  it('say what the rule takes: 8 digits in Guatemala, or + and a country code (up to 15 digits)', () => {
    expect(v.phoneInvalid).toBe('Escribe un teléfono válido: 8 dígitos en Guatemala, o + y el código del país si es de otro país (hasta 15 dígitos en total)');
    // What the message promises is taken...
    expect(isValidPhone('5555 1234')).toBe(true);
    expect(isValidPhone('+1 (213) 555-0199')).toBe(true);
    expect(isValidPhone('+44 20 7946 0958')).toBe(true);
    // ...and what it rules out is refused, with it, in every form.
    for (const phone of ['5555 123', '+1 234 5678 9012 3456', 'llámame']) {
      expect(isValidPhone(phone), phone).toBe(false);
      expect(messagesOf(details({ phone })), phone).toEqual({ phone: v.phoneInvalid });
      expect(messagesOf(profile({ phone })), phone).toEqual({ phone: v.phoneInvalid });
      expect(messagesOf(gift({ donorPhone: phone })), phone).toEqual({ donorPhone: v.phoneInvalid });
    }
  });
});

describe("a slip's number", () => {
  it('takes the number in groups and keeps it without the spaces', () => {
    expect(slip('123 456 789').data?.slipNumber).toBe('123456789');
    expect(slip(' BI 4455 667 ').data?.slipNumber).toBe('BI4455667');
    expect(slip('A-77').data?.slipNumber).toBe('A-77');
  });

  it('names the characters it cannot keep, and says the length without the spaces', () => {
    const e = depositMessages.errors;
    expect(messagesOf(slip('No. 123#'))).toEqual({ slipNumber: 'El número de boleta solo lleva letras, números, espacios y guiones: quita «.» y «#»' });
    expect(messagesOf(slip('12/34'))).toEqual({ slipNumber: e.slipNumberCharacters(['/']) });
    expect(messagesOf(slip('1'.repeat(41)))).toEqual({ slipNumber: e.slipNumberTooLong });
    expect(slip('1234 '.repeat(10)).data?.slipNumber).toBe('1234'.repeat(10)); // 49 typed, 40 kept
    expect(messagesOf(slip('  '))).toEqual({ slipNumber: e.slipNumberRequired });
  });
});
