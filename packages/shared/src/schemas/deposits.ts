// Bank deposits (docs/product.md#bank-deposits, decision 0023): the organisation's bank accounts
// (admin settings, public on the deposit instructions), the declared data sent with a deposit slip,
// and what the donor sees of the slips of a donation. The file itself travels as the raw request
// body; its declared data as query parameters, checked here.
import { z } from 'zod';
import { guatemalaDay } from '../format';
import { parseAmountInput } from '../amount-input';
import { depositMessages } from '../messages/deposits';
import { donateMessages } from '../messages/donate';
import { RECORDED_DAY_MIN } from './fields';
import { PAYMENT_CURRENCIES } from './payments';

const m = depositMessages;

export const BANK_ACCOUNT_TYPES = ['monetaria', 'ahorro'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const MAX_BANK_ACCOUNTS = 10;
/** Slips one donation may carry (a wrong photo sent again, the second page of a transfer). */
export const MAX_SLIPS_PER_DONATION = 5;

export const bankAccountSchema = z.object({
  /** A short id chosen when the account is added, so an edit or a reorder keeps it. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  bank: z.string({ error: m.settings.bankRequired }).trim().min(1, { error: m.settings.bankRequired }).max(60),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  number: z
    .string({ error: m.settings.numberInvalid })
    .trim()
    .regex(/^[0-9][0-9 -]{2,28}[0-9]$/, { error: m.settings.numberInvalid }),
  holder: z.string({ error: m.settings.holderRequired }).trim().min(1, { error: m.settings.holderRequired }).max(120),
  hidden: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(1000),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** The settings entry `bankAccounts`. */
export const bankAccountsSettingsSchema = z
  .object({
    accounts: z
      .array(bankAccountSchema)
      .max(MAX_BANK_ACCOUNTS, { error: m.settings.tooMany })
      .refine((list) => new Set(list.map((a) => a.id)).size === list.length, { error: 'Cada cuenta necesita su propio id' }),
  })
  .meta({ id: 'BankAccountsSettings' });
export type BankAccountsSettings = z.infer<typeof bankAccountsSettingsSchema>;
export type BankAccountsSettingsInput = z.input<typeof bankAccountsSettingsSchema>;

/** No account until staff add one: without a visible account the deposit method is not offered. */
export const DEFAULT_BANK_ACCOUNTS: BankAccountsSettings = { accounts: [] };

/**
 * The settings entry `slipStorage` (docs/product.md#bank-deposits): the megabytes the slips of one
 * donation, and all slips together, may take, and the days after which the slips of a donation that
 * ended without money (expired, failed, cancelled) are deleted.
 */
export const slipStorageSettingsSchema = z
  .object({
    per_donation_mb: z.number({ error: m.storage.perDonationRange }).int({ error: m.storage.perDonationRange }).min(5, { error: m.storage.perDonationRange }).max(500, { error: m.storage.perDonationRange }),
    total_mb: z.number({ error: m.storage.totalRange }).int({ error: m.storage.totalRange }).min(10, { error: m.storage.totalRange }).max(1_000_000, { error: m.storage.totalRange }),
    retention_days: z.number({ error: m.storage.retentionRange }).int({ error: m.storage.retentionRange }).min(7, { error: m.storage.retentionRange }).max(3650, { error: m.storage.retentionRange }),
  })
  .refine((s) => s.per_donation_mb <= s.total_mb, { path: ['per_donation_mb'], error: m.storage.perDonationAboveTotal })
  .meta({ id: 'SlipStorageSettings' });
export type SlipStorageSettings = z.infer<typeof slipStorageSettingsSchema>;

export const DEFAULT_SLIP_STORAGE: SlipStorageSettings = { per_donation_mb: 25, total_mb: 2048, retention_days: 90 };
/** The share of the total quota from which staff are warned. */
export const SLIP_STORAGE_WARNING_PERCENT = 80;

/** GET /admin/settings/slip-storage: the settings with what the slips take now. */
export const slipStorageAnswerSchema = z
  .object({
    settings: slipStorageSettingsSchema,
    used_bytes: z.number().int(),
    quota_bytes: z.number().int(),
    used_percent: z.number(),
    warning: z.boolean(),
  })
  .meta({ id: 'SlipStorage' });
export type SlipStorageAnswer = z.infer<typeof slipStorageAnswerSchema>;

/** What the public site shows of a visible account, in the staff's order. */
export const publicBankAccountSchema = z.object({
  id: z.string(),
  bank: z.string(),
  account_type: z.enum(BANK_ACCOUNT_TYPES),
  number: z.string(),
  holder: z.string(),
});
export type PublicBankAccount = z.infer<typeof publicBankAccountSchema>;

export function publicBankAccounts(settings: BankAccountsSettings): PublicBankAccount[] {
  return settings.accounts
    .filter((a) => !a.hidden)
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((a) => ({ id: a.id, bank: a.bank, account_type: a.accountType, number: a.number, holder: a.holder }));
}

/** `YYYY-MM-DD` that is a real calendar day. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The earliest deposit date taken (the date field's `min`); its message names it as the field shows it, 01/01/2000. */
export const DEPOSIT_DATE_MIN = RECORDED_DAY_MIN;

/** The longest slip number kept, its spaces taken out. */
export const SLIP_NUMBER_MAX_LENGTH = 40;

/** The declared data of a slip, as the browser's form holds it (amount as typed). */
export const slipFormSchema = z.object({
  bank: z.string().trim().min(1, { error: m.errors.bankRequired }).max(60, { error: m.errors.bankMax }),
  depositDate: z
    .string()
    .trim()
    .min(1, { error: m.errors.depositDateRequired, abort: true })
    .refine(isCalendarDate, { error: m.errors.depositDateInvalid, abort: true })
    .refine((day) => day >= DEPOSIT_DATE_MIN, { error: m.errors.depositDateTooEarly, abort: true })
    // Not after today in Guatemala (a day of margin for a phone whose clock or zone runs ahead).
    .refine((day) => day <= guatemalaDay(new Date(Date.now() + 86_400_000)), { error: m.errors.depositDateFuture }),
  slipNumber: z
    .string()
    .trim()
    .min(1, { error: m.errors.slipNumberRequired, abort: true })
    // Banks print and people copy a slip's number in groups (`123 456 789`): kept without the spaces,
    // as the statement's line prints it, so matching compares the same characters.
    .transform((typed) => typed.replace(/\s+/g, ''))
    .superRefine((slip, ctx) => {
      const refused = [...new Set(slip.match(/[^A-Za-z0-9-]/gu) ?? [])];
      if (refused.length > 0) ctx.addIssue({ code: 'custom', message: m.errors.slipNumberCharacters(refused) });
      else if (slip.length > SLIP_NUMBER_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: m.errors.slipNumberTooLong });
    }),
  amount: z
    .string()
    .trim()
    .min(1, { error: m.errors.amountRequired, abort: true })
    // Read as every typed amount is (decision 0074): `1,500.50` is taken, `1,50` refused with the words /donate says.
    .superRefine((text, ctx) => {
      const typed = parseAmountInput(text);
      if (!typed.ok) ctx.addIssue({ code: 'custom', message: donateMessages.amountRefused(typed.problem, donateMessages.amountInput.malformed) });
      else if (typed.cents <= 0 || typed.cents >= 100_000_000_000) ctx.addIssue({ code: 'custom', message: m.errors.amountInvalid });
    }),
});
export type SlipForm = z.infer<typeof slipFormSchema>;

/**
 * `POST /api/v1/donations/{id}/slip`: the declared data in the query (the body is the file), and
 * `token` for the signed link of the email (no sign-in).
 */
export const slipUploadQuerySchema = slipFormSchema.extend({
  fileName: z.string().trim().max(200).optional(),
  token: z.string().max(2000).optional(),
});
export type SlipUploadQuery = z.infer<typeof slipUploadQuerySchema>;

export const depositSlipSchema = z
  .object({
    id: z.number().int(),
    file_name: z.string(),
    content_type: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
    size_bytes: z.number().int(),
    has_preview: z.boolean(),
    bank: z.string().nullable(),
    deposit_date: z.string().nullable(),
    slip_number: z.string().nullable(),
    declared_amount_cents: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'DepositSlip' });
export type DepositSlip = z.infer<typeof depositSlipSchema>;

/** A bank-deposit donation as its donor sees it: the instructions again, its status and its slips. */
export const depositStatusSchema = z
  .object({
    donation: z.object({
      id: z.number().int(),
      reference_code: z.string(),
      donor_name: z.string(),
      amount_cents: z.number().int(),
      currency: z.enum(PAYMENT_CURRENCIES),
      status: z.string(),
      created_at: z.string(),
    }),
    /** True while the donation is pending: staff have not decided it yet, a slip may still be sent. */
    accepts_slips: z.boolean(),
    slips: z.array(depositSlipSchema),
    accounts: z.array(publicBankAccountSchema),
  })
  .meta({ id: 'DepositStatus' });
export type DepositStatus = z.infer<typeof depositStatusSchema>;

/** `GET /api/v1/deposit?token=`. */
export const depositTokenQuerySchema = z.object({ token: z.string({ error: m.errors.tokenRequired }).min(1, { error: m.errors.tokenRequired }).max(2000) });

/** Cents of a typed amount already checked by slipFormSchema. */
export function declaredCents(amount: string): number {
  const typed = parseAmountInput(amount);
  return typed.ok ? typed.cents : NaN;
}
