// Rejecting a donation needs a reason: it is refused in Spanish without one, stored as the failure
// reason and in the audit entry, and sent to the donor with the system's name and contact email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { auditLog, donations, emailOutbox } from '../../src/db/schema';
import { emailMessages } from '../../src/messages/email';
import { getSettings, putSettings } from '../../src/platform/settings';
import { callers } from '../support/staff';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;

beforeAll(async () => {
  ctx = await createTestApp();
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => ctx?.close());

const reject = (id: number, payload?: unknown) =>
  inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${id}/reject`, token: who.admin.token, ...(payload === undefined ? {} : { payload: payload as object }) });

const pending = (email: string) => make.donation(ctx.db, { amountCents: 12_550, status: 'pending', createdAt: new Date(), donorName: 'Rosa Tzul', donorEmail: email });

describe('POST /admin/donations/{id}/reject: the reason', () => {
  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a blank reason', { reason: '   ' }],
    ['a reason that is not text', { reason: 42 }],
  ])('refuses %s with a Spanish message and leaves the donation pending', async (_, payload) => {
    const d = await pending(`sin-motivo-${Math.random().toString(36).slice(2)}@correo.gt`);
    const res = await reject(d.id, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(validationMessages.rejectReasonRequired);
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, d.id));
    expect(row.status).toBe('pending');
  });

  it('refuses a reason over 500 characters', async () => {
    const d = await pending('motivo-largo@correo.gt');
    const res = await reject(d.id, { reason: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(validationMessages.rejectReasonMax);
  });

  it('stores the reason with the transition and emails it to the donor with the system contact', async () => {
    await putSettings(ctx.db, 'system', { ...(await getSettings(ctx.db, 'system')), system_name: 'Donaciones Niñez GT', contact_email: 'soporte@ninez.gt' });
    const d = await pending('rosa.tzul@correo.gt');
    const reason = 'No encontramos el depósito en la cuenta bancaria';
    const res = await reject(d.id, { reason: `  ${reason} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('DECLINED');

    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, d.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: reason });

    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'donation.reject'), eq(auditLog.entityId, String(d.id))));
    expect(entry).toMatchObject({ actorUserId: who.admin.id });
    expect(entry.details).toMatchObject({ failure_reason: reason });

    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'rosa.tzul@correo.gt'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'donation-rejected', subject: emailMessages.admin.rejectedSubject(d.referenceCode) });
    expect(mails[0].textBody).toContain(`Motivo: ${reason}`);
    expect(mails[0].textBody).toContain('soporte@ninez.gt');
    // Signed once, by the layout, with the organisation's name when it is sent (docs/product.md#email).
    expect(mails[0].textBody).not.toContain('Donaciones Niñez GT');
    expect(mails[0].textBody).toContain('Q125.50');
  });
});
