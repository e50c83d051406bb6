// The public checkout (docs/product.md#screens-and-routes, #validation-rules, #public-donation-flow): the card helpers
// and form rules of the browser, and the body the browser sends, which never holds the full card
// number nor the CVC (only the last 4 digits and the brand).
import { z } from 'zod';
import { formatMoney } from '../format';
import { donateMessages } from '../messages/donate';
import { validationMessages } from '../messages/validation';
import { taxIdMessages } from '../messages/tax-id';
import { TAX_ID_TYPED_MAX_LENGTH, parseTaxIdFormat } from '../tax-id';
import { PHONE_MAX_LENGTH, emailField, hasAtMostTwoDecimals, isValidPhone, personName } from './fields';

export { isValidPhone } from './fields';
import { monthlyDonateFields } from './monthly';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS, PAYMENT_PROVIDERS, type PaymentSettings, coverFeesCents } from './payments';

const v = validationMessages;
const d = donateMessages;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** docs/product.md#validation-rules: the card input holds 16 digits grouped in fours (maxlength 19). */
export const CARD_NUMBER_MAX_DIGITS = 16;
export const CARD_NUMBER_MAX_LENGTH = 19;
export const EXPIRY_MAX_LENGTH = 5;
export const CVC_MAX_LENGTH = 4;
export const DONOR_NAME_MAX_LENGTH = 100;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Keeps the digits of what was typed and groups them in fours: `4242 4242 4242 4242`. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, CARD_NUMBER_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn checksum of a card number (spaces allowed), with a card's usual length of 13 to 16 digits. */
export function isValidLuhn(value: string): boolean {
  if (/[^\d\s]/.test(value)) return false;
  const digits = digitsOnly(value);
  if (digits.length < 13 || digits.length > CARD_NUMBER_MAX_DIGITS) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** The card network, told by the number's first digits. */
export function detectCardBrand(value: string): CardBrand {
  const digits = digitsOnly(value);
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  const first4 = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (digits.length >= 4 && first4 >= 2221 && first4 <= 2720)) return 'mastercard';
  return 'other';
}

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  other: 'Tarjeta',
};

export function cardLast4(value: string): string {
  return digitsOnly(value).slice(-4);
}

/** `•••• •••• •••• 4242` */
export function maskCard(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

/** Formats the expiry as it is typed: `1` -> `1`, `128` -> `12/8`, `1/` stays editable. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** `MM/YY` -> month and four-digit year, or null when it is not a real month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isExpiryPast(value: string, now: Date = new Date()): boolean {
  const parsed = parseExpiry(value);
  if (!parsed) return false;
  const current = now.getFullYear() * 12 + now.getMonth();
  return parsed.year * 12 + (parsed.month - 1) < current;
}

export function isValidCvc(value: string): boolean {
  return /^\d{3,4}$/.test(value);
}

/**
 * What a donor is charged, in parts: the gift, the payment provider's commission and the IVA on that
 * commission (the covered fee is their sum), and the total. One definition for every screen that
 * shows the amount before and after paying (docs/product.md#payments). Integer cents.
 */
export interface ChargeBreakdown {
  giftCents: number;
  commissionCents: number;
  vatCents: number;
  /** commission + IVA: what the donor adds to the gift; 0 when the fee is not covered. */
  feeCents: number;
  chargedCents: number;
}

/** Splits a covered fee into the commission and its IVA, at the staff's IVA rate. */
export function chargeBreakdown(giftCents: number, feeCents: number, settings: Pick<PaymentSettings, 'fee_vat_percent'> | null): ChargeBreakdown {
  const vatPercent = settings?.fee_vat_percent ?? 0;
  const vatCents = feeCents > 0 ? Math.round((feeCents * vatPercent) / (100 + vatPercent)) : 0;
  return { giftCents, commissionCents: feeCents - vatCents, vatCents, feeCents, chargedCents: giftCents + feeCents };
}

/** Before paying: the gift, and the fee when the donor covers it (coverFeesCents). */
export function checkoutCharge(giftCents: number, coverFees: boolean, settings: Pick<PaymentSettings, 'fee_percent' | 'fee_vat_percent'> | null): ChargeBreakdown {
  const feeCents = coverFees && settings ? coverFeesCents(giftCents, settings).feeCents : 0;
  return chargeBreakdown(giftCents, feeCents, settings);
}

/** After paying: from what the API answers (`amount` charged, `covered_fee` within it). */
export function chargedBreakdown(
  answer: { amount: number; covered_fee: number },
  settings: Pick<PaymentSettings, 'fee_vat_percent'> | null,
): ChargeBreakdown {
  const chargedCents = Math.round(answer.amount * 100);
  const feeCents = Math.round(answer.covered_fee * 100);
  return chargeBreakdown(chargedCents - feeCents, feeCents, settings);
}



const donorNameField = personName(
  z
    .string({ error: v.nameRequired })
    .trim()
    .min(1, { error: v.nameRequired, abort: true })
    .min(2, { error: v.nameMin, abort: true })
    .max(DONOR_NAME_MAX_LENGTH, { error: d.nameMax }),
);

const optionalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, { error: v.phoneInvalid, abort: true })
  .refine((p) => p === '' || isValidPhone(p), { error: v.phoneInvalid });

/**
 * NIT (with its check digit), CUI or CF, or blank (tax-id.ts). Whether CF applies depends on the
 * amount, so the form and the API check that where the amount is known (decision 0019).
 */
const optionalNit = z
  .string()
  .trim()
  .max(TAX_ID_TYPED_MAX_LENGTH, { error: taxIdMessages.tooLong, abort: true })
  .superRefine((n, ctx) => {
    const parsed = parseTaxIdFormat(n);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });

/**
 * Step 1: the amount, within the bounds the admin configured (docs/product.md#public-donation-flow),
 * given in `currency` (a dollar gift's bounds are the quetzal bounds at the staff's rate, decision 0071).
 */
export function donateAmountSchema(bounds: { min: number; max: number }, currency = 'GTQ') {
  return z
    .number({ error: d.amountRequired })
    .finite({ error: d.amountRequired })
    .positive({ error: d.amountRequired })
    .refine(hasAtMostTwoDecimals, { error: d.amountDecimals, abort: true })
    .superRefine((amount, ctx) => {
      if (amount < bounds.min) ctx.addIssue({ code: 'custom', message: d.amountBelowMin(formatMoney(bounds.min, currency)) });
      else if (amount > bounds.max) ctx.addIssue({ code: 'custom', message: d.amountAboveMax(formatMoney(bounds.max, currency)) });
    });
}


/** Step 2 of the form, in the browser: the card is checked here and never leaves it. */
export const donateDetailsSchema = z.object({
  donorName: donorNameField,
  email: emailField,
  phone: optionalPhone,
  cardNumber: z
    .string({ error: d.cardRequired })
    .trim()
    .min(1, { error: d.cardRequired, abort: true })
    .refine(isValidLuhn, { error: d.cardInvalid }),
  expiryDate: z
    .string({ error: d.expiryRequired })
    .trim()
    .min(1, { error: d.expiryRequired, abort: true })
    .superRefine((value, ctx) => {
      if (!parseExpiry(value)) ctx.addIssue({ code: 'custom', message: d.expiryInvalid });
      else if (isExpiryPast(value)) ctx.addIssue({ code: 'custom', message: d.expiryPast });
    }),
  cvc: z
    .string({ error: d.cvcRequired })
    .trim()
    .min(1, { error: d.cvcRequired, abort: true })
    .refine(isValidCvc, { error: d.cvcInvalid }),
  nit: optionalNit,
  acceptTerms: z.boolean().refine((accepted) => accepted, { error: v.termsRequired }),
});
export type DonateDetailsInput = z.input<typeof donateDetailsSchema>;
/** Step 2 when a payment provider takes the card on its own page: no card fields at all. */
export const donateDetailsCheckoutSchema = donateDetailsSchema.omit({ cardNumber: true, expiryDate: true, cvc: true });
export type DonateDetails = z.output<typeof donateDetailsSchema>;

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * `POST /api/v1/donate`: what the browser sends. Strict, so that a client bug adding the card
 * number or the CVC is refused (400) instead of stored.
 */
export const publicDonationSchema = z.strictObject(
  {
    donorName: donorNameField,
    email: emailField,
    phone: z.preprocess(emptyToUndefined, optionalPhone.optional().nullable()),
    nit: z.preprocess(emptyToUndefined, optionalNit.transform((n) => n.toUpperCase()).optional().nullable()),
    amount: z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? d.amountEmpty : d.amountRequired) })
      .finite({ error: d.amountRequired })
      .positive({ error: d.amountRequired })
      // Past any maximum the settings allow; below this, the settings' own maximum is named (amount-bounds.ts).
      .max(100_000_000, { error: d.amountInput.tooLarge })
      .refine(hasAtMostTwoDecimals, { error: d.amountDecimals }),
    // Only the simulated provider takes the card's last 4 and brand from the browser; with a real
    // provider the card is typed on its page and nothing of it reaches the server (docs/product.md#payments).
    cardLast4: z.string({ error: d.cardLast4Invalid }).regex(/^\d{4}$/, { error: d.cardLast4Invalid }).optional(),
    cardBrand: z.enum(CARD_BRANDS, { error: d.cardBrandInvalid }).optional(),
    /** `bank_deposit`: the donor deposits or transfers and sends the slip (docs/product.md#bank-deposits). */
    paymentMethod: z.enum(PAYMENT_METHODS, { error: d.paymentMethodInvalid }).default('card'),
    currency: z.enum(PAYMENT_CURRENCIES, { error: d.currencyInvalid }).default('GTQ'),
    /** The donor adds the processing fee, so that the charity receives the whole amount. */
    coverFees: z.boolean({ error: d.coverFeesInvalid }).default(false),
    /**
     * The donor gives anonymously: the public lists show "Anónimo" and nothing else of the donor;
     * staff and the donor's own account still see the name (docs/product.md#donor-privacy).
     */
    anonymous: z.boolean({ error: d.anonymousInvalid }).default(false),
    /**
     * The programme the gift goes to, when the settings offer the choice; null or absent is "Donde más
     * se necesite" (docs/product.md#designation). A monthly gift carries it to every charge.
     */
    programId: z
      .number({ error: d.programInvalid })
      .int({ error: d.programInvalid })
      .positive({ error: d.programInvalid })
      .max(2_147_483_647, { error: d.programInvalid })
      .nullable()
      .optional(),
    /** `monthly` starts a monthly gift (docs/product.md#monthly-giving). */
    ...monthlyDonateFields,
    acceptTerms: z.literal(true, { error: v.termsRequired }),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? d.unknownFields(issue.keys) : undefined),
  },
);
export type PublicDonationInput = z.input<typeof publicDonationSchema>;
export type PublicDonation = z.output<typeof publicDonationSchema>;

export const publicDonationResponseSchema = z
  .object({
    id: z.number().int(),
    reference_code: z.string(),
    /** What is charged, in `currency` (the gift plus `covered_fee` when the donor covers the fee). */
    amount: z.number(),
    currency: z.enum(PAYMENT_CURRENCIES),
    covered_fee: z.number(),
    status: z.literal('pending'),
    card_last4: z.string().nullable(),
    card_brand: z.enum(CARD_BRANDS).nullable(),
    payment_provider: z.enum(PAYMENT_PROVIDERS),
    /** The provider's checkout page the browser goes to (null with the simulated provider). */
    checkout_url: z.string().nullable(),
    /** The monthly gift this first payment starts (null for a one-time donation). */
    recurring_gift_id: z.number().int().nullable(),
    payment_method: z.enum(PAYMENT_METHODS).optional(),
    /** A bank deposit's signed link token, for sending the slip from the success screen without signing in. */
    deposit_token: z.string().nullable().optional(),
    created_at: z.string(),
  })
  .meta({ id: 'PublicDonation' });
export type PublicDonationResponse = z.infer<typeof publicDonationResponseSchema>;
