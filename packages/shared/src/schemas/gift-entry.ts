// Staff gift entry (docs/product.md#staff-gift-entry): POST /admin/gifts, its form and its answer.
// What needs the settings or the database (the amount's bounds, CF below Q2,500 at the dollar rate, a
// closed month, the donor and the programme) is checked by the API and shown next to its field.
import { z } from 'zod';
import { GIFT_METHODS, giftEntryMessages as g } from '../messages/gift-entry';
import { validationMessages as v } from '../messages/validation';
import { taxIdMessages } from '../messages/tax-id';
import { TAX_ID_TYPED_MAX_LENGTH, parseTaxIdFormat } from '../tax-id';
import { isValidPhone } from './donate';
import { RECORDED_DAY_MIN, ROW_ID_MAX, emailField, hasAtMostTwoDecimals, isPlainName, recordedDay } from './fields';
import { PAYMENT_CURRENCIES } from './payments';
import { typedAmount, withAmountCurrency } from './typed-amount';

export { GIFT_METHODS, type GiftMethod } from '../messages/gift-entry';

/** The earliest day received taken (the date field's `min`): 01/01/2000. */
export const RECEIVED_ON_MIN = RECORDED_DAY_MIN;

/** A free text of at most `max` characters; blank reads as absent (null). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: g.textTooLong(max) })
    .nullish()
    .transform((s) => (s ? s : null));

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** What each method needs, on its own field. */
const METHOD_FIELDS = {
  cheque: [
    ['chequeNumber', g.chequeNumberRequired],
    ['chequeBank', g.chequeBankRequired],
  ],
  transfer: [['reference', g.referenceRequired]],
  deposit: [['reference', g.referenceRequired]],
  in_kind: [
    ['inKindDescription', g.inKindDescriptionRequired],
    ['valuationBasis', g.valuationBasisRequired],
  ],
  cash: [],
} as const;

const staffGiftFields = z
  .object({
    /** A donor record from Donantes; null: a new donor, by the name (and email, phone) below. */
    donorId: z.preprocess(blankToNull, z.number().int().positive().max(ROW_ID_MAX, { error: g.donorNotFound }).nullish()).transform((n) => n ?? null),
    donorName: text(100).refine((n) => n == null || isPlainName(n), { error: v.personNameCharacters }),
    donorEmail: z.preprocess(blankToNull, emailField.nullish()).transform((e) => e ?? null),
    donorPhone: text(30).refine((p) => p == null || isValidPhone(p), { error: v.phoneInvalid }),
    nit: z
      .string()
      .trim()
      .max(TAX_ID_TYPED_MAX_LENGTH, { error: taxIdMessages.tooLong, abort: true })
      .refine((n) => parseTaxIdFormat(n).ok, { error: (issue) => (parseTaxIdFormat(String(issue.input)) as { message?: string }).message ?? taxIdMessages.nitFormat })
      .nullish()
      .transform((n) => (n ? n.toUpperCase() : null)),
    /**
     * The Guatemala day the money or goods arrived: from RECORDED_DAY_MIN (a year mistyped, 0202 or
     * 1026, would date the gift centuries back) up to today.
     */
    receivedOn: z
      .string({ error: g.receivedOnRequired })
      .min(1, { error: g.receivedOnRequired, abort: true })
      .pipe(recordedDay({ invalid: g.receivedOnRequired, tooEarly: g.receivedOnTooEarly, future: g.receivedOnFuture })),
    method: z.enum(GIFT_METHODS, { error: g.methodRequired }),
    chequeNumber: text(40),
    chequeBank: text(80),
    reference: text(80),
    inKindDescription: text(500),
    valuationBasis: text(200),
    /** A number, or the text as typed (`1,250.50`, `US$100` in dollars) read as the form reads it (decision 0074). */
    amount: typedAmount(
      z
        .number({ error: g.amountRequired })
        .finite({ error: v.amountPositive })
        .positive({ error: v.amountPositive })
        .max(100_000_000, { error: v.amountPositive })
        .refine(hasAtMostTwoDecimals, { error: v.amountDecimals }),
      g.amountRequired,
    ),
    currency: z.enum(PAYMENT_CURRENCIES, { error: v.currencyInvalid }).default('GTQ'),
    /** The programme it goes to; null: "Donde más se necesite". */
    programId: z.preprocess(blankToNull, z.coerce.number().int().positive().max(ROW_ID_MAX, { error: v.idInvalid }).nullish()).transform((n) => n ?? null),
    note: text(1000),
    /** Record it as received: it completes with its receipt (permission gifts.complete). */
    completed: z.boolean().default(false),
  });

type GiftValue = Partial<Record<string, unknown>>;
const blank = (value: unknown) => value == null || String(value).trim() === '';
/**
 * Each requirement is checked even while another field is wrong, so every field shows its message at
 * once; never on a body that is not an object at all (null, a list), which the base schema refuses.
 */
const always = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The method's details and the new donor's name, each required on its own field. */
const staffGiftChecks = Object.entries(METHOD_FIELDS)
  .flatMap(([method, fields]) => fields.map(([field, message]) => ({ method, field, message })))
  .reduce(
    (schema, { method, field, message }) =>
      schema.refine((gift) => (gift as GiftValue).method !== method || !blank((gift as GiftValue)[field]), { path: [field], error: message, when: always }),
    staffGiftFields.refine((gift) => (gift as GiftValue).donorId != null || !blank((gift as GiftValue).donorName), {
      path: ['donorName'],
      error: g.donorNameRequired,
      when: always,
    }),
  );
/** Typed text in `amount` is read with the symbol of the body's `currency`. */
export type StaffGiftInput = z.input<typeof staffGiftFields>;
export const staffGiftSchema = z.preprocess<unknown, typeof staffGiftChecks, StaffGiftInput>(withAmountCurrency, staffGiftChecks);
export type StaffGift = z.output<typeof staffGiftSchema>;

/** The answer: the gift as recorded (pending, or completed with its receipt). */
export const enteredGiftSchema = z.object({
  id: z.number().int(),
  reference_code: z.string(),
  status: z.enum(['pending', 'completed']),
  donor_id: z.number().int().nullable(),
  receipt_number: z.number().int().nullable(),
  receipt_series: z.string().nullable(),
});
export type EnteredGift = z.infer<typeof enteredGiftSchema>;

/** What the form needs: the settings' bounds (quetzales), the dollar rate and the programmes a gift may go to. */
export const giftEntryOptionsSchema = z.object({
  min_amount: z.number(),
  max_amount: z.number(),
  usd_exchange_rate: z.number(),
  programs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  may_complete: z.boolean(),
  /** The latest month closed in Contabilidad ('YYYY-MM'), or null: a gift received up to its end is dated today. */
  closed_through: z.string().nullable(),
});
export type GiftEntryOptions = z.infer<typeof giftEntryOptionsSchema>;

/** The donor picker: names and a masked email only (a VOLUNTEER enters gifts without donors.read). */
export const donorChoicesQuerySchema = z.object({
  q: z.string({ error: g.donorSearchHint }).trim().min(2, { error: g.donorSearchHint }).max(200, { error: g.textTooLong(200) }),
});
export const donorChoicesSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), hint: z.string() })),
});
export type DonorChoices = z.infer<typeof donorChoicesSchema>;
