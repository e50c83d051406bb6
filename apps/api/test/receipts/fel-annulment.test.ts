// Voiding a gift whose receipt SAT certified annuls it through the certifier's documented annulment
// (GTAnulacionDocumento at Infile's unified endpoint, against the local stand-in: no network): the
// document sent, SAT's acceptance, a refusal kept for staff, an unreachable certifier retried by the
// job with the same identificador, and a receipt voided before certification never sent.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import type { FelConfig } from '../../src/config';
import { rowsOf } from '../../src/db/rows';
import { runReceiptAnnulment, runReceiptCertification } from '../../src/jobs/certify-receipts';
import { buildAnnulmentXml } from '../../src/domain/receipts/fel/annulment-xml';
import { transitionDonation } from '../../src/domain/ledger/transitions';
import { type Caller, type TestContext, createTestApp, inject, json } from '../support/helpers';
import { InfileStandIn } from '../support/fel-infile-stand-in';
import * as make from '../support/factory';

const CREDENTIALS = { usuarioFirma: 'DEMO_FEL', llaveFirma: 'llave-firma-prueba', usuarioApi: 'DEMO_FEL', llaveApi: 'LLAVE-API-PRUEBA' };
const standIn = new InfileStandIn(CREDENTIALS, { stallMs: 1_500 });
let ctx: TestContext;
let finance: Caller;

function infileConfig(): Extract<FelConfig, { provider: 'infile' }> {
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
  };
}

interface ReceiptRow {
  id: number;
  fel_status: string;
  fel_uuid: string | null;
  voided_at: unknown;
  fel_annulment_status: string | null;
  fel_annulment_identifier: string | null;
  fel_annulled_at: unknown;
  fel_annulment_error: string | null;
  fel_annulment_attempts: number;
}
const receiptOf = async (donationId: number) => rowsOf<ReceiptRow>(await ctx.db.execute(sql`SELECT * FROM receipts WHERE donation_id = ${donationId}`))[0];

/** A cash gift approved by staff, its receipt certified by the stand-in. */
async function certifiedGift(taxId = '576937-K') {
  const gift = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'cash', amount: 500, donorNit: taxId, donorTaxIdKind: 'nit' });
  await transitionDonation(ctx.db, { id: gift.id, action: 'approve', actor: null });
  await ctx.db.execute(sql`UPDATE receipts SET fel_next_attempt_at = now() WHERE fel_status = 'pending'`);
  await runReceiptCertification(ctx.app);
  const receipt = await receiptOf(gift.id);
  expect(receipt.fel_status).toBe('certified');
  return { gift, receipt };
}

const voidGift = (id: number, reason = 'Se registró dos veces') =>
  inject(ctx.app, { method: 'POST', url: `/api/v1/admin/donations/${id}/void`, payload: { reason }, token: finance.token });

beforeAll(async () => {
  await standIn.start();
  ctx = await createTestApp({ config: { fel: infileConfig() } });
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
});
afterAll(async () => {
  await ctx?.close();
  await standIn.stop();
});

describe('the annulment document', () => {
  it('is a GTAnulacionDocumento of SAT namespace 0.1.0 naming the receipt, the issuer, the receiver, both dates and the reason', () => {
    const xml = buildAnnulmentXml({
      uuid: '1A2B3C4D-0000-4000-8000-000000000001',
      issuerNit: '9876543-4',
      receiver: { kind: 'cf', id: 'CF', name: 'Consumidor Final' },
      issuedAt: new Date('2026-11-23T15:04:05Z'),
      annulledAt: new Date('2026-11-25T18:00:00Z'),
      reason: 'Se registró dos veces',
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed document's shape is what is checked
    const doc = (create(xml).end({ format: 'object' }) as Record<string, any>)['dte:GTAnulacionDocumento'];
    expect(doc['@xmlns:dte']).toBe('http://www.sat.gob.gt/dte/fel/0.1.0');
    expect(doc['@Version']).toBe('0.1');
    expect(doc['dte:SAT']['dte:AnulacionDTE']['@ID']).toBe('DatosCertificados');
    expect(doc['dte:SAT']['dte:AnulacionDTE']['dte:DatosGenerales']).toMatchObject({
      '@ID': 'DatosAnulacion',
      '@NumeroDocumentoAAnular': '1A2B3C4D-0000-4000-8000-000000000001',
      '@NITEmisor': '98765434',
      '@IDReceptor': 'CF',
      '@FechaEmisionDocumentoAnular': '2026-11-23T09:04:05-06:00',
      '@FechaHoraAnulacion': '2026-11-25T12:00:00-06:00',
      '@MotivoAnulacion': 'Se registró dos veces',
    });
  });
});

describe('voiding a gift with a certified receipt', () => {
  it('sends the annulment to the unified endpoint with the credentials and its own identificador, and records SAT acceptance', async () => {
    const { gift, receipt } = await certifiedGift();
    const before = standIn.requests.length;
    expect((await voidGift(gift.id)).statusCode).toBe(200);

    const sent = standIn.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].xml).toContain('dte:GTAnulacionDocumento');
    expect(sent[0].xml).toContain(`NumeroDocumentoAAnular="${receipt.fel_uuid}"`);
    expect(sent[0].headers.usuariofirma).toBe(CREDENTIALS.usuarioFirma);
    expect(sent[0].headers.llaveapi).toBe(CREDENTIALS.llaveApi);
    expect(sent[0].status).toBe(200);
    expect(sent[0].answer).toMatchObject({ resultado: true, uuid: receipt.fel_uuid });
    const after = await receiptOf(gift.id);
    expect(after).toMatchObject({ fel_annulment_status: 'annulled', fel_annulment_error: null, fel_annulment_attempts: 1 });
    expect(after.fel_annulled_at).not.toBeNull();
    expect(sent[0].identificador).toBe(after.fel_annulment_identifier);
    expect([...standIn.annulled.values()].map((a) => a.uuid)).toContain(receipt.fel_uuid);
  });

  it("keeps SAT's refusal for staff; the gift stays voided", async () => {
    const { gift } = await certifiedGift();
    standIn.rejectNext('El documento no puede anularse: plazo vencido');
    expect((await voidGift(gift.id)).statusCode).toBe(200);
    expect(await receiptOf(gift.id)).toMatchObject({ fel_annulment_status: 'rejected', fel_annulment_error: 'El documento no puede anularse: plazo vencido' });
    const [row] = rowsOf<{ status: string }>(await ctx.db.execute(sql`SELECT status FROM donations WHERE id = ${gift.id}`));
    expect(row.status).toBe('voided');
  });

  it('retries an unanswered annulment from the job with the same identificador, which the certifier answers once', async () => {
    const { gift, receipt } = await certifiedGift();
    standIn.stallNext(1);
    expect((await voidGift(gift.id)).statusCode).toBe(200);
    const waiting = await receiptOf(gift.id);
    expect(waiting.fel_annulment_status).toBe('pending');
    expect(waiting.fel_annulment_error).toBeTruthy();

    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await runReceiptAnnulment(ctx.app)).toMatchObject({ annulled: 1 });
    const done = await receiptOf(gift.id);
    expect(done).toMatchObject({ fel_annulment_status: 'annulled', fel_annulment_attempts: 2, fel_annulment_identifier: waiting.fel_annulment_identifier });
    expect([...standIn.annulled.values()].filter((a) => a.uuid === receipt.fel_uuid)).toHaveLength(1);
  });

  it('sends nothing for a receipt voided before it was certified', async () => {
    const gift = await make.donation(ctx.db, { status: 'pending', paymentMethod: 'cash' });
    await transitionDonation(ctx.db, { id: gift.id, action: 'approve', actor: null });
    const before = standIn.requests.length;
    expect((await voidGift(gift.id)).statusCode).toBe(200);
    await runReceiptCertification(ctx.app);
    expect(standIn.requests.slice(before).filter((r) => r.xml.includes('dte:GTAnulacionDocumento'))).toHaveLength(0);
    expect(await receiptOf(gift.id)).toMatchObject({ fel_status: 'not_required', fel_annulment_status: null });
  });

  it('the stand-in refuses a document it never certified, as SAT would', async () => {
    const xml = buildAnnulmentXml({
      uuid: '00000000-0000-4000-8000-000000000000',
      issuerNit: '9876543-4',
      receiver: { kind: 'cf', id: 'CF', name: 'CF' },
      issuedAt: new Date(),
      annulledAt: new Date(),
      reason: 'Prueba',
    });
    const res = await fetch(standIn.url, {
      method: 'POST',
      headers: { UsuarioFirma: CREDENTIALS.usuarioFirma, LlaveFirma: CREDENTIALS.llaveFirma, UsuarioApi: CREDENTIALS.usuarioApi, LlaveApi: CREDENTIALS.llaveApi, identificador: 'x-1' },
      body: xml,
    });
    expect(await res.json()).toMatchObject({ resultado: false, cantidad_errores: 1 });
  });
});

describe('staff view', () => {
  it('lists the void among the corrections', async () => {
    const { gift } = await certifiedGift();
    await voidGift(gift.id, 'Cheque sin fondos');
    const list = json<{ kind: string; reason: string }[]>(await inject(ctx.app, { method: 'GET', url: `/api/v1/admin/donations/${gift.id}/corrections`, token: finance.token }));
    expect(list).toEqual([expect.objectContaining({ kind: 'void', reason: 'Cheque sin fondos' })]);
  });
});
