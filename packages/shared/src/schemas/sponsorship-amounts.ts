// Per-programme sponsorship amounts and the birthday gift (docs/product.md#sponsorship, decision 0055):
// the settings' fields (spread into sponsorshipSettingsSchema), the rule that picks a child's monthly
// amount, the sponsor's birthday gift request and the staff's list of gifts to deliver.
import { z } from 'zod';
import { birthdayGiftMessages as bm } from '../messages/birthday-gifts';
import { giftAmountRange, programAmountRange, programRepeated } from '../messages/sponsorship-amounts';
import { publicDonationSchema } from './donate';
import { ROW_ID_MAX } from './fields';

const wholeQuetzales = (message: string) => z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(100_000, { error: message });

export const programAmountSchema = z.object({
  program_id: z.number({ error: programAmountRange }).int({ error: programAmountRange }).positive({ error: programAmountRange }).max(ROW_ID_MAX, { error: programAmountRange }),
  amount: wholeQuetzales(programAmountRange),
});
export type ProgramAmount = z.infer<typeof programAmountSchema>;

/** The fields these settings add to the sponsorship settings. */
export const sponsorshipAmountFields = {
  /** Quetzales a month of sponsoring a child of the programme; a programme not listed uses `monthly_amount`. */
  program_amounts: z
    .array(programAmountSchema)
    .max(200)
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((p, i) => {
        if (seen.has(p.program_id)) ctx.addIssue({ code: 'custom', message: programRepeated, path: [i, 'amount'] });
        seen.add(p.program_id);
      });
    })
    .default([]),
  /** The birthday gift proposed to a sponsor, in whole quetzales. */
  birthday_gift_amount: wholeQuetzales(giftAmountRange).default(100),
};
export const DEFAULT_SPONSORSHIP_AMOUNTS = { program_amounts: [] as ProgramAmount[], birthday_gift_amount: 100 };

/** Quetzales a month of sponsoring a child of `programId`: the programme's amount, else the general one. */
export function sponsorshipAmountFor(settings: { monthly_amount: number; program_amounts?: ProgramAmount[] }, programId: number | null): number {
  return settings.program_amounts?.find((p) => p.program_id === programId)?.amount ?? settings.monthly_amount;
}

/** When a sponsor may send the birthday gift (packages/shared/src/birthday-window.ts), with the suggested amount. */
export const birthdayGiftWindowSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  opensOn: z.string(),
  closesOn: z.string(),
  open: z.boolean(),
  suggestedAmount: z.number(),
  /** The gifts already sent for this birthday (pending or paid). */
  sent: z.number().int(),
});
export type BirthdayGiftWindow = z.infer<typeof birthdayGiftWindowSchema>;

/** The sponsor's birthday gift: a one-time gift by card (the provider's, or the demo's) or by bank deposit. */
export const birthdayGiftInputSchema = z
  .object({
    /** The checkout's amount; missing or not a number asks for it as the form's empty field does. */
    amount: z.number({ error: bm.amountRequired }).pipe(publicDonationSchema.shape.amount),
    paymentMethod: z.enum(['card', 'bank_deposit'], { error: bm.paymentMethodInvalid }).default('card'),
    donorName: publicDonationSchema.shape.donorName,
    email: publicDonationSchema.shape.email,
    cardLast4: publicDonationSchema.shape.cardLast4,
    cardBrand: publicDonationSchema.shape.cardBrand,
  })
  .strict();
export type BirthdayGiftInput = z.input<typeof birthdayGiftInputSchema>;

export const birthdayGiftAnswerSchema = z.object({
  id: z.number().int(),
  referenceCode: z.string(),
  amount: z.number(),
  paymentMethod: z.enum(['card', 'bank_deposit']),
  /** The provider's page to pay on; null with the demo's card or a deposit. */
  checkoutUrl: z.string().nullable(),
  /** A deposit's signed token, to send the slip without signing in (as the checkout's). */
  depositToken: z.string().nullable(),
});
export type BirthdayGiftAnswer = z.infer<typeof birthdayGiftAnswerSchema>;

export const BIRTHDAY_GIFT_STATES = ['to_deliver', 'delivered', 'all'] as const;
export const birthdayGiftsQuerySchema = z.object({
  state: z.enum(BIRTHDAY_GIFT_STATES).default('to_deliver'),
  childId: z.coerce.number().int().positive().max(ROW_ID_MAX).optional(),
});
export type BirthdayGiftsQuery = z.input<typeof birthdayGiftsQuerySchema>;

/** A birthday gift as staff see it (the console only: the child's full name is a staff field). */
export const staffBirthdayGiftSchema = z.object({
  id: z.number().int(),
  donationId: z.number().int(),
  referenceCode: z.string(),
  amount: z.number(),
  currency: z.string(),
  donationStatus: z.string(),
  completedAt: z.string().nullable(),
  childId: z.number().int(),
  childFirstName: z.string(),
  childFullName: z.string(),
  sponsorName: z.string().nullable(),
  birthdayMonth: z.number().int(),
  birthdayYear: z.number().int(),
  deliveredAt: z.string().nullable(),
  deliveredBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffBirthdayGift = z.infer<typeof staffBirthdayGiftSchema>;
export const staffBirthdayGiftsSchema = z.object({ gifts: z.array(staffBirthdayGiftSchema) });
