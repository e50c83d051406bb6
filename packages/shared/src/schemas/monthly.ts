// Monthly giving (docs/product.md#monthly-giving): the donor's monthly gifts as the member area and the
// no-login page (/donacion-mensual?token=...) see them, and the bodies of cancel, change of amount and
// card update. Money is integer cents in these answers; `amount` in a request is in the currency's
// units with at most two decimals, like the public checkout.
import { z } from 'zod';
import { donateMessages } from '../messages/donate';
import { MONTHLY_AMOUNT_REQUIRED, monthlyMessages, PAUSE_MONTHS_INVALID } from '../messages/monthly';
import { hasAtMostTwoDecimals } from './fields';
import { PAYMENT_CURRENCIES } from './payments';

export const DONATION_FREQUENCIES = ['once', 'monthly'] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

export const MONTHLY_GIFT_STATUSES = ['incomplete', 'active', 'past_due', 'paused', 'cancelled'] as const;
export type MonthlyGiftStatus = (typeof MONTHLY_GIFT_STATUSES)[number];

export const MONTHLY_CANCELLED_BY = ['donor', 'staff', 'provider'] as const;
export type MonthlyCancelledBy = (typeof MONTHLY_CANCELLED_BY)[number];

/** The `code` of the 409 answer to a second active monthly gift of the same email and amount. */
export const DUPLICATE_MONTHLY_GIFT = 'DUPLICATE_MONTHLY_GIFT';

export const CANCEL_REASON_MAX_LENGTH = 500;

/**
 * The fields `POST /api/v1/donate` gains (spread into its body schema): `monthly` starts a monthly
 * gift; `allowDuplicateMonthly` confirms a second one of the same amount for the same email.
 */
export const monthlyDonateFields = {
  frequency: z.enum(DONATION_FREQUENCIES, { error: monthlyMessages.frequencyInvalid }).default('once'),
  allowDuplicateMonthly: z.boolean({ error: monthlyMessages.allowDuplicateInvalid }).default(false),
};

/** One monthly gift. `chargesCount` and `totalGivenCents` count its completed donations. */
export const monthlyGiftSchema = z
  .object({
    id: z.number().int(),
    amountCents: z.number().int(),
    currency: z.enum(PAYMENT_CURRENCIES),
    status: z.enum(MONTHLY_GIFT_STATUSES),
    /** When the first payment succeeded (null while `incomplete`). */
    startedAt: z.string().nullable(),
    /** The next expected charge (null once cancelled or while unknown). */
    nextChargeAt: z.string().nullable(),
    chargesCount: z.number().int(),
    totalGivenCents: z.number().int(),
    cancelledAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
    /** A change of amount asked for, charged from `pendingFrom` (the next charge date when it was asked). */
    pendingAmountCents: z.number().int().nullable(),
    pendingFrom: z.string().nullable(),
    /** A pause the donor asked for: no charge until this date, when the schedule resumes by itself. */
    pausedUntil: z.string().nullable(),
    /** A paused gift resumed now ("Reanudar ahora"): the date of its next charge; null when not paused or not before `pausedUntil`. */
    resumeChargeAt: z.string().nullable(),
    /** The programme every charge goes to (decision 0044); null is "Donde más se necesite". */
    programName: z.string().nullable(),
    /** The child this gift sponsors while the sponsorship is held or active (the first name, a public field); else null. */
    sponsoredChildFirstName: z.string().nullable().default(null),
  })
  .meta({ id: 'MonthlyGift' });
export type MonthlyGift = z.infer<typeof monthlyGiftSchema>;

/** `GET /api/v1/member/monthly-gifts`: the signed-in account's monthly gifts, newest first. */
export const memberMonthlyGiftsSchema = z.array(monthlyGiftSchema);

/** `GET /api/v1/monthly-gifts/manage?token=`: the one gift the signed link opens. */
export const managedMonthlyGiftSchema = monthlyGiftSchema.extend({ donorName: z.string() }).meta({ id: 'ManagedMonthlyGift' });
export type ManagedMonthlyGift = z.infer<typeof managedMonthlyGiftSchema>;

const cancelReason = z.string().trim().max(CANCEL_REASON_MAX_LENGTH, { error: monthlyMessages.reasonMax }).optional();
const linkToken = z.string({ error: monthlyMessages.tokenRequired }).min(1, { error: monthlyMessages.tokenRequired }).max(2000, { error: monthlyMessages.tokenRequired });

/** `POST /api/v1/member/monthly-gifts/:id/cancel`. */
export const cancelMonthlyGiftSchema = z.object({ reason: cancelReason });
export type CancelMonthlyGiftInput = z.input<typeof cancelMonthlyGiftSchema>;

/**
 * `POST /api/v1/member/monthly-gifts/:id/change-amount`: the new monthly amount, in the gift's currency.
 * Missing (or not a number) reads as the dialog's empty field; zero or below, "mayor a cero"; past any
 * maximum the settings allow, "demasiado grande" (the settings' own maximum is named by the domain).
 */
export const changeMonthlyAmountSchema = z.object({
  amount: z
    .number({ error: MONTHLY_AMOUNT_REQUIRED })
    .finite({ error: donateMessages.amountRequired })
    .positive({ error: donateMessages.amountRequired })
    // Past any maximum the settings allow; below this, the settings' own maximum is named (amount-bounds.ts).
    .max(100_000_000, { error: donateMessages.amountInput.tooLarge })
    .refine(hasAtMostTwoDecimals, { error: donateMessages.amountDecimals }),
});
export type ChangeMonthlyAmountInput = z.input<typeof changeMonthlyAmountSchema>;

/** How many monthly charges a donor may skip at once. */
export const PAUSE_MONTHS = [1, 2, 3] as const;
const pauseMonths = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: PAUSE_MONTHS_INVALID });

/** `POST /api/v1/member/monthly-gifts/:id/pause`: skip the next 1, 2 or 3 charges. */
export const pauseMonthlyGiftSchema = z.object({ months: pauseMonths });
export type PauseMonthlyGiftInput = z.input<typeof pauseMonthlyGiftSchema>;

/** `GET /api/v1/monthly-gifts/manage?token=`. */
export const manageMonthlyQuerySchema = z.object({ token: linkToken });
/** `POST /api/v1/monthly-gifts/manage/cancel`. */
export const manageCancelMonthlySchema = z.object({ token: linkToken, reason: cancelReason });
/** `POST /api/v1/monthly-gifts/manage/update-card`. */
export const manageUpdateCardSchema = z.object({ token: linkToken });
/** `POST /api/v1/monthly-gifts/manage/change-amount`. */
export const manageChangeAmountSchema = changeMonthlyAmountSchema.extend({ token: linkToken });
/** `POST /api/v1/monthly-gifts/manage/pause`. */
export const managePauseSchema = pauseMonthlyGiftSchema.extend({ token: linkToken });
/** `POST /api/v1/monthly-gifts/manage/resume`. */
export const manageResumeSchema = z.object({ token: linkToken });

/**
 * The answer of change-amount, pause, resume and update-card (signed in or by the emails' link): the
 * provider's checkout page to go to, or null when nothing is to be confirmed there (the simulated
 * provider of the offline demo holds a change of amount or a pause itself). `giftId` is the gift the
 * checkout is for (a new one that replaces the current one, decision 0038).
 */
export const monthlyCheckoutSchema = z
  .object({ checkoutUrl: z.string().nullable(), giftId: z.number().int() })
  .meta({ id: 'MonthlyCheckout' });
export type MonthlyCheckout = z.infer<typeof monthlyCheckoutSchema>;
