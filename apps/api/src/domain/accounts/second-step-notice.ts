// The email that tells an account's owner their second step changed (docs/product.md#accounts-and-sessions):
// the authenticator app turned on or off, new recovery codes, a passkey added or removed. Queued in the
// change's transaction, to the account's address, with the browser and system, when, the approximate
// place (described as the new-device email describes them) and what to do if it was not them.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { type SecondStepChange, secondStepChangeMessages as m } from '../../messages/two-step-email';
import { enqueueEmail, PUBLIC_URL_MARK } from '../../platform/email-outbox';
import { getSettings } from '../../platform/settings';
import { describeDevice, describePlace, describeWhen } from './device';

/** Where a change was made from: the request's address and its User-Agent. */
export interface ChangeClient {
  ip?: string | null;
  userAgent?: string | null;
}

export async function notifySecondStepChange(tx: Db, input: { userId: number; change: SecondStepChange } & ChangeClient): Promise<void> {
  const [user] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) return;
  const org = await getSettings(tx, 'organization');
  const when = describeWhen();
  await enqueueEmail(tx, {
    to: user.email,
    subject: m.subjects[input.change],
    text: m.text(user.firstName || user.email, m.leads[input.change](org.name), when, describeDevice(input.userAgent), describePlace(input.ip), `${PUBLIC_URL_MARK}/forgot-password`),
    template: 'second-step-changed',
  });
}
