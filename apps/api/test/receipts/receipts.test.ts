// Fiscal receipts (docs/product.md#receipts): issued once at completion with a gapless number per
// series, the same document on every download, emailed with the PDF attached (read from a real SMTP
// listener), re-sent by staff, and the yearly statements sent once.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { formatLongDate, formatReceiptNumber } from '@donaciones/shared/format';
import { annualStatements, auditLog, donations, emailOutbox, receiptCounters, receipts } from '../../src/db/schema';
import { deliverDueEmails } from '../../src/jobs/email-outbox';
import { transitionDonation } from '../../src/domain/ledger/transitions';
import { smtpTransport } from '../../src/platform/mailer';
import { renderEmailAttachment, renderReceiptPdf } from '../../src/domain/receipts/pdf';
import { receiptOf, voidReceipt } from '../../src/domain/receipts/receipts';
import { sendAnnualStatements } from '../../src/domain/receipts/statements';
import { getSettings, putSettings } from '../../src/platform/settings';
import { createTestApp, inject, pdfPageCount, pdfText, type Caller, type TestContext } from '../support/helpers';
import { startSmtp } from '../support/smtp';
import * as make from '../support/factory';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Caller;
let donor: Caller;
beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Fundación <no-responder@prueba.gt>' } });
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'], firstName: 'Lucía', lastName: 'Xicará' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const approve = (id: number) => transitionDonation(ctx.db, { id, action: 'approve', actor: { id: admin.id, email: admin.email } });
const download = (donationId: number, token = donor.token) => inject(ctx.app, { method: 'GET', url: `/api/v1/receipts/${donationId}.pdf`, token });
/** Delivers the whole outbox over SMTP. */
async function send() {
  while ((await deliverDueEmails(ctx.app, smtpTransport(ctx.config.smtpUrl!, ctx.config.mailFrom))).sent > 0);
}
const mailsOf = (template: string) => smtp.received.filter((m) => m.raw.includes(`X-Template: ${template}`));

/** The attachments of a received message: file name and decoded bytes of each base64 part. */
function attachmentsOf(raw: string): { filename: string; contentType: string; content: Buffer }[] {
  const found: { filename: string; contentType: string; content: Buffer }[] = [];
  for (const part of raw.split(/\r?\n--/)) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    if (!/Content-Disposition: attachment/i.test(head)) continue;
    const filename = /filename="?([^"\r\n;]+)"?/i.exec(head)?.[1] ?? '';
    const contentType = /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1] ?? '';
    found.push({ filename, contentType, content: Buffer.from(rest.join('\n').replace(/\s+/g, ''), 'base64') });
  }
  return found;
}

/** Undoes quoted-printable line folding and escapes, as a mail client would. */
/** Quoted-printable undone, its bytes read as UTF-8. */
const decode = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

describe('issue at completion', () => {
  it('issues the receipt once, with a number and date that every later download reproduces', async () => {
    const d = await make.donation(ctx.db, { status: 'pending', donorEmail: donor.email, donorName: 'Lucía Xicará', donorNit: '576937-K', donorTaxIdKind: 'nit', userId: donor.id, amountCents: 35_000 });
    const done = await approve(d.id);
    const receipt = (await receiptOf(ctx.db, d.id))!;
    expect(receipt).toMatchObject({ series: 'A', number: done.receiptNumber, donorTaxIdKind: 'nit', donorTaxId: '576937-K', felStatus: 'not_required', voidedAt: null });
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, d.id));
    expect(row.receiptNumber).toBe(receipt.number);

    const first = await download(d.id);
    expect(first.statusCode).toBe(200);
    // Not certified by SAT (FEL off): the PDF is a "Constancia de donación", and its name says so.
    expect(first.headers['content-disposition']).toBe(`attachment; filename="constancia-A-${formatReceiptNumber(receipt.number)}.pdf"`);
    // Settings changed after the issue do not change the issued document.
    const fiscal = await getSettings(ctx.db, 'fiscal');
    await putSettings(ctx.db, 'fiscal', { ...fiscal, legalName: 'Otra Razón Social, S.A.' });
    const second = await download(d.id);
    await putSettings(ctx.db, 'fiscal', fiscal);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const text = await pdfText(first.rawPayload);
    // Without FEL the PDF is not SAT's receipt, and says so instead of presenting itself as one.
    expect(text).toContain('Constancia de donación');
    expect(text).not.toContain('Recibo por donación');
    expect(text.replace(/\s+/g, ' ')).toContain('no está certificada por la SAT: no es un recibo electrónico (FEL) y por sí sola no acredita la deducibilidad');
    if (fiscal.deductibilityText) expect(text).not.toContain(fiscal.deductibilityText);
    expect(text).toContain(`Serie A No. ${formatReceiptNumber(receipt.number)}`);
    expect(text).toContain(`Fecha de emisión: ${formatLongDate(receipt.issuedAt)}`);
    expect(text).toContain(fiscal.legalName);
    expect(text).toContain(`NIT ${fiscal.nit}`);
    expect(text).toContain(fiscal.signerName);
    expect(text).toContain('576937-K');
    expect(text).toContain('Trescientos cincuenta quetzales exactos');
    expect(text).not.toContain('Otra Razón Social');
    // No FEL block until the receipt is certified.
    expect(text).not.toContain('UUID');

    // A completion never issues a second receipt for the same donation.
    expect(await ctx.db.select().from(receipts).where(eq(receipts.donationId, d.id))).toHaveLength(1);
  });

  it('numbers every series without gaps in issue order, across concurrent completions and a rolled-back one', async () => {
    const before = (await ctx.db.select().from(receiptCounters).where(eq(receiptCounters.series, 'A')))[0]?.lastNumber ?? 0;
    const pending = await Promise.all(Array.from({ length: 8 }, () => make.donation(ctx.db, { status: 'pending' })));
    // A completion that fails after taking its number gives the number back.
    const doomed = await make.donation(ctx.db, { status: 'pending' });
    await expect(
      ctx.db.transaction(async (tx) => {
        await transitionDonation(tx, { id: doomed.id, action: 'approve', actor: null });
        throw new Error('falla después de emitir');
      }),
    ).rejects.toThrow('falla después de emitir');
    expect(await receiptOf(ctx.db, doomed.id)).toBeNull();

    const done = await Promise.all(pending.map((p) => approve(p.id)));
    const numbers = done.map((d) => d.receiptNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
    const [counter] = await ctx.db.select().from(receiptCounters).where(eq(receiptCounters.series, 'A'));
    expect(counter.lastNumber).toBe(before + 8);
    // Issue order: a later issue never has a smaller number.
    const rows = await ctx.db.select().from(receipts).where(eq(receipts.series, 'A')).orderBy(receipts.number);
    for (let i = 1; i < rows.length; i++) expect(rows[i].number).toBe(rows[i - 1].number + 1);
  });

  it('starts a new series at 1 when the settings change the series', async () => {
    const fiscal = await getSettings(ctx.db, 'fiscal');
    await putSettings(ctx.db, 'fiscal', { ...fiscal, receiptSeries: 'B' });
    const d = await make.donation(ctx.db, { status: 'pending' });
    await approve(d.id);
    await putSettings(ctx.db, 'fiscal', fiscal);
    expect(await receiptOf(ctx.db, d.id)).toMatchObject({ series: 'B', number: 1 });
  });
});

describe('the receipt email', () => {
  it('is attached to the approval email, the one email of the completion, with a link to download it', async () => {
    smtp.received.length = 0;
    const d = await make.donation(ctx.db, { status: 'pending', donorEmail: 'correo.recibo@prueba.gt', donorName: 'Marta Ical', amountCents: 12_500 });
    await approve(d.id);
    const receipt = (await receiptOf(ctx.db, d.id))!;
    expect(receipt.emailedAt).toBeNull();
    await send();
    const mine = mailsOf('donation-approved').filter((m) => m.to[0] === 'correo.recibo@prueba.gt');
    expect(mine).toHaveLength(1);
    const [mail] = mine;
    const body = decode(mail.raw);
    expect(body).toContain('Hola Marta Ical');
    // A constancia is feminine: no 'descargarlo' or 'verlo' after it; a donor without an account is told to create one.
    expect(body).toContain(
      `Adjuntamos tu constancia de donación A-${formatReceiptNumber(receipt.number)} en PDF. También está en Recibos, en tu área de donante: ${ctx.config.publicUrl}/donor/receipts (entra o crea tu cuenta con este correo).`,
    );
    const [pdf] = attachmentsOf(mail.raw);
    expect(pdf).toMatchObject({ filename: `constancia-A-${formatReceiptNumber(receipt.number)}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(pdf.content);
    expect(text).toContain(d.referenceCode);
    expect(text).toContain('Ciento veinticinco quetzales exactos');
    expect((await receiptOf(ctx.db, d.id))!.emailedAt).not.toBeNull();
  });

  it('staff re-send it from the donation (audited); nobody else may', async () => {
    const d = await make.donation(ctx.db, { amountCents: 4_000, donorEmail: 'reenvio@prueba.gt' });
    const url = `/api/v1/admin/donations/${d.id}/receipt/resend`;
    expect((await inject(ctx.app, { method: 'POST', url, token: donor.token })).statusCode).toBe(403);
    expect((await inject(ctx.app, { method: 'POST', url })).statusCode).toBe(401);
    const res = await inject(ctx.app, { method: 'POST', url, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ to: 'reenvio@prueba.gt', receipt: `A-${formatReceiptNumber(d.receiptNumber as number)}` });
    const queued = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'reenvio@prueba.gt'), eq(emailOutbox.template, 'donation-receipt')));
    expect(queued).toHaveLength(1);
    expect(queued[0].attachments).toEqual([{ kind: 'receipt', receiptId: (await receiptOf(ctx.db, d.id))!.id }]);
    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'receipt.resend'), eq(auditLog.entityId, String(d.id))));
    expect(audits).toEqual([expect.objectContaining({ actorUserId: admin.id })]);

    const pending = await make.donation(ctx.db, { status: 'pending' });
    const none = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${pending.id}/receipt/resend`, token: admin.token });
    expect(none.statusCode).toBe(404);

    const pdf = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${d.id}/receipt.pdf`, token: admin.token });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(d.referenceCode);
    expect((await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${d.id}/receipt.pdf`, token: donor.token })).statusCode).toBe(403);
  });
});

describe('void', () => {
  it('a voided receipt says ANULADO with its date and reason, and leaves the statement', async () => {
    const d = await make.donation(ctx.db, { amountCents: 9_900, userId: donor.id, donorEmail: donor.email });
    await ctx.db.update(donations).set({ status: 'refunded', refundedAt: new Date(), refundReason: 'Cobro duplicado' }).where(eq(donations.id, d.id));
    await voidReceipt(ctx.db, d.id, 'Cobro duplicado');
    const res = await download(d.id);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    const receipt = (await receiptOf(ctx.db, d.id))!;
    expect(text).toContain(`ANULADO el ${formatLongDate(receipt.voidedAt!)}`);
    expect(text).toContain('Motivo: Cobro duplicado');
    // Voided once: a second void keeps the first date.
    await voidReceipt(ctx.db, d.id, 'Otra vez');
    expect((await receiptOf(ctx.db, d.id))!.voidReason).toBe('Cobro duplicado');
  });
});

describe('yearly statements', () => {
  it('are emailed once on the configured day to every donor of the past year, with the PDF attached', async () => {
    const year = 2024;
    const at = (month: number) => new Date(Date.UTC(year, month, 10, 18));
    const a = 'anual.uno@prueba.gt';
    const b = 'anual.dos@prueba.gt';
    const kept = [await make.donation(ctx.db, { amountCents: 10_000, donorEmail: a, createdAt: at(2) }), await make.donation(ctx.db, { amountCents: 5_000, donorEmail: a, createdAt: at(8) })];
    await make.donation(ctx.db, { amountCents: 7_000, donorEmail: b, createdAt: at(5) });
    const refunded = await make.donation(ctx.db, { amountCents: 3_000, donorEmail: a, createdAt: at(9), status: 'refunded', refundReason: 'Duplicada' });

    // Not before the day (15 January by default), nor long after it.
    expect(await sendAnnualStatements(ctx.db, new Date(Date.UTC(year + 1, 0, 14, 18)))).toBe(0);
    expect(await sendAnnualStatements(ctx.db, new Date(Date.UTC(year + 1, 5, 1, 18)))).toBe(0);
    // On the day, two processes at once and a restart later: each donor once.
    const day = new Date(Date.UTC(year + 1, 0, 15, 18));
    const runs = await Promise.all([sendAnnualStatements(ctx.db, day), sendAnnualStatements(ctx.db, day)]);
    expect(await sendAnnualStatements(ctx.db, new Date(Date.UTC(year + 1, 0, 16, 18)))).toBe(0);
    const sentNow = await ctx.db.select().from(annualStatements).where(eq(annualStatements.year, year));
    expect(sentNow.map((s) => s.email).sort()).toEqual(expect.arrayContaining([a, b]));
    expect(runs[0] + runs[1]).toBe(sentNow.length);
    const queued = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'annual-statement'));
    expect(queued.filter((m) => m.toAddress === a)).toHaveLength(1);
    expect(queued.filter((m) => m.toAddress === b)).toHaveLength(1);

    smtp.received.length = 0;
    await send();
    const mail = mailsOf('annual-statement').find((m) => m.to[0] === a)!;
    // The receipts page by the name its menu and heading give it.
    expect(decode(mail.raw)).toContain(`También la encuentras en Recibos, en tu área de donante: ${ctx.config.publicUrl}/donor/receipts`);
    const [pdf] = attachmentsOf(mail.raw);
    expect(pdf.filename).toBe(`constancia-donaciones-${year}.pdf`);
    const text = await pdfText(pdf.content);
    for (const k of kept) expect(text).toContain(k.referenceCode);
    expect(text).not.toContain(refunded.referenceCode);
    expect(text).toContain('Ciento cincuenta quetzales exactos');
  });

  it('staff send one again from a donation (audited)', async () => {
    const d = await make.donation(ctx.db, { amountCents: 2_500, donorEmail: 'anual.reenvio@prueba.gt', createdAt: new Date(Date.UTC(2023, 3, 3, 18)) });
    const url = `/api/v1/admin/donations/${d.id}/statement/resend`;
    expect((await inject(ctx.app, { method: 'POST', url, token: donor.token, payload: {} })).statusCode).toBe(403);
    const res = await inject(ctx.app, { method: 'POST', url, token: admin.token, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ to: 'anual.reenvio@prueba.gt', year: 2023 });
    expect((await inject(ctx.app, { method: 'POST', url, token: admin.token, payload: { year: 2020 } })).statusCode).toBe(404);
    const queued = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'anual.reenvio@prueba.gt'));
    expect(queued.map((q) => q.attachments)).toEqual([[{ kind: 'statement', email: 'anual.reenvio@prueba.gt', year: 2023 }]]);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'statement.resend'), eq(auditLog.entityId, String(d.id))));
    expect(audit.details).toMatchObject({ year: 2023, to: 'anual.reenvio@prueba.gt', receipts: 1 });
  });
});

describe('the printed receipt', () => {
  it('renders a certified, fee-covered receipt with signature and QR as a page image (kept for review)', async () => {
    const png = await sharp({ create: { width: 360, height: 90, channels: 3, background: '#ffffff' } })
      .composite([{ input: Buffer.from('<svg width="360" height="90"><path d="M10 70 C 60 10, 110 90, 160 40 S 260 20, 340 60" stroke="#1e3a8a" stroke-width="5" fill="none"/></svg>') }])
      .png()
      .toBuffer();
    const fiscal = await getSettings(ctx.db, 'fiscal');
    await putSettings(ctx.db, 'fiscal', { ...fiscal, signatureImage: { contentType: 'image/png', base64: png.toString('base64') } });
    const d = await make.donation(ctx.db, { status: 'pending',
      donorName: 'Familia Tzul Batz',
      donorEmail: donor.email,
      donorNit: '576937-K',
      donorTaxIdKind: 'nit',
      amountCents: 10_450,
      coveredFeeCents: 450,
      currency: 'USD',
      gtqCents: 80_465,
      exchangeRate: '7.70',
      exchangeRateDate: '2026-11-02',
    });
    await approve(d.id);
    await putSettings(ctx.db, 'fiscal', fiscal);
    // As the certification writes it once SAT certified the document.
    await ctx.db
      .update(receipts)
      .set({ felStatus: 'certified', felUuid: '3F2504E0-4F89-11D3-9A0C-0305E82C3301', felSeries: '3F2504E0', felNumber: '1334579155', felCertifiedAt: sql`now()` })
      .where(eq(receipts.donationId, d.id));
    const pdf = await renderReceiptPdf((await receiptOf(ctx.db, d.id))!);
    expect(await pdfPageCount(pdf)).toBe(1);
    // Certified, it is the "Recibo por donación", downloaded and attached under that name.
    const issued = (await receiptOf(ctx.db, d.id))!;
    expect((await download(d.id)).headers['content-disposition']).toBe(`attachment; filename="recibo-A-${formatReceiptNumber(issued.number)}.pdf"`);
    expect(await renderEmailAttachment(ctx.db, { kind: 'receipt', receiptId: issued.id })).toMatchObject({ filename: `recibo-A-${formatReceiptNumber(issued.number)}.pdf` });
    const text = await pdfText(pdf);
    for (const expected of ['Monto cobrado', 'Donación neta', 'Equivalente en quetzales', 'Tipo de cambio', 'Dólares estadounidenses (USD)', 'UUID', '3F2504E0-4F89-11D3-9A0C-0305E82C3301', 'Fecha de certificación']) {
      expect(text).toContain(expected);
    }

    const dir = mkdtempSync(path.join(tmpdir(), 'recibo-'));
    writeFileSync(path.join(dir, 'recibo.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '70', '-singlefile', path.join(dir, 'recibo.pdf'), path.join(dir, 'recibo')]);
    const image = readFileSync(path.join(dir, 'recibo.png'));
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ width: 595, height: 770 });
    // Something is drawn: the page is not blank white.
    const stats = await sharp(image).stats();
    expect(stats.channels[0].min).toBeLessThan(100);
    const shots = process.env.RECEIPT_SHOTS_DIR;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      writeFileSync(path.join(shots, 'recibo.png'), image);
    }
  });
});
