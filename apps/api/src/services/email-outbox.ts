// The email outbox (docs/product.md#email): call enqueueEmail inside the transaction of the change that
// causes the email, so the email exists if and only if the change was committed.
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A short name of the kind of email, e.g. 'welcome', 'password-reset', 'donation-approved'. */
  template: string;
}

export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: email.to, subject: email.subject, textBody: email.text, htmlBody: email.html ?? null, template: email.template })
    .returning({ id: emailOutbox.id });
  return row.id;
}
