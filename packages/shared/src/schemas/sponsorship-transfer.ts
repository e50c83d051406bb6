// A sponsorship paid by monthly bank transfer (docs/product.md#sponsorship, decision 0054): how the
// sponsor pays, and the instructions the start answers with (the charity's accounts, the amount, the
// monthly gift's permanent reference and how long the place waits for the first transfer).
import { z } from 'zod';
import { sponsorshipTransferMessages as m } from '../messages/sponsorship-transfer';
import { publicBankAccountSchema } from './deposits';

export const SPONSOR_PAYMENT_METHODS = ['card', 'transfer'] as const;
export type SponsorPaymentMethod = (typeof SPONSOR_PAYMENT_METHODS)[number];
export const sponsorPaymentMethodSchema = z.enum(SPONSOR_PAYMENT_METHODS, { error: m.methodInvalid });

export const sponsorTransferInstructionsSchema = z.object({
  reference: z.string(),
  amount: z.number(),
  heldUntil: z.string(),
  accounts: z.array(publicBankAccountSchema),
});
export type SponsorTransferInstructions = z.infer<typeof sponsorTransferInstructionsSchema>;
