// transitionDonation's inTransaction hook (domain/ledger/transitions.ts): what it writes commits with the new
// status, or not at all when the transition rolls back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, donations, emailOutbox } from '../../src/db/schema';
import { enqueueEmail } from '../../src/platform/email-outbox';
import { transitionDonation } from '../../src/domain/ledger/transitions';
import { pendingDonation } from '../support/donations';
import { createTestApp, type TestContext } from '../support/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const queueEmail = (tx: Parameters<typeof enqueueEmail>[0], to: string) =>
  enqueueEmail(tx, { to, subject: 'Gracias', text: 'Recibimos tu donación.', template: 'donation-approved' });

async function stateOf(id: number, email: string) {
  const [row] = await ctx.db.select({ status: donations.status, receipt: donations.receiptNumber }).from(donations).where(eq(donations.id, id));
  const mail = await ctx.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  const audited = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'donation'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'donation.approve')));
  return { status: row.status, receipt: row.receipt, emails: mail.length, audits: audited.length };
}

describe('transitionDonation inTransaction hook', () => {
  it('commits what the hook writes together with the new status', async () => {
    const donation = await pendingDonation(ctx.db, { donorEmail: 'hook-ok@correo.gt' });
    let seen: string | undefined;
    await transitionDonation(ctx.db, {
      id: donation.id,
      action: 'approve',
      actor: null,
      inTransaction: async (tx, updated) => {
        seen = updated.status;
        await queueEmail(tx, updated.donorEmail);
      },
    });
    expect(seen).toBe('completed');
    const state = await stateOf(donation.id, 'hook-ok@correo.gt');
    // The hook's email and the donor's receipt (docs/product.md#receipts).
    expect(state).toMatchObject({ status: 'completed', emails: 2, audits: 1 });
    expect(state.receipt).not.toBeNull();
  });

  it('a transition that rolls back keeps nothing the hook wrote: no email, no status change, no audit', async () => {
    const donation = await pendingDonation(ctx.db, { donorEmail: 'hook-rollback@correo.gt' });
    await expect(
      transitionDonation(ctx.db, {
        id: donation.id,
        action: 'approve',
        actor: null,
        inTransaction: async (tx, updated) => {
          await queueEmail(tx, updated.donorEmail);
          throw new Error('falla después de encolar');
        },
      }),
    ).rejects.toThrow('falla después de encolar');
    expect(await stateOf(donation.id, 'hook-rollback@correo.gt')).toEqual({ status: 'pending', receipt: null, emails: 0, audits: 0 });
  });

  it('is not run when the transition is refused (the donation is no longer pending)', async () => {
    const donation = await pendingDonation(ctx.db, { donorEmail: 'hook-refused@correo.gt' });
    await transitionDonation(ctx.db, { id: donation.id, action: 'cancel', actor: null });
    let ran = false;
    await expect(
      transitionDonation(ctx.db, {
        id: donation.id,
        action: 'approve',
        actor: null,
        inTransaction: async () => {
          ran = true;
        },
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(ran).toBe(false);
  });
});
