// Bank deposits, donor side (docs/product.md#bank-deposits): the deposit donation and its
// instructions email over SMTP, the slip upload (each accepted type built here as a real file, each
// refusal), metadata stripped, who may send and see a slip, the serving headers, the bank accounts
// settings and duplicateSlipsOf.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatReceiptNumber } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { SLIP_MAX_BYTES, depositMessages } from '@donaciones/shared/messages/deposits';
import type { BankAccountsSettings, DepositStatus } from '@donaciones/shared/schemas/deposits';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { deliverDueEmails } from '../../src/jobs/email-outbox';
import { donationAttachments, donations, emailOutbox } from '../../src/db/schema';
import { smtpTransport } from '../../src/platform/mailer';
import { duplicateSlipsOf } from '../../src/domain/deposits/deposits';
import { pdfHasActiveContent } from '../../src/domain/deposits/slip-files';
import { putSettings } from '../../src/platform/settings';
import { signedLinks } from '../../src/platform/signed-links';
import { createTestApp, json, pdfText, type Caller, type TestContext } from '../support/helpers';
import { startSmtp } from '../support/smtp';
import * as make from '../support/factory';

const e = depositMessages.errors;
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Caller;

const ACCOUNTS: BankAccountsSettings = {
  accounts: [
    { id: 'bi', bank: 'Banco Industrial', accountType: 'monetaria', number: '000-123456-7', holder: 'Fundación Prueba', hidden: false, sortOrder: 1 },
    { id: 'banrural', bank: 'Banrural', accountType: 'ahorro', number: '3-033-01234-5', holder: 'Fundación Prueba', hidden: false, sortOrder: 0 },
    { id: 'bam', bank: 'BAM', accountType: 'monetaria', number: '9999-8888', holder: 'Fundación Prueba', hidden: true, sortOrder: 2 },
  ],
};

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Fundación <no-responder@prueba.gt>' } });
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});
afterEach(async () => {
  smtp.received.length = 0;
  await ctx.db.delete(emailOutbox);
});

let ipCounter = 1;
const nextIp = () => `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const depositBody = (over: Record<string, unknown> = {}) => ({
  donorName: 'Lucía Ajú',
  email: 'lucia.aju@prueba.gt',
  amount: 250,
  paymentMethod: 'bank_deposit',
  acceptTerms: true,
  ...over,
});

function donate(body: unknown, options: { key?: string; token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': options.key ?? randomUUID() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return ctx.app.inject({ method: 'POST', url: '/api/v1/donate', headers, payload: JSON.stringify(body), remoteAddress: nextIp() });
}

const FIELDS = { bank: 'Banrural', depositDate: '2026-11-20', slipNumber: 'abc-123', amount: '250.00' };

function upload(donationId: number, file: Buffer, options: { token?: string; bearer?: string; fileName?: string; fields?: Record<string, string>; contentType?: string } = {}) {
  const query = new URLSearchParams({ ...FIELDS, ...options.fields, fileName: options.fileName ?? 'boleta.jpg' });
  if (options.token) query.set('token', options.token);
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/octet-stream' };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  return ctx.app.inject({ method: 'POST', url: `/api/v1/donations/${donationId}/slip?${query}`, headers, payload: file, remoteAddress: nextIp() });
}

function get(url: string, bearer?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, remoteAddress: nextIp() });
}

async function newDeposit(token?: string): Promise<PublicDonationResponse> {
  const res = await donate(depositBody(), { token });
  expect(res.statusCode).toBe(201);
  return json<PublicDonationResponse>(res);
}

/** A real photo with EXIF (camera and a GPS position), as a phone would send it. */
async function photoWithExif(format: 'jpeg' | 'png' = 'jpeg', size = 64): Promise<Buffer> {
  const img = sharp({ create: { width: size, height: size, channels: 3, background: '#2a6f97' } }).withExif({
    IFD0: { Make: 'Camara de Prueba', Model: 'Modelo 7', Copyright: 'Lucía' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 38/1 0/1' },
  });
  return format === 'png' ? img.png().toBuffer() : img.jpeg().toBuffer();
}

function pdfkitFile(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A6' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Boleta de depósito 123456 - Q250.00');
    doc.end();
  });
}

/** A small hand-written PDF whose catalog carries `catalogExtra` (an action, a script). */
function rawPdf(catalogExtra: string, extraObject = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n${extraObject}trailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

describe('bank accounts settings and the public site', () => {
  it('no visible account: the deposit method is not offered and a deposit is refused', async () => {
    await putSettings(ctx.db, 'bankAccounts', { accounts: [] });
    const site = json<{ bank_accounts: unknown[] }>(await get('/api/v1/public/site'));
    expect(site.bank_accounts).toEqual([]);
    const res = await donate(depositBody());
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ paymentMethod: depositMessages.paymentMethodUnavailable });
  });

  it('ADMIN saves the accounts (renumbered in their order); the site shows the visible ones only, in that order', async () => {
    const donor = await make.signIn(ctx.app, ctx.db);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/settings/bank-accounts', headers: { authorization: `Bearer ${donor.token}` }, payload: ACCOUNTS })).statusCode).toBe(403);
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/settings/bank-accounts', headers: { authorization: `Bearer ${admin.token}` }, payload: ACCOUNTS });
    expect(saved.statusCode).toBe(200);
    expect(json<BankAccountsSettings>(saved).accounts.map((a) => [a.id, a.sortOrder])).toEqual([['banrural', 0], ['bi', 1], ['bam', 2]]);
    const read = json<BankAccountsSettings>(await get('/api/v1/admin/settings/bank-accounts', admin.token));
    expect(read.accounts).toHaveLength(3);
    const site = json<{ bank_accounts: { id: string; bank: string; account_type: string; number: string; holder: string }[] }>(await get('/api/v1/public/site'));
    expect(site.bank_accounts).toEqual([
      { id: 'banrural', bank: 'Banrural', account_type: 'ahorro', number: '3-033-01234-5', holder: 'Fundación Prueba' },
      { id: 'bi', bank: 'Banco Industrial', account_type: 'monetaria', number: '000-123456-7', holder: 'Fundación Prueba' },
    ]);
  });

  it('refuses a bad account number and more than 10 accounts', async () => {
    const bad = { accounts: [{ ...ACCOUNTS.accounts[0], number: 'abc' }] };
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/settings/bank-accounts', headers: { authorization: `Bearer ${admin.token}` }, payload: bad });
    expect(res.statusCode).toBe(400);
    expect(json(res).detail).toBe(depositMessages.settings.numberInvalid);
    const many = { accounts: Array.from({ length: 11 }, (_, i) => ({ ...ACCOUNTS.accounts[0], id: `c${i}`, sortOrder: i })) };
    const res2 = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/settings/bank-accounts', headers: { authorization: `Bearer ${admin.token}` }, payload: many });
    expect(res2.statusCode).toBe(400);
    await putSettings(ctx.db, 'bankAccounts', ACCOUNTS);
  });
});

describe('POST /api/v1/donate with paymentMethod bank_deposit', () => {
  beforeAll(async () => putSettings(ctx.db, 'bankAccounts', ACCOUNTS));

  it('records a pending deposit (no card, no provider), once per key, and emails the instructions with the signed upload link', async () => {
    const key = randomUUID();
    const res = await donate(depositBody(), { key });
    expect(res.statusCode).toBe(201);
    const body = json<PublicDonationResponse>(res);
    expect(body).toMatchObject({ status: 'pending', payment_method: 'bank_deposit', amount: 250, card_last4: null, card_brand: null, covered_fee: 0 });
    expect(body.deposit_token).toBeTruthy();
    const again = await donate(depositBody(), { key });
    expect(json<PublicDonationResponse>(again).id).toBe(body.id);
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, body.id));
    expect(row).toMatchObject({ status: 'pending', paymentMethod: 'bank_deposit', paymentProvider: 'deposit', cardLast4: null, amountCents: 25_000 });

    const report = await deliverDueEmails(ctx.app, smtpTransport(smtp.url, 'Fundación <no-responder@prueba.gt>'));
    expect(report.sent).toBe(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(['lucia.aju@prueba.gt']);
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const decoded = Buffer.from(text, 'latin1').toString('utf8');
    expect(decoded).toContain(body.reference_code);
    expect(decoded).toContain('Q250.00');
    expect(decoded).toContain('Banrural, cuenta de ahorro 3-033-01234-5, a nombre de Fundación Prueba');
    expect(decoded).toContain('Banco Industrial, cuenta monetaria 000-123456-7');
    expect(decoded).not.toContain('BAM');
    const link = /(https?:\/\/\S+\/boleta\?token=(\S+))/.exec(decoded);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![2]);
    expect(await signedLinks(ctx.config.jwtSecret).verify(token, 'deposit-slip')).toBe(body.id);
    expect(await signedLinks(ctx.config.jwtSecret).verify(token, 'monthly-gift')).toBeNull();
  });

  it("staff cannot 'Procesar' a deposit as a card charge: it is approved or rejected against its slip", async () => {
    const d = await newDeposit();
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const view = await get(`/api/v1/donations/${d.id}`, admin.token);
    expect(json<{ can_process: boolean }>(view).can_process).toBe(false);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/donations/${d.id}/process`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(409);
    expect(json<{ detail: string }>(res).detail).toBe('Un depósito bancario no se cobra con tarjeta: apruébalo o recházalo al verificar la boleta.');
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, d.id));
    expect(row.status).toBe('pending');
  });

  it("is recorded as a deposit, not as a card gift, and its receipt says so once staff approve it", async () => {
    const d = await newDeposit();
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, d.id));
    expect(row.description).toBe('Donación por depósito o transferencia bancaria');
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/donations/${d.id}/approve`, headers: { authorization: `Bearer ${admin.token}` }, payload: {} });
    expect(approved.statusCode).toBe(200);
    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'deposit-approved'));
    const view = json<{ receipt_number: number; receipt_series: string }>(await get(`/api/v1/donations/${d.id}`, admin.token));
    expect(view.receipt_series).toBe('A');
    // The attached PDF is a constancia until SAT certifies it: the email calls it so, never a receipt by another name.
    expect(mail.textBody).toContain(`Número de constancia: ${formatReceiptNumber(view.receipt_number, 'A')}.`);
    expect(mail.textBody).not.toContain('recibo');
    const pdf = await get(`/api/v1/admin/donations/${d.id}/receipt.pdf`, admin.token);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Donación por depósito o transferencia bancaria');
    expect(text).not.toContain('Donación en línea');
    expect(pdf.headers['content-disposition']).toContain(`constancia-${formatReceiptNumber(view.receipt_number, 'A')}.pdf`);
  });

  it('refuses a monthly deposit and a covered fee; keeps the usual validation', async () => {
    const monthly = await donate(depositBody({ frequency: 'monthly' }));
    expect(monthly.statusCode).toBe(400);
    expect(json(monthly).errors).toEqual({ paymentMethod: depositMessages.depositNotMonthly });
    const fee = await donate(depositBody({ coverFees: true }));
    expect(fee.statusCode).toBe(400);
    expect(json(fee).errors).toEqual({ coverFees: depositMessages.depositNoFee });
    expect((await donate(depositBody({ amount: 0 }))).statusCode).toBe(400);
    expect((await donate(depositBody({ paymentMethod: 'cash' }))).statusCode).toBe(400);
  });
});

describe('deposit slips', () => {
  beforeAll(async () => putSettings(ctx.db, 'bankAccounts', ACCOUNTS));

  it('JPEG: re-encoded with its EXIF gone, a JPEG preview, the declared data kept; the same file again is kept once', async () => {
    const d = await newDeposit();
    const photo = await photoWithExif('jpeg');
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(d.id, photo, { token: d.deposit_token!, fileName: 'IMG_0042.JPG' });
    expect(res.statusCode).toBe(201);
    const status = json<DepositStatus>(res);
    expect(status.slips).toHaveLength(1);
    expect(status.slips[0]).toMatchObject({ content_type: 'image/jpeg', file_name: 'IMG_0042.jpg', has_preview: true, bank: 'Banrural', deposit_date: '2026-11-20', slip_number: 'ABC-123', declared_amount_cents: 25_000 });
    const [row] = await ctx.db.select().from(donationAttachments).where(eq(donationAttachments.donationId, d.id));
    const kept = await sharp(row.data).metadata();
    expect(kept.format).toBe('jpeg');
    expect(kept.exif).toBeUndefined();
    expect(row.data.includes(Buffer.from('Camara de Prueba'))).toBe(false);
    expect((await sharp(row.preview!).metadata()).format).toBe('jpeg');
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    const again = await upload(d.id, photo, { token: d.deposit_token! });
    expect(json<DepositStatus>(again).slips).toHaveLength(1);
  });

  it('PNG stays PNG without its metadata; PDF is kept as sent without a preview', async () => {
    const d = await newDeposit();
    const png = await upload(d.id, await photoWithExif('png'), { token: d.deposit_token!, fileName: 'captura.png' });
    expect(png.statusCode).toBe(201);
    const pdf = await upload(d.id, await pdfkitFile(), { token: d.deposit_token!, fileName: 'comprobante transferencia.pdf' });
    expect(pdf.statusCode).toBe(201);
    const slips = json<DepositStatus>(pdf).slips;
    expect(slips.map((s) => [s.content_type, s.file_name, s.has_preview])).toEqual([
      ['image/png', 'captura.png', true],
      ['application/pdf', 'comprobante transferencia.pdf', false],
    ]);
    const rows = await ctx.db.select().from(donationAttachments).where(eq(donationAttachments.donationId, d.id));
    const pngRow = rows.find((r) => r.contentType === 'image/png')!;
    const meta = await sharp(pngRow.data).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    expect(rows.find((r) => r.contentType === 'application/pdf')!.data.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('HEIC (a real iPhone-style photo) is decoded and kept as JPEG without its EXIF; an undecodable HEIC is refused as unreadable', async () => {
    // test/fixtures/deposit-slip.heic: a 64x48 photo with EXIF made here with sharp, encoded to HEIC
    // by libheif's heif-enc (x265); see test/fixtures/README.md.
    const heic = readFileSync(new URL('../fixtures/deposit-slip.heic', import.meta.url));
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic');
    const d = await newDeposit();
    const res = await upload(d.id, heic, { token: d.deposit_token!, fileName: 'IMG_0001.HEIC' });
    expect(res.statusCode).toBe(201);
    expect(json<DepositStatus>(res).slips[0]).toMatchObject({ content_type: 'image/jpeg', file_name: 'IMG_0001.jpg', has_preview: true });
    const [row] = await ctx.db.select().from(donationAttachments).where(eq(donationAttachments.donationId, d.id));
    const kept = await sharp(row.data).metadata();
    expect([kept.format, kept.width, kept.height, kept.exif]).toEqual(['jpeg', 64, 48, undefined]);
    expect(row.data.includes(Buffer.from('Camara HEIC'))).toBe(false);

    const header = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(64)]);
    const broken = await upload(d.id, header, { token: d.deposit_token!, fileName: 'IMG_1.HEIC' });
    expect(broken.statusCode).toBe(400);
    expect(json(broken).errors).toEqual({ file: e.imageUnreadable });
  });

  it('refuses a renamed executable (ELF, PE), an empty file, an oversized file and a PDF with scripts, each with its message', async () => {
    const d = await newDeposit();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    const pe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x40, 0, 0, 0]), Buffer.from('PE\0\0'), Buffer.alloc(100)]);
    for (const file of [elf, pe, Buffer.from('<html><script>alert(1)</script></html>')]) {
      const res = await upload(d.id, file, { token: d.deposit_token!, fileName: 'boleta.jpg' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ detail: e.fileType, errors: { file: e.fileType } });
    }
    const empty = await upload(d.id, Buffer.alloc(0), { token: d.deposit_token! });
    expect(empty.statusCode).toBe(400);
    const big = await upload(d.id, Buffer.concat([await photoWithExif('jpeg'), Buffer.alloc(SLIP_MAX_BYTES)]), { token: d.deposit_token! });
    expect(big.statusCode).toBe(413);
    expect(json(big).detail).toBe(e.fileTooLarge);
    const js = await upload(d.id, rawPdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), { token: d.deposit_token!, fileName: 'boleta.pdf' });
    expect(js.statusCode).toBe(400);
    expect(json(js).detail).toBe(e.pdfScript);
    const wrongType = await upload(d.id, await photoWithExif('jpeg'), { token: d.deposit_token!, contentType: 'image/gif' });
    expect(wrongType.statusCode).toBe(415);
    expect(await ctx.db.select({ id: donationAttachments.id }).from(donationAttachments).where(eq(donationAttachments.donationId, d.id))).toEqual([]);
  });

  it('finds scripts and automatic actions however a PDF spells or hides them', () => {
    expect(pdfHasActiveContent(rawPdf(''))).toBe(false);
    expect(pdfHasActiveContent(rawPdf('/OpenAction [2 0 R /Fit]'))).toBe(false);
    expect(pdfHasActiveContent(rawPdf('/Names << /JavaScript 3 0 R >>'))).toBe(true);
    expect(pdfHasActiveContent(rawPdf('/AA << /O 3 0 R >>'))).toBe(true);
    expect(pdfHasActiveContent(rawPdf('/OpenAction << /S /Launch /F (calc.exe) >>'))).toBe(true);
    expect(pdfHasActiveContent(rawPdf('/OpenAction << /S /J#61vaScript /J#53 (x) >>'))).toBe(true);
    const hidden = deflateSync(Buffer.from('3 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj'));
    const objStm = Buffer.concat([Buffer.from('4 0 obj\n<< /Type /ObjStm /Filter /FlateDecode /Length ' + hidden.length + ' >>\nstream\n', 'latin1'), hidden, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
    expect(pdfHasActiveContent(rawPdf('/OpenAction 3 0 R', objStm.toString('latin1')))).toBe(true);
  });

  it('validates the declared data in Spanish', async () => {
    const d = await newDeposit();
    const photo = await photoWithExif('jpeg');
    const unreal = await upload(d.id, photo, { token: d.deposit_token!, fields: { depositDate: '2026-02-30' } });
    expect(unreal.statusCode).toBe(400);
    expect(json(unreal).detail).toBe(e.depositDateInvalid);
    // Before 2000: the message names the range taken, not only that the date is wrong.
    const early = await upload(d.id, photo, { token: d.deposit_token!, fields: { depositDate: '1999-01-01' } });
    expect(json(early).detail).toBe('La fecha del depósito debe estar entre el 01/01/2000 y hoy');
    const later = await upload(d.id, photo, { token: d.deposit_token!, fields: { depositDate: '2099-01-01' } });
    expect(json(later).detail).toBe(e.depositDateFuture);
    // The amount is read as every typed amount (decision 0074), with the words /donate says.
    const amount = await upload(d.id, photo, { token: d.deposit_token!, fields: { amount: '1500.555' } });
    expect(json(amount).detail).toBe(donateMessages.amountInput.decimals);
    const comma = await upload(d.id, photo, { token: d.deposit_token!, fields: { amount: '1,50' } });
    expect(json(comma).detail).toBe(donateMessages.amountInput.ambiguous);
    const zero = await upload(d.id, photo, { token: d.deposit_token!, fields: { amount: '0.00' } });
    expect(json(zero).detail).toBe(e.amountInvalid);
    const grouped = await upload(d.id, photo, { token: d.deposit_token!, fields: { amount: 'Q1,500.50' } });
    expect(grouped.statusCode, grouped.body).toBe(201);
    expect(json<DepositStatus>(grouped).slips.at(-1)).toMatchObject({ declared_amount_cents: 150_050 });
    const slip = await upload(d.id, photo, { token: d.deposit_token!, fields: { slipNumber: 'no vale!' } });
    expect(json(slip).detail).toBe('El número de boleta solo lleva letras, números, espacios y guiones: quita «!»');
    // The number as the bank prints it, in groups: taken, and kept without the spaces.
    const spaced = await upload(d.id, await photoWithExif('jpeg', 72), { token: d.deposit_token!, fields: { slipNumber: '123 456 789' } });
    expect(spaced.statusCode, spaced.body).toBe(201);
    expect(json<DepositStatus>(spaced).slips.at(-1)).toMatchObject({ slip_number: '123456789' });
  });

  it('only the owner (signed in or by the signed link) sends a slip; a card donation or a decided one takes none', async () => {
    const owner = await make.signIn(ctx.app, ctx.db);
    const stranger = await make.signIn(ctx.app, ctx.db);
    const mine = await newDeposit(owner.token);
    const other = await newDeposit();
    const photo = await photoWithExif('jpeg');
    expect((await upload(mine.id, photo)).statusCode).toBe(401);
    expect((await upload(mine.id, photo, { bearer: stranger.token })).statusCode).toBe(403);
    expect((await upload(mine.id, photo, { token: other.deposit_token! })).statusCode).toBe(403);
    expect((await upload(mine.id, photo, { token: 'no.es.un.token' })).statusCode).toBe(403);
    const monthlyToken = await signedLinks(ctx.config.jwtSecret).sign({ purpose: 'monthly-gift', subject: mine.id });
    expect((await upload(mine.id, photo, { token: monthlyToken })).statusCode).toBe(403);
    expect((await upload(mine.id, photo, { bearer: owner.token })).statusCode).toBe(201);
    expect((await upload(999_999, photo, { bearer: owner.token })).statusCode).toBe(404);

    const card = await make.donation(ctx.db, { amountCents: 5_000, status: 'pending', userId: owner.id, paymentMethod: 'card' });
    const refused = await upload(card.id, photo, { bearer: owner.token });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).detail).toBe(e.notDeposit);
    await ctx.db.update(donations).set({ status: 'cancelled' }).where(eq(donations.id, other.id));
    const closed = await upload(other.id, photo, { token: other.deposit_token! });
    expect(closed.statusCode).toBe(409);
    expect(json(closed).detail).toBe(e.notPending);
  });

  it("the donor area's list names the method and counts the slips of a deposit", async () => {
    const owner = await make.signIn(ctx.app, ctx.db);
    const d = await newDeposit(owner.token);
    const before = json<{ donations: { id: number; payment_method: string; deposit_slips: number }[] }>(await get('/api/v1/users/me/donations', owner.token));
    expect(before.donations.find((x) => x.id === d.id)).toMatchObject({ payment_method: 'bank_deposit', deposit_slips: 0 });
    await upload(d.id, await photoWithExif('jpeg'), { bearer: owner.token });
    const after = json<{ donations: { id: number; deposit_slips: number }[] }>(await get('/api/v1/users/me/donations', owner.token));
    expect(after.donations.find((x) => x.id === d.id)?.deposit_slips).toBe(1);
  });

  it('the status: by the signed link without signing in, by the owner, by ADMIN; nobody else', async () => {
    const owner = await make.signIn(ctx.app, ctx.db);
    const stranger = await make.signIn(ctx.app, ctx.db);
    const d = await newDeposit(owner.token);
    await upload(d.id, await photoWithExif('jpeg'), { token: d.deposit_token! });
    const byLink = await get(`/api/v1/deposit?token=${encodeURIComponent(d.deposit_token!)}`);
    expect(byLink.statusCode).toBe(200);
    const status = json<DepositStatus>(byLink);
    expect(status).toMatchObject({ accepts_slips: true, donation: { id: d.id, reference_code: d.reference_code, amount_cents: 25_000, status: 'pending' } });
    expect(status.slips).toHaveLength(1);
    expect(status.accounts.map((a) => a.id)).toEqual(['banrural', 'bi']);
    expect((await get('/api/v1/deposit?token=malo')).statusCode).toBe(403);
    expect((await get('/api/v1/deposit')).statusCode).toBe(400);
    expect((await get(`/api/v1/donations/${d.id}/deposit`, owner.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/donations/${d.id}/deposit`, admin.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/donations/${d.id}/deposit`, stranger.token)).statusCode).toBe(403);
    expect((await get(`/api/v1/donations/${d.id}/deposit`)).statusCode).toBe(401);
  });

  it('serves a slip to its owner, its link and ADMIN only, with Content-Disposition and nosniff', async () => {
    const owner = await make.signIn(ctx.app, ctx.db);
    const stranger = await make.signIn(ctx.app, ctx.db);
    const d = await newDeposit(owner.token);
    const other = await newDeposit();
    const slip = json<DepositStatus>(await upload(d.id, await photoWithExif('jpeg'), { token: d.deposit_token!, fileName: 'Boleta Año.jpg' })).slips[0];

    const file = await get(`/api/v1/attachments/${slip.id}`, owner.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Boleta Ano.jpg"; filename*=UTF-8''Boleta%20A%C3%B1o.jpg`);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.length).toBe(slip.size_bytes);
    const preview = await get(`/api/v1/attachments/${slip.id}/preview?token=${encodeURIComponent(d.deposit_token!)}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="Boleta Ano-vista.jpg"/);
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(`/api/v1/attachments/${slip.id}`, admin.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/attachments/${slip.id}`, stranger.token)).statusCode).toBe(403);
    expect((await get(`/api/v1/attachments/${slip.id}?token=${encodeURIComponent(other.deposit_token!)}`)).statusCode).toBe(403);
    expect((await get(`/api/v1/attachments/${slip.id}`)).statusCode).toBe(401);
    expect((await get('/api/v1/attachments/999999', admin.token)).statusCode).toBe(404);
  });

  it('duplicateSlipsOf names the other donations that carry the same file', async () => {
    const a = await newDeposit();
    const b = await newDeposit();
    const c = await newDeposit();
    const photo = await photoWithExif('jpeg', 80);
    const slipA = json<DepositStatus>(await upload(a.id, photo, { token: a.deposit_token! })).slips[0];
    await upload(b.id, photo, { token: b.deposit_token! });
    await upload(c.id, await photoWithExif('jpeg', 96), { token: c.deposit_token! });
    const dupes = await duplicateSlipsOf(ctx.db, slipA.id);
    expect(dupes.map((x) => [x.donationId, x.referenceCode])).toEqual([[b.id, b.reference_code]]);
    expect(await duplicateSlipsOf(ctx.db, 999_999)).toEqual([]);
  });
});
