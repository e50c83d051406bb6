// Staff review of bank deposits (docs/product.md#bank-deposits): the "Depósitos y transferencias por verificar" filter, the slip
// and declared data beside each row, the warning on a different declared amount, the flag on a file
// uploaded for another donation, and the deposit-specific approval and rejection emails over SMTP.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AdminDonationList, AdminDonationReview } from '@donaciones/shared/schemas/admin';
import type { DepositSlipReview } from '@donaciones/shared/schemas/bank-statements';
import { auditLog, donationAttachments, donations, emailOutbox } from '../../src/db/schema';
import { deliverDueEmails } from '../../src/jobs/email-outbox';
import { smtpTransport } from '../../src/platform/mailer';
import { callers, expectAdminOnly } from '../support/staff';
import { createTestApp, inject, type TestContext } from '../support/helpers';
import { startSmtp } from '../support/smtp';
import * as make from '../support/factory';

let ctx: TestContext;
let who: Awaited<ReturnType<typeof callers>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Fundación <no-responder@prueba.gt>' } });
  who = await callers(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});
afterEach(async () => {
  smtp.received.length = 0;
  await ctx.db.delete(emailOutbox);
});

const decode = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

async function mailsTo(email: string, template: string): Promise<string[]> {
  await deliverDueEmails(ctx.app, smtpTransport(ctx.config.smtpUrl!, ctx.config.mailFrom));
  return smtp.received
    .filter((m) => m.to.includes(email))
    .map((m) => decode(m.raw))
    .filter((b) => b.includes(`X-Template: ${template}`));
}

async function slip(donationId: number, bytes: Buffer, declared: { amountCents?: number; date?: string; number?: string } = {}) {
  const [row] = await ctx.db
    .insert(donationAttachments)
    .values({
      donationId,
      fileName: 'boleta.jpg',
      contentType: 'image/jpeg',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      data: bytes,
      preview: bytes,
      bank: 'Banrural',
      depositDate: declared.date ?? '2026-03-02',
      slipNumber: declared.number ?? '123456',
      declaredAmountCents: declared.amountCents ?? null,
    })
    .returning();
  return row;
}

const list = async (query: string) =>
  (await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations?${query}`, token: who.admin.token })).json() as AdminDonationList;

describe('Depósitos y transferencias por verificar', () => {
  it('lists only pending bank deposits, each with its slip, declared data and flags', async () => {
    const deposit = await make.donation(ctx.db, { amountCents: 25_000, status: 'pending', paymentMethod: 'bank_deposit', donorName: 'Ana Deposita' });
    const other = await make.donation(ctx.db, { amountCents: 30_000, status: 'pending', paymentMethod: 'bank_deposit' });
    const noSlip = await make.donation(ctx.db, { amountCents: 10_000, status: 'pending', paymentMethod: 'bank_deposit' });
    const card = await make.donation(ctx.db, { amountCents: 25_000, status: 'pending' });
    const done = await make.donation(ctx.db, { amountCents: 25_000, status: 'completed', paymentMethod: 'bank_deposit' });
    const file = Buffer.from(`boleta ${deposit.id}`);
    await slip(deposit.id, file, { amountCents: 24_000, date: '2026-03-02', number: '998877' });
    // The very same file, uploaded for another donation.
    await slip(other.id, file, { amountCents: 30_000 });

    const res = await list('pendingDeposits=true&limit=100');
    const ids = res.donations.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining([deposit.id, other.id, noSlip.id]));
    expect(ids).not.toContain(card.id);
    expect(ids).not.toContain(done.id);
    expect(res.total).toBe(3);

    const row = res.donations.find((d) => d.id === deposit.id)!;
    expect(row.payment_method).toBe('bank_deposit');
    expect(row.deposit).toMatchObject({
      file_name: 'boleta.jpg',
      content_type: 'image/jpeg',
      has_preview: true,
      bank: 'Banrural',
      deposit_date: '2026-03-02',
      slip_number: '998877',
      declared_amount: 240,
      amount_differs: true,
      duplicates: [{ donation_id: other.id, reference_code: other.referenceCode, donor_name: other.donorName }],
    });
    expect(res.donations.find((d) => d.id === other.id)?.deposit).toMatchObject({ amount_differs: false, duplicates: [{ donation_id: deposit.id }] });
    expect(res.donations.find((d) => d.id === noSlip.id)?.deposit).toBeNull();

    // The donation's own page reads the same.
    const detail = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${deposit.id}/deposit`, token: who.admin.token });
    expect(detail.statusCode).toBe(200);
    expect((detail.json() as DepositSlipReview).duplicates.map((d) => d.donation_id)).toEqual([other.id]);
    const cardDetail = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${card.id}/deposit`, token: who.admin.token });
    expect(cardDetail.json()).toBeNull();

    // Other filters are unchanged.
    expect((await list('status=PENDING&limit=100')).donations.map((d) => d.id)).toContain(card.id);
    const bad = await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/donations?pendingDeposits=quizas', token: who.admin.token });
    expect(bad.statusCode).toBe(400);
  });

  it('approving a deposit emails the donor the deposit confirmation, audited', async () => {
    const d = await make.donation(ctx.db, { amountCents: 150_000, status: 'pending', paymentMethod: 'bank_deposit', donorEmail: 'aprobado@prueba.gt', donorName: 'Rosa' });
    const res = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${d.id}/approve`, token: who.admin.token, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'APPROVED', payment_method: 'bank_deposit' });
    const [mail] = await mailsTo('aprobado@prueba.gt', 'deposit-approved');
    expect(mail).toContain('Hola Rosa');
    expect(mail).toContain('Encontramos en nuestra cuenta tu depósito de Q1,500.00');
    expect(mail).toContain(d.referenceCode);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, String(d.id)));
    expect(entry).toMatchObject({ action: 'donation.approve', actorUserId: who.admin.id });
  });

  it('rejecting a deposit needs a reason and emails it to the donor', async () => {
    const d = await make.donation(ctx.db, { amountCents: 20_000, status: 'pending', paymentMethod: 'bank_deposit', donorEmail: 'rechazo@prueba.gt', donorName: 'Mario' });
    const empty = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${d.id}/reject`, token: who.admin.token, payload: { reason: '  ' } });
    expect(empty.statusCode).toBe(400);
    const res = await inject(ctx.app, {
      method: 'POST',
      url: `/api/v1/admin/donations/${d.id}/reject`,
      token: who.admin.token,
      payload: { reason: 'La boleta no aparece en el estado de cuenta' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DECLINED' });
    const [mail] = await mailsTo('rechazo@prueba.gt', 'deposit-rejected');
    expect(mail).toContain('no pudimos confirmarlo en nuestra cuenta');
    expect(mail).toContain('Motivo: La boleta no aparece en el estado de cuenta');
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, d.id));
    expect(row.failureReason).toBe('La boleta no aparece en el estado de cuenta');
  });

  it('a donation not paid by deposit keeps the usual emails', async () => {
    const d = await make.donation(ctx.db, { amountCents: 5_000, status: 'pending', donorEmail: 'especie@prueba.gt', donationType: 'goods' });
    await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${d.id}/approve`, token: who.admin.token, payload: {} });
    expect(await mailsTo('especie@prueba.gt', 'deposit-approved')).toEqual([]);
    expect(await mailsTo('especie@prueba.gt', 'donation-approved')).toHaveLength(1);
  });
});

describe('a donation reviewed on its own page', () => {
  it('gives the queue row with its slip and the audited history, oldest first; staff only', async () => {
    const d = await make.donation(ctx.db, { amountCents: 25_000, status: 'pending', paymentMethod: 'bank_deposit', donorName: 'Lucía Revisa' });
    await slip(d.id, Buffer.from(`boleta página ${d.id}`), { amountCents: 20_000, number: '445566' });
    const url = `/api/v1/admin/donations/${d.id}/review`;

    const before = (await inject(ctx.app, { method: 'GET', url, token: who.admin.token })).json() as AdminDonationReview;
    expect(before.donation).toMatchObject({ id: d.id, status: 'PENDING', manual_review: true, amount: 250 });
    expect(before.donation.deposit).toMatchObject({ slip_number: '445566', declared_amount: 200, amount_differs: true });
    expect(before.history).toEqual([]);

    await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${d.id}/reject`, token: who.admin.token, payload: { reason: 'El monto no coincide' } });
    const after = (await inject(ctx.app, { method: 'GET', url, token: who.admin.token })).json() as AdminDonationReview;
    expect(after.donation.status).toBe('DECLINED');
    expect(after.history).toEqual([{ type: 'donation.reject', message: `${who.admin.email} rechazó la donación ${d.referenceCode}`, timestamp: expect.any(String) }]);

    expect(await expectAdminOnly(ctx.app, who, { method: 'GET', url })).toEqual({ anonymous: 401, donor: 403, user: 403 });
    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/donations/999999/review', token: who.admin.token })).statusCode).toBe(404);
  });
});
