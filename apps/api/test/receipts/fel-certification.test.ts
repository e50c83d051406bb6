// Electronic certification of receipts (FEL) through Infile, against the local stand-in (no network):
// the RDON document, certification, SAT's refusal, a timeout retried with the same identificador, the
// last attempt, two processes at once, staff's view and retry, the donor's email with the certified
// PDF, and the configuration. docs/product.md#receipts, decision 0021
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import type { AdminReceiptFel } from '@donaciones/shared/schemas/fel';
import { type Config, ConfigError, type FelConfig, loadConfig } from '../../src/config';
import { rowsOf } from '../../src/db/rows';
import { deliverDueEmails } from '../../src/jobs/email-outbox';
import { runReceiptCertification } from '../../src/jobs/certify-receipts';
import { certifyDueReceipts } from '../../src/domain/receipts/fel/certification';
import { infileCertifier } from '../../src/domain/receipts/fel/infile';
import { buildRdonXml, satAmount, satDateTime } from '../../src/domain/receipts/fel/rdon-xml';
import { transitionDonation } from '../../src/domain/ledger/transitions';
import { createMailTransport } from '../../src/platform/mailer';
import { enqueueReceiptEmail, voidReceipt } from '../../src/domain/receipts/receipts';
import { renderEmailAttachment } from '../../src/domain/receipts/pdf';
import { type TestContext, createTestApp, inject, json, pdfText } from '../support/helpers';
import { INFILE_NIT, InfileStandIn, seriesAndNumberOf } from '../support/fel-infile-stand-in';
import { startSmtp } from '../support/smtp';
import * as make from '../support/factory';

const CREDENTIALS = { usuarioFirma: 'DEMO_FEL', llaveFirma: 'llave-firma-prueba', usuarioApi: 'DEMO_FEL', llaveApi: 'LLAVE-API-PRUEBA' };
const STALL_MS = 1_500;

const standIn = new InfileStandIn(CREDENTIALS, { stallMs: STALL_MS });
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ctx: TestContext;

function infileConfig(overrides: Partial<Extract<FelConfig, { provider: 'infile' }>> = {}): Extract<FelConfig, { provider: 'infile' }> {
  return {
    provider: 'infile',
    ...CREDENTIALS,
    url: standIn.url,
    timeoutMs: 1_000,
    tipoPersoneria: 2,
    codigoEstablecimiento: 1,
    afiliacionIva: 'GEN',
    codigoPostal: '01001',
    municipio: 'Guatemala',
    departamento: 'Guatemala',
    ...overrides,
  };
}

interface ReceiptFelRow {
  id: number;
  fel_status: string;
  fel_identifier: string | null;
  fel_uuid: string | null;
  fel_series: string | null;
  fel_number: string | null;
  fel_certified_at: string | Date | null;
  fel_xml: string | null;
  fel_error: string | null;
  fel_attempts: number;
}

async function receiptOfDonation(donationId: number): Promise<ReceiptFelRow> {
  const [row] = rowsOf<ReceiptFelRow>(await ctx.db.execute(sql`SELECT * FROM receipts WHERE donation_id = ${donationId}`));
  return row;
}

/** A donation completed through the ledger (staff approval), which issues its receipt. */
async function completedDonation(values: Parameters<typeof make.donation>[1] = { amountCents: 25_000 }) {
  const donation = await make.donation(ctx.db, { status: 'pending', donationType: 'goods', ...values });
  await transitionDonation(ctx.db, { id: donation.id, action: 'approve', actor: null });
  return { donation, receipt: await receiptOfDonation(donation.id) };
}

/** Makes every pending receipt due now (the backoff would wait minutes). */
const makeDue = () => ctx.db.execute(sql`UPDATE receipts SET fel_next_attempt_at = now() WHERE fel_status = 'pending'`);

const receiptEmails = async (receiptId: number) =>
  rowsOf<{ id: number; to_address: string; attachments: unknown }>(
    await ctx.db.execute(sql`SELECT id, to_address, attachments FROM email_outbox WHERE template = 'donation-receipt' AND attachments @> ${JSON.stringify([{ kind: 'receipt', receiptId }])}::jsonb`),
  );

/** The PDF attached to a raw MIME message (base64 part of type application/pdf). */
function pdfAttachment(raw: string): Buffer {
  const match = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  if (!match) throw new Error('no PDF attached');
  return Buffer.from(match[1].replace(/\s/g, ''), 'base64');
}

beforeAll(async () => {
  await standIn.start();
  smtp = await startSmtp();
  ctx = await createTestApp({ config: { fel: infileConfig(), smtpUrl: smtp.url } });
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await standIn.stop();
});

beforeEach(async () => {
  // Each test starts with no receipt waiting (those of earlier tests are settled).
  await ctx.db.execute(sql`UPDATE receipts SET fel_status = 'not_required' WHERE fel_status = 'pending'`);
});

describe('the RDON document', () => {
  const registration = { tipoPersoneria: 2, codigoEstablecimiento: 3, afiliacionIva: 'GEN', codigoPostal: '01010', municipio: 'Mixco', departamento: 'Guatemala' };
  const base = {
    issuedAt: new Date('2026-11-23T15:04:05Z'),
    currency: 'GTQ' as const,
    amountCents: 123_456,
    description: 'Donación (referencia #MG12345678)',
    issuer: { nit: '9876543-4', legalName: 'Asociación Niñez con Futuro', tradeName: 'Niñez con Futuro', address: '5a. avenida 10-20, zona 1' },
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed document's shape is what the assertions check
  const parse = (xml: string) => create(xml).end({ format: 'object' }) as Record<string, any>;
  const emission = (xml: string) => parse(xml)['dte:GTDocumento']['dte:SAT']['dte:DTE']['dte:DatosEmision'];

  it('is a "Recibo por donación" in SAT namespace 0.2.0 with the issuer, the gift in one line and its total', () => {
    const xml = buildRdonXml({ ...base, receiver: { kind: 'nit', id: '576937-k', name: 'Ana Cifuentes' } }, registration);
    const doc = parse(xml)['dte:GTDocumento'];
    expect(doc['@xmlns:dte']).toBe('http://www.sat.gob.gt/dte/fel/0.2.0');
    expect(doc['@Version']).toBe('0.1');
    const e = emission(xml);
    expect(e['dte:DatosGenerales']).toMatchObject({ '@Tipo': 'RDON', '@CodigoMoneda': 'GTQ', '@FechaHoraEmision': '2026-11-23T09:04:05-06:00', '@TipoPersoneria': '2' });
    expect(e['dte:Emisor']).toMatchObject({
      '@NITEmisor': '98765434',
      '@NombreEmisor': 'Asociación Niñez con Futuro',
      '@NombreComercial': 'Niñez con Futuro',
      '@CodigoEstablecimiento': '3',
      '@AfiliacionIVA': 'GEN',
    });
    expect(e['dte:Emisor']['dte:DireccionEmisor']).toMatchObject({ 'dte:Direccion': '5a. avenida 10-20, zona 1', 'dte:CodigoPostal': '01010', 'dte:Municipio': 'Mixco', 'dte:Pais': 'GT' });
    expect(e['dte:Receptor']).toEqual({ '@IDReceptor': '576937K', '@NombreReceptor': 'Ana Cifuentes' });
    const item = e['dte:Items']['dte:Item'];
    expect(item).toMatchObject({ '@NumeroLinea': '1', 'dte:Cantidad': '1', 'dte:PrecioUnitario': '1234.56', 'dte:Precio': '1234.56', 'dte:Total': '1234.56' });
    expect(item['dte:Impuestos']).toBeUndefined();
    expect(e['dte:Totales']).toEqual({ 'dte:GranTotal': '1234.56' });
    // Sent unsigned: the certifier signs it with the issuer's key.
    expect(xml).not.toContain('ds:Signature');
  });

  it('names a CUI receiver with TipoEspecial="CUI" and a final consumer as CF', () => {
    const cui = emission(buildRdonXml({ ...base, receiver: { kind: 'cui', id: '2527135960101', name: 'José Pérez' } }, registration));
    expect(cui['dte:Receptor']).toEqual({ '@IDReceptor': '2527135960101', '@TipoEspecial': 'CUI', '@NombreReceptor': 'José Pérez' });
    const cf = emission(buildRdonXml({ ...base, receiver: { kind: 'cf', id: 'CF', name: 'María' } }, registration));
    expect(cf['dte:Receptor']).toEqual({ '@IDReceptor': 'CF', '@NombreReceptor': 'María' });
  });

  it('escapes text and writes amounts and dates as SAT reads them', () => {
    const xml = buildRdonXml({ ...base, description: 'Útiles & <libros>', receiver: { kind: 'cf', id: 'CF', name: 'A "B"' } }, registration);
    expect(xml).toContain('<dte:Descripcion>Útiles &amp; &lt;libros&gt;</dte:Descripcion>');
    expect(xml).toContain('NombreReceptor="A &quot;B&quot;"');
    expect([satAmount(5), satAmount(100), satAmount(2_500_00)]).toEqual(['0.05', '1.00', '2500.00']);
    expect(satDateTime(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31T21:00:00-06:00');
  });
});

describe('certification through Infile', () => {
  it('issues the receipt pending, certifies it with the five headers, stores SAT\'s authorization and emails the certified PDF', async () => {
    const { donation, receipt } = await completedDonation({ amountCents: 35_000, donorName: 'Lucía Ramírez', donorNit: '576937-K', donorTaxIdKind: 'nit' });
    expect(receipt.fel_status).toBe('pending');
    expect(await receiptEmails(receipt.id)).toHaveLength(0);
    // Meanwhile its PDF is a constancia that says where the certified receipt will be, true also for a
    // donor who asked for no receipts by email: by email or in Recibos.
    const constancia = (await pdfText((await renderEmailAttachment(ctx.db, { kind: 'receipt', receiptId: receipt.id })).content)).replace(/\s+/g, ' ');
    expect(constancia).toContain('Constancia de donación');
    expect(constancia).toContain('en cuanto la SAT la certifique tendrás el recibo por donación certificado (FEL), por correo o en Recibos de tu cuenta');

    const report = await runReceiptCertification(ctx.app);
    expect(report).toMatchObject({ certified: 1, rejected: 0, retried: 0, failed: 0 });

    const request = standIn.requests.at(-1);
    expect(request?.headers).toMatchObject({
      usuariofirma: CREDENTIALS.usuarioFirma,
      llavefirma: CREDENTIALS.llaveFirma,
      usuarioapi: CREDENTIALS.usuarioApi,
      llaveapi: CREDENTIALS.llaveApi,
    });
    expect(request?.xml).toContain('Tipo="RDON"');
    expect(request?.xml).toContain('IDReceptor="576937K"');
    expect(request?.xml).toContain('<dte:GranTotal>350.00</dte:GranTotal>');

    const row = await receiptOfDonation(donation.id);
    expect(row.fel_status).toBe('certified');
    expect(request?.identificador).toBe(row.fel_identifier);
    const answer = standIn.certified.get(row.fel_identifier as string) as Record<string, unknown>;
    expect(row.fel_uuid).toBe(answer.uuid);
    expect(row.fel_uuid).toMatch(/^[0-9A-F]{8}-([0-9A-F]{4}-){3}[0-9A-F]{12}$/);
    const { serie, numero } = seriesAndNumberOf(row.fel_uuid as string);
    expect([row.fel_series, row.fel_number]).toEqual([serie, String(numero)]);
    expect(row.fel_certified_at).not.toBeNull();
    expect(row.fel_xml).toContain(`<dte:NITCertificador>${INFILE_NIT}</dte:NITCertificador>`);
    expect(row.fel_xml).toContain(`>${row.fel_uuid}</dte:NumeroAutorizacion>`);
    expect(row.fel_error).toBeNull();

    // The donor's email, queued once, carries the PDF with SAT's authorization.
    expect(await receiptEmails(row.id)).toHaveLength(1);
    smtp.received.length = 0;
    await deliverDueEmails(ctx.app, createMailTransport(ctx.config, ctx.app.log));
    const mail = smtp.received.find((m) => m.to.includes(donation.donorEmail) && m.raw.includes('X-Template: donation-receipt'));
    expect(mail).toBeDefined();
    // The UUID may wrap at a hyphen in its box: compared without the line breaks.
    const text = (await pdfText(pdfAttachment(mail?.raw ?? ''))).replace(/\s/g, '');
    expect(text).toContain(row.fel_uuid as string);
    // Certified, it is the receipt itself.
    expect(text).toContain('Recibopordonación');
    expect(text).not.toContain('Constanciadedonación');
    expect(text).toContain(row.fel_series as string);
    expect(text).toContain(row.fel_number as string);

    // Nothing left to do: a second run sends nothing.
    const before = standIn.requests.length;
    expect(await runReceiptCertification(ctx.app)).toMatchObject({ certified: 0, rejected: 0, retried: 0, failed: 0 });
    expect(standIn.requests.length).toBe(before);
  });

  it('sends a CUI with TipoEspecial="CUI" and a dollar gift at its quetzal value', async () => {
    const { donation } = await completedDonation({
      amountCents: 10_000,
      currency: 'USD',
      gtqCents: 77_000,
      exchangeRate: '7.70',
      exchangeRateDate: '2026-11-01',
      donorNit: '2527135960101',
      donorTaxIdKind: 'cui',
    });
    await runReceiptCertification(ctx.app);
    const xml = standIn.requests.at(-1)?.xml ?? '';
    expect(xml).toContain('IDReceptor="2527135960101" TipoEspecial="CUI"');
    expect(xml).toContain('CodigoMoneda="GTQ"');
    expect(xml).toContain('<dte:GranTotal>770.00</dte:GranTotal>');
    expect((await receiptOfDonation(donation.id)).fel_status).toBe('certified');
  });

  it('marks a receipt SAT refuses as rejected with SAT\'s message, still emails it, and staff see why and retry it', async () => {
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const { donation } = await completedDonation({ amountCents: 5_000, donorNit: '576937-K', donorTaxIdKind: 'nit' });
    const message = 'El NIT del receptor 576937K no es válido según el Registro Tributario Unificado.';
    standIn.rejectNext(message, 'El nombre del receptor no corresponde al NIT.');

    expect(await runReceiptCertification(ctx.app)).toMatchObject({ rejected: 1, certified: 0 });
    const row = await receiptOfDonation(donation.id);
    expect(row.fel_status).toBe('rejected');
    expect(row.fel_error).toBe(`${message}; El nombre del receptor no corresponde al NIT.`);
    expect(row.fel_uuid).toBeNull();
    // The donor is never left without a receipt.
    expect(await receiptEmails(row.id)).toHaveLength(1);

    const view = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${donation.id}/fel`, token: admin.token });
    expect(view.statusCode).toBe(200);
    expect(json<AdminReceiptFel>(view)).toMatchObject({ status: 'rejected', error: row.fel_error, uuid: null, can_retry: true });

    const retry = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${donation.id}/fel/retry`, token: admin.token });
    expect(retry.statusCode).toBe(200);
    expect(json<AdminReceiptFel>(retry)).toMatchObject({ status: 'pending', error: null, attempts: 0, can_retry: false });
    const audited = rowsOf<{ action: string }>(await ctx.db.execute(sql`SELECT action FROM audit_log WHERE entity_id = ${String(donation.id)} AND action = 'receipt.fel_retry'`));
    expect(audited).toHaveLength(1);

    expect(await runReceiptCertification(ctx.app)).toMatchObject({ certified: 1 });
    const certified = await receiptOfDonation(donation.id);
    expect(certified.fel_status).toBe('certified');
    expect(certified.fel_identifier).toBe(row.fel_identifier);
    // Certified now: the donor gets the certified receipt too.
    expect(await receiptEmails(row.id)).toHaveLength(2);
    const after = json<AdminReceiptFel>(await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${donation.id}/fel`, token: admin.token }));
    expect(after).toMatchObject({ status: 'certified', uuid: certified.fel_uuid, series: certified.fel_series, number: certified.fel_number, can_retry: false });
    expect(after.verification_url).toContain(`numero=${certified.fel_uuid}`);

    // Only a rejected or failed receipt can be sent again.
    const again = await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${donation.id}/fel/retry`, token: admin.token });
    expect(again.statusCode).toBe(409);
  });

  it('retries a timeout later with the same identificador and gets the one certification Infile made', async () => {
    const { donation } = await completedDonation({ amountCents: 12_345 });
    standIn.stallNext();
    const first = await runReceiptCertification(ctx.app);
    expect(first).toMatchObject({ retried: 1, certified: 0 });
    let row = await receiptOfDonation(donation.id);
    expect(row.fel_status).toBe('pending');
    expect(row.fel_attempts).toBe(1);
    expect(row.fel_error).toBe('El certificador no respondió en 1 s.');
    const due = rowsOf<{ wait: number }>(
      await ctx.db.execute(sql`SELECT extract(epoch FROM fel_next_attempt_at - now()) AS wait FROM receipts WHERE id = ${row.id}`),
    );
    expect(Number(due[0].wait)).toBeGreaterThan(50);
    expect(await receiptEmails(row.id)).toHaveLength(0);

    // Infile finished the stalled request meanwhile; the retry carries the same identificador.
    await new Promise((resolve) => setTimeout(resolve, STALL_MS));
    await makeDue();
    expect(await runReceiptCertification(ctx.app)).toMatchObject({ certified: 1 });
    row = await receiptOfDonation(donation.id);
    const attempts = standIn.requests.filter((r) => r.identificador === row.fel_identifier);
    expect(attempts).toHaveLength(2);
    expect(row.fel_uuid).toBe(standIn.certified.get(row.fel_identifier as string)?.uuid);
    expect(row.fel_attempts).toBe(2);
    expect(await receiptEmails(row.id)).toHaveLength(1);
  });

  it('gives up after the last attempt, marks the receipt failed with the reason and emails it uncertified', async () => {
    const { donation } = await completedDonation({ amountCents: 9_900 });
    const refused = infileCertifier(infileConfig({ llaveApi: 'LLAVE-EQUIVOCADA' }));
    const options = { afterCertification: enqueueReceiptEmail, leaseMs: 60_000, maxAttempts: 2 };
    expect(await certifyDueReceipts(ctx.db, refused, options)).toMatchObject({ retried: 1, failed: 0 });
    await makeDue();
    expect(await certifyDueReceipts(ctx.db, refused, options)).toMatchObject({ retried: 0, failed: 1 });
    const row = await receiptOfDonation(donation.id);
    expect(row.fel_status).toBe('failed');
    expect(row.fel_error).toBe('No se pudo certificar después de 2 intentos. Último error: El certificador respondió 401: Usuario o llave inválidos');
    expect(await receiptEmails(row.id)).toHaveLength(1);
  });

  it('does not send a receipt voided by a refund before it was certified', async () => {
    const { donation, receipt } = await completedDonation({ amountCents: 4_000 });
    await voidReceipt(ctx.db, donation.id, 'Reembolso a pedido del donante');
    const before = standIn.requests.length;
    expect(await runReceiptCertification(ctx.app)).toMatchObject({ certified: 0, rejected: 0, retried: 0, failed: 0 });
    expect(standIn.requests.length).toBe(before);
    const row = await receiptOfDonation(donation.id);
    expect(row.fel_status).toBe('not_required');
    expect(row.fel_error).toBe('El recibo se anuló (reembolso o anulación de la donación) antes de certificarse: no se envía a SAT.');
    expect(await receiptEmails(receipt.id)).toHaveLength(0);
  });

  it('with two processes at once, each receipt is sent once', async () => {
    const second = await createTestApp({ config: { fel: infileConfig(), smtpUrl: smtp.url }, sameDatabaseAs: ctx });
    try {
      const receipts = await Promise.all([1, 2, 3, 4].map((i) => completedDonation({ amountCents: 1_000 * i })));
      const before = standIn.requests.length;
      const reports = await Promise.all([runReceiptCertification(ctx.app), runReceiptCertification(second.app)]);
      expect(reports.reduce((sum, r) => sum + (r?.certified ?? 0), 0)).toBe(4);
      expect(standIn.requests.length - before).toBe(4);
      for (const { donation } of receipts) {
        const row = await receiptOfDonation(donation.id);
        expect(row.fel_status).toBe('certified');
        expect(await receiptEmails(row.id)).toHaveLength(1);
      }
    } finally {
      await second.app.close();
    }
  });

  it('answers null for a donation without a receipt, 404 for an unknown one, and refuses non-admins', async () => {
    const admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
    const donor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR'] });
    const pending = await make.donation(ctx.db, { amountCents: 1_000, status: 'pending' });
    const none = await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${pending.id}/fel`, token: admin.token });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await inject(ctx.app, { method: 'GET', url: '/api/v1/admin/donations/999999/fel', token: admin.token })).statusCode).toBe(404);
    expect((await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${pending.id}/fel`, token: donor.token })).statusCode).toBe(403);
    expect((await inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${pending.id}/fel/retry` })).statusCode).toBe(401);
  });
});

describe('configuration', () => {
  const env = {
    NODE_ENV: 'test',
    JWT_SECRET: 'j'.repeat(32),
    COOKIE_SECRET: 'c'.repeat(32),
  };
  const infileEnv = {
    FEL_PROVIDER: 'infile',
    FEL_INFILE_USUARIO_FIRMA: 'DEMO_FEL',
    FEL_INFILE_LLAVE_FIRMA: 'firma',
    FEL_INFILE_USUARIO_API: 'DEMO_FEL',
    FEL_INFILE_LLAVE_API: 'api',
    FEL_TIPO_PERSONERIA: '2',
  };
  const message = (source: Record<string, string>) => {
    try {
      loadConfig({ ...env, ...source }, { dataDir: '/tmp/fel-config-test' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    return null;
  };

  it('is off unless configured', () => {
    expect(loadConfig(env, { dataDir: '/tmp/fel-config-test' }).fel).toEqual({ provider: 'off' });
  });

  it('with Infile reads the credentials, the unified endpoint and the issuer\'s SAT registration', () => {
    const config: Config = loadConfig({ ...env, ...infileEnv, FEL_CODIGO_ESTABLECIMIENTO: '4' }, { dataDir: '/tmp/fel-config-test' });
    expect(config.fel).toEqual({
      provider: 'infile',
      usuarioFirma: 'DEMO_FEL',
      llaveFirma: 'firma',
      usuarioApi: 'DEMO_FEL',
      llaveApi: 'api',
      url: 'https://certificador.feel.com.gt/fel/procesounificado/transaccion/v2/xml',
      timeoutMs: 60_000,
      tipoPersoneria: 2,
      codigoEstablecimiento: 4,
      afiliacionIva: 'GEN',
      codigoPostal: '01001',
      municipio: 'Guatemala',
      departamento: 'Guatemala',
    });
  });

  it('names in Spanish what is missing or wrong', () => {
    expect(message({ FEL_PROVIDER: 'infile' })).toBe(
      'Con FEL_PROVIDER=infile se requieren: FEL_INFILE_USUARIO_FIRMA, FEL_INFILE_LLAVE_FIRMA, FEL_INFILE_USUARIO_API, FEL_INFILE_LLAVE_API, FEL_TIPO_PERSONERIA (ver README, sección Recibos electrónicos FEL)',
    );
    const { FEL_INFILE_LLAVE_API: _omitted, ...withoutKey } = infileEnv;
    expect(message(withoutKey)).toContain('se requieren: FEL_INFILE_LLAVE_API (');
    expect(message({ FEL_PROVIDER: 'digifact' })).toContain('FEL_PROVIDER: FEL_PROVIDER debe ser off o infile');
    expect(message({ ...infileEnv, FEL_TIPO_PERSONERIA: 'asociación' })).toContain('FEL_TIPO_PERSONERIA debe ser el código numérico de personería del catálogo de SAT');
    expect(message({ ...infileEnv, FEL_CODIGO_ESTABLECIMIENTO: '0' })).toContain('FEL_CODIGO_ESTABLECIMIENTO debe estar entre 1 y 9999');
    expect(message({ ...infileEnv, FEL_AFILIACION_IVA: 'XYZ' })).toContain('FEL_AFILIACION_IVA debe ser GEN, EXE, PEQ, PEE, AGR o AGE');
    expect(message({ ...infileEnv, FEL_INFILE_URL: 'no es url' })).toContain('FEL_INFILE_URL debe ser una URL');
  });
});
