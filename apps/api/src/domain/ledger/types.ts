// The ledger's row types and the words of its transitions, shared by its files and its callers.
import type { donations } from '../../db/schema';

export type DonationRow = typeof donations.$inferSelect;
export type NewDonation = Omit<typeof donations.$inferInsert, 'id' | 'referenceCode' | 'status' | 'receiptNumber'>;

/** `pay` and `decline` are the payment provider's outcomes of a checkout (docs/product.md#payments). */
export type TransitionAction = 'process' | 'cancel' | 'approve' | 'reject' | 'expire' | 'pay' | 'decline';

/** What the provider reported about the payment; stored with the outcome in the same update. */
export interface PaymentDetails {
  paymentId?: string | null;
  paymentMethod?: string | null;
  cardLast4?: string | null;
  cardNetwork?: string | null;
  feeCents?: number | null;
  vatWithheldCents?: number | null;
  failureReason?: string | null;
}

/** A charge on staff's Procesar: paid (with the provider's reference, none for goods) or declined with its reason. */
export type ChargeResult = { ok: true; providerReference: string | null } | { ok: false; failureReason: string };
