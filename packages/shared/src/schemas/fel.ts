// The electronic certification (FEL) of a donation's receipt as staff see it (docs/product.md#receipts):
// its state, SAT's authorization when certified, the reason when not, and whether it may be retried.
import { z } from 'zod';

export const FEL_STATUSES = ['not_required', 'pending', 'certified', 'rejected', 'failed'] as const;
export type FelStatus = (typeof FEL_STATUSES)[number];

export const adminReceiptFelSchema = z.object({
  status: z.enum(FEL_STATUSES),
  /** SAT's authorization number (UUID), series and number, once certified. */
  uuid: z.string().nullable(),
  series: z.string().nullable(),
  number: z.string().nullable(),
  certified_at: z.string().nullable(),
  /** SAT's or the certifier's reason for a rejection, or the last error of a failed attempt. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  /** SAT's public verification page of the certified document. */
  verification_url: z.string().nullable(),
  /** Staff may send a rejected or failed receipt to certification again (FEL on in this server). */
  can_retry: z.boolean(),
});
export type AdminReceiptFel = z.infer<typeof adminReceiptFelSchema>;

/** A donation without a receipt yet answers null. */
export const adminDonationFelSchema = adminReceiptFelSchema.nullable();
