// The ledger's completion step (docs/product.md#the-donation-ledger): what follows a donation's
// transition, in the transition's own transaction, whichever path made it. What it writes (the
// receipt, the DONOR role, the monthly gift's bookkeeping, the donor's email in the outbox) commits
// with the new status or not at all, and the outbox job sends the email only after the commit
// (docs/product.md#email).
import { formatCents, formatReceiptNumber } from '@donaciones/shared/format';
import type { Db } from '../../db/client';
import { depositReviewMessages, transferReviewMessages } from '../../messages/deposit-review';
import { emailMessages } from '../../messages/email';
import { paymentMessages } from '../../messages/payments';
import { audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/email-outbox';
import { getSettings } from '../../platform/settings';
import { giftEmailsWithheld } from '../accounts/gift-emails';
import { isBankPayment } from '../deposits/bank-payments';
import { issueReceipt, receiptSeriesOf, takeReceiptEmail } from '../receipts/receipts';
import { type LinkContext, returnUrl } from './links';
import { giftStarted, monthlyChargeCompleted, monthlyChargeFailed } from './monthly-charges';
import { linkCompletedDonation } from './donor-role';
import type { DonationRow, TransitionAction } from './types';

/** Which of the provider's paths settled a payment: its webhook, the return page's call, or the job. */
export type SettleSource = 'webhook' | 'status' | 'reconcile';

export interface CompletionInput {
  action: TransitionAction;
  /** Set when the provider's answer made the transition (pay, decline, expire). */
  source?: SettleSource;
  /** The public URL and link signer, for emails that link to the web (monthly and failed payments). */
  links?: LinkContext;
}

const amountOf = (row: Pick<DonationRow, 'amountCents' | 'currency'>) => formatCents(row.amountCents, row.currency);
/**
 * The review emails' texts and templates: a payment verified against the bank speaks of the deposit, or of the
 * transfer the office entered (docs/product.md#bank-deposits); every other gift, a gateway's transfer too, keeps the general ones.
 */
function reviewEmailOf(row: DonationRow) {
  if (!isBankPayment(row)) return { texts: emailMessages.admin, approved: 'donation-approved', rejected: 'donation-rejected' };
  if (row.paymentMethod === 'bank_transfer') return { texts: transferReviewMessages, approved: 'transfer-approved', rejected: 'transfer-rejected' };
  return { texts: depositReviewMessages, approved: 'deposit-approved', rejected: 'deposit-rejected' };
}

/** Staff may enter a gift without the donor's email (docs/product.md#staff-gift-entry). */
export const hasEmail = (row: Pick<DonationRow, 'donorEmail'>) => row.donorEmail.trim() !== '';

function needLinks(input: CompletionInput): LinkContext {
  if (!input.links) throw new Error(`the ${input.action} of a donation that needs the emails' links was made without them`);
  return input.links;
}

/** Runs inside the transition's transaction, after the new status is written. Returns the donation as completed. */
export async function completeTransition(tx: Db, donation: DonationRow, input: CompletionInput): Promise<DonationRow> {
  if (input.source) {
    await audit(tx, { actor: null, action: 'donation.payment_settled', entityType: 'donation', entityId: donation.id, details: { source: input.source, to: donation.status } });
  }
  if (donation.status === 'completed') {
    await linkCompletedDonation(tx, donation);
    // The fiscal receipt is issued here, once, for every path that completes a donation
    // (docs/product.md#receipts): its number is taken in this transaction and kept on the donation.
    const receipt = await issueReceipt(tx, donation.id);
    const completed = { ...donation, receiptNumber: receipt.number };
    // A monthly gift's charge: the gift moves on and the monthly email carries its link.
    if (completed.recurringGiftId != null) await monthlyChargeCompleted(tx, needLinks(input), completed);
    // A gift the office entered without an email: its receipt is handed over printed.
    else if (!hasEmail(completed)) return completed;
    else if (input.action === 'approve') await queueApprovalEmail(tx, completed);
    else await queueThanks(tx, completed);
    return completed;
  }
  if (donation.status !== 'failed') return donation;
  if (input.action === 'reject') {
    if (hasEmail(donation)) await queueRejectionEmail(tx, donation);
  } else if (input.action === 'process') {
    // The demo's declined card: staff see it; a monthly gift is past due at once.
    await monthlyChargeFailed(tx, donation, { pastDueNow: true });
  } else if (input.action === 'decline') {
    // A renewal's failure is told by the past-due email that follows; a first payment's at once.
    const renewal = await giftStarted(tx, donation);
    await monthlyChargeFailed(tx, donation, { pastDueNow: false });
    if (!renewal) await queuePaymentFailed(tx, donation, needLinks(input));
  }
  return donation;
}

/**
 * The thank-you of a gift the donor saw go through: withheld, with the receipt's own email, from an account
 * that asked for no confirmations by email (decision 0081); the receipt stays in its Recibos.
 */
async function queueThanks(tx: Db, donation: DonationRow): Promise<void> {
  const m = emailMessages.donations;
  const receipt = await takeReceiptEmail(tx, donation.id);
  if (await giftEmailsWithheld(tx, donation.donorEmail)) return;
  await enqueueEmail(tx, {
    to: donation.donorEmail,
    subject: m.completedSubject,
    text: m.completedBody(donation.donorName, amountOf(donation), donation.referenceCode, donation.receiptNumber, await receiptSeriesOf(tx, donation.id), receipt.word) + receipt.note,
    template: 'donation-completed',
    attachments: receipt.attachments,
  });
}

async function queuePaymentFailed(tx: Db, donation: DonationRow, links: LinkContext): Promise<void> {
  await enqueueEmail(tx, {
    to: donation.donorEmail,
    subject: paymentMessages.failedSubject(donation.referenceCode),
    text: paymentMessages.failedText(
      donation.donorName,
      amountOf(donation),
      donation.referenceCode,
      donation.failureReason ?? paymentMessages.declined,
      returnUrl(links.publicUrl, donation.referenceCode),
    ),
    template: 'donation-payment-failed',
  });
}

async function queueApprovalEmail(tx: Db, donation: DonationRow): Promise<void> {
  const org = await getSettings(tx, 'organization');
  const { texts, approved } = reviewEmailOf(donation);
  const receipt = await takeReceiptEmail(tx, donation.id);
  await enqueueEmail(tx, {
    to: donation.donorEmail,
    subject: texts.approvedSubject(donation.referenceCode),
    text:
      texts.approvedText(
        donation.donorName,
        amountOf(donation),
        donation.referenceCode,
        donation.receiptNumber != null ? formatReceiptNumber(donation.receiptNumber, await receiptSeriesOf(tx, donation.id)) : '—',
        org.name,
        org.phone,
        receipt.word,
      ) + receipt.note,
    template: approved,
    attachments: receipt.attachments,
  });
}

/** The reason staff gave is the stored failure reason; the donor gets it with the contact address. */
async function queueRejectionEmail(tx: Db, donation: DonationRow): Promise<void> {
  const system = await getSettings(tx, 'system');
  const { texts, rejected } = reviewEmailOf(donation);
  await enqueueEmail(tx, {
    to: donation.donorEmail,
    subject: texts.rejectedSubject(donation.referenceCode),
    text: texts.rejectedText(donation.donorName, amountOf(donation), donation.referenceCode, donation.failureReason ?? '', system.contact_email),
    template: rejected,
  });
}
