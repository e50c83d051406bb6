// The email outbox (docs/product.md#email): call enqueueEmail inside the transaction of the change that
// causes the email, so the email exists if and only if the change was committed.
import type { Db } from '../db/client';
import { type EmailAttachment, emailOutbox } from '../db/schema';

/**
 * Stands for PUBLIC_URL in a queued body, replaced when the email is sent by the sending process's
 * PUBLIC_URL: emails queued where no request's settings are at hand (the ledger, jobs) still link to
 * the site.
 */
export const PUBLIC_URL_MARK = '{{PUBLIC_URL}}';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A short name of the kind of email, e.g. 'welcome', 'password-reset', 'donation-approved'. */
  template: string;
  /** Documents attached when the email is sent (a receipt's PDF, a yearly statement). */
  attachments?: EmailAttachment[];
}

export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      template: email.template,
      attachments: email.attachments ?? [],
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}
