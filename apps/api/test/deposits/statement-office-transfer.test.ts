// A bank transfer the office entered with its reference (docs/product.md#staff-gift-entry) is paid by the
// statement line carrying that reference: the import proposes it, FINANCE confirms it with one click, and
// the gift is completed. A card gateway's own transfer (Recurrente) is settled by the gateway, never here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guatemalaDay } from '@donaciones/shared/format';
import type { StatementImport } from '@donaciones/shared/schemas/bank-statements';
import { donations } from '../../src/db/schema';
import { createTestApp, inject, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let finance: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  finance = await make.signIn(ctx.app, ctx.db, { roles: ['FINANCE'] });
});
afterAll(async () => {
  await ctx?.close();
});

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const MAPPING = { date: 'Fecha', description: 'Descripción', reference: 'No. Documento', credit: 'Crédito', debit: 'Débito' };
const HEADER = 'Fecha;Descripción;No. Documento;Débito;Crédito;Saldo';
const statementDay = (iso: string) => `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

function importStatement(file: string, bank: string) {
  return inject(ctx.app, {
    method: 'POST',
    url: '/api/v1/admin/bank-statements',
    token: finance.token,
    payload: { bank, file_name: 'transferencias.csv', content_base64: base64(file), mapping: MAPPING },
  });
}

/** A transfer in quetzales the office enters through gift entry; its id. */
async function enterTransfer(gift: { receivedOn: string; donorName: string; donorEmail: string; reference: string; amount: number }): Promise<number> {
  const entered = await inject(ctx.app, { method: 'POST', url: '/api/v1/admin/gifts', token: finance.token, payload: { ...gift, currency: 'GTQ', method: 'transfer' } });
  expect(entered.statusCode, entered.body).toBe(201);
  return entered.json().id as number;
}

describe('a bank transfer entered by the office, found by its reference in the statement', () => {
  it('proposes the transfer for the line carrying its reference and amount, and confirms it', async () => {
    const today = guatemalaDay(new Date());
    const giftId = await enterTransfer({ receivedOn: today, donorName: 'Ana Transferencia', donorEmail: 'ana.transferencia@prueba.gt', reference: 'TRF-55881203', amount: 1234.5 });
    // A gateway's bank transfer of the same amount and day is the gateway's to settle.
    const gateway = await make.donation(ctx.db, { amountCents: 123_450, status: 'pending', paymentMethod: 'bank_transfer', paymentProvider: 'recurrente' });

    const file = `${HEADER}\n${statementDay(today)};CREDITO TRANSFERENCIA ACH;55881203;;1.234,50;1.234,50\n`;
    const res = await importStatement(file, 'Banco Transferencias');
    expect(res.statusCode, res.body).toBe(201);
    const imported = res.json() as StatementImport;
    const [line] = imported.lines;
    expect(line.state).toBe('proposed');
    expect(line.candidates[0]).toMatchObject({
      donation_id: giftId, kind: 'match', reference_found: true, slip_number: 'TRF-55881203', payment_method: 'bank_transfer', donor_has_email: true,
    });
    expect(line.candidates.some((c) => c.donation_id === gateway.id)).toBe(false);

    const confirmed = await inject(ctx.app, {
      method: 'POST',
      url: `/api/v1/admin/bank-statements/${imported.id}/lines/${line.id}/confirm`,
      token: finance.token,
      payload: { donation_id: giftId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as StatementImport).lines[0]).toMatchObject({ state: 'confirmed', confirmed_donation: { id: giftId } });
    const [gift] = await ctx.db.select().from(donations).where(eq(donations.id, giftId));
    expect(gift.status).toBe('completed');
    const [untouched] = await ctx.db.select().from(donations).where(eq(donations.id, gateway.id));
    expect(untouched.status).toBe('pending');
  });

  it('says whether the donor has an email, so Confirmar promises none for a transfer entered without one, and shows no address', async () => {
    const today = guatemalaDay(new Date());
    const giftId = await enterTransfer({ receivedOn: today, donorName: 'Pedro Sin Correo', donorEmail: '', reference: 'TRF-77001234', amount: 640 });
    const res = await importStatement(`${HEADER}\n${statementDay(today)};CREDITO TRANSFERENCIA ACH;77001234;;640,00;640,00\n`, 'Banco Sin Correo');
    expect(res.statusCode, res.body).toBe(201);
    const [candidate] = (res.json() as StatementImport).lines[0].candidates;
    expect(candidate).toMatchObject({ donation_id: giftId, donor_has_email: false });
    expect(Object.keys(candidate)).not.toContain('donor_email');
  });
});
