// Bodies and answers of the ledger's corrections (docs/product.md#the-donation-ledger).
import { z } from 'zod';
import { correctionsMessages as m } from '../messages/corrections';
import { typedAmount } from './typed-amount';

/** The reason is kept in the history and emailed to the donor: a word or two at least ("Duplicada"), never "ab". */
export const CORRECTION_REASON_MIN = 5;

const reason = z
  .string({ error: m.reasonRequired })
  .trim()
  .min(1, { error: m.reasonRequired, abort: true })
  .min(CORRECTION_REASON_MIN, { error: m.reasonShort })
  .max(500, { error: m.reasonMax });

/** Anular (void) a completed gift not paid by card; Reabrir (reopen) a rejected deposit. */
export const correctionReasonSchema = z.object({ reason }, { error: m.reasonRequired });
export type CorrectionReason = z.infer<typeof correctionReasonSchema>;

/** A pending deposit's amount set to what arrived at the bank (quetzales, two decimals at most). */
export const adjustDepositAmountSchema = z.object(
  {
    /** A number, or the text as typed (`600.50`, `Q1,250`) read as the dialog reads it (decision 0074). */
    amount: typedAmount(
      z
        .number({ error: m.amountRequired })
        .positive({ error: m.amountPositive })
        .max(100_000_000, { error: m.amountRequired })
        .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: m.amountRequired }),
      m.amountRequired,
    ),
    reason,
  },
  { error: m.amountRequired },
);
export type AdjustDepositAmount = z.infer<typeof adjustDepositAmountSchema>;

export const donationCorrectionSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['void', 'amount_adjusted', 'reopen']),
    reason: z.string(),
    from_status: z.string(),
    to_status: z.string(),
    from_amount: z.number(),
    to_amount: z.number(),
    currency: z.string(),
    actor_email: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'DonationCorrection' });
export type DonationCorrection = z.infer<typeof donationCorrectionSchema>;
