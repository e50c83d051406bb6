// The ledger's completion step (domain/ledger/completion.ts): what it writes after a transition (the
// receipt, the donor's email) commits with the new status, or not at all when the transition rolls back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, donations, emailOutbox } from '../../src/db/schema';
import { transitionDonation } from '../../src/domain/ledger/transitions';
import { createTestApp, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

async function stateOf(id: number, email: string) {
  const [row] = await ctx.db.select({ status: donations.status, receipt: donations.receiptNumber }).from(donations).where(eq(donations.id, id));
  const mail = await ctx.db.select({ template: emailOutbox.template }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  const audited = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'donation'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'donation.approve')));
  return { status: row.status, receipt: row.receipt, emails: mail.map((m) => m.template), audits: audited.length };
}

describe('the ledger completion step', () => {
  it('commits what the completion step writes together with the new status', async () => {
    const donation = await make.donation(ctx.db, { status: 'pending', donorEmail: 'hook-ok@correo.gt' });
    const updated = await transitionDonation(ctx.db, { id: donation.id, action: 'approve', actor: null });
    expect(updated.status).toBe('completed');
    const state = await stateOf(donation.id, 'hook-ok@correo.gt');
    // The approval email, with the donor's receipt (docs/product.md#receipts).
    expect(state).toMatchObject({ status: 'completed', emails: ['donation-approved'], audits: 1 });
    expect(state.receipt).toBe(updated.receiptNumber);
    expect(state.receipt).not.toBeNull();
  });

  it('a transition that rolls back keeps nothing the completion step wrote: no email, no receipt, no status change, no audit', async () => {
    const donation = await make.donation(ctx.db, { status: 'pending', donorEmail: 'hook-rollback@correo.gt' });
    let seen: string | undefined;
    await expect(
      ctx.db.transaction(async (tx) => {
        seen = (await transitionDonation(tx, { id: donation.id, action: 'approve', actor: null })).status;
        // The transition and its completion wrote inside the caller's transaction, which then fails.
        expect((await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, 'hook-rollback@correo.gt'))).length).toBe(1);
        throw new Error('falla después de encolar');
      }),
    ).rejects.toThrow('falla después de encolar');
    expect(seen).toBe('completed');
    expect(await stateOf(donation.id, 'hook-rollback@correo.gt')).toEqual({ status: 'pending', receipt: null, emails: [], audits: 0 });
  });

  it('is not run when the transition is refused (the donation is no longer pending)', async () => {
    const donation = await make.donation(ctx.db, { status: 'pending', donorEmail: 'hook-refused@correo.gt' });
    await transitionDonation(ctx.db, { id: donation.id, action: 'cancel', actor: null });
    await expect(transitionDonation(ctx.db, { id: donation.id, action: 'approve', actor: null })).rejects.toMatchObject({ code: 'conflict' });
    expect(await stateOf(donation.id, 'hook-refused@correo.gt')).toEqual({ status: 'cancelled', receipt: null, emails: [], audits: 0 });
  });
});
