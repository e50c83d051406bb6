// The email that tells a sponsor their sponsorship started (docs/product.md#sponsorship): one email when
// the first payment completes, by card or by the first transfer, naming the child by first name only,
// with what comes next, how to write, the monthly gift's page and "Mi ahijado/a"; never a second one
// when the completion is replayed or the statement line imported again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { donations, emailOutbox, sponsorships } from '../../src/db/schema';
import { monthlyChargeCompleted } from '../../src/domain/ledger/monthly-charges';
import { sponsorshipOfGiftStarted } from '../../src/domain/ledger/sponsorship-start';
import { monthlyContext } from '../../src/domain/monthly/monthly-gifts';
import { chargeDueSimulatedGifts } from '../../src/domain/monthly/simulated-charges';
import { PUBLIC_URL_MARK } from '../../src/platform/email-outbox';
import { putSettings } from '../../src/platform/settings';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild } from '../support/sponsorship';

let ctx: TestContext;
let admin: Caller;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  await putSettings(ctx.db, 'bankAccounts', {
    accounts: [{ id: 'bi', bank: 'Banco Industrial', accountType: 'monetaria', number: '123-456789-0', holder: 'Fundación Demo', hidden: false, sortOrder: 0 }],
  });
}, 60_000);
afterAll(() => ctx?.close());

const hold = (childId: number, token?: string) => inject(ctx.app, { method: 'POST', url: '/api/v1/sponsorship/holds', payload: { childId }, token });
const start = (holdToken: string, payload: object, token?: string) => inject(ctx.app, { method: 'POST', url: `/api/v1/sponsorship/holds/${holdToken}/start`, payload, token });
const startedEmails = (to: string) => ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, 'sponsorship-started')));
/** What staff keep about the child: none of it may reach the sponsor's email. */
const STAFF_MARKERS = { fullName: 'Apellido-Secreto-7Q', community: 'Caserío-Secreto-7Q', school: 'Escuela-Secreta-7Q', guardianName: 'Tutora-Secreta-7Q', familySituation: 'Familia-Secreta-7Q', notes: 'Nota-Secreta-7Q', birthDate: '2015-03-09' };

function expectOnlyTheFirstName(text: string) {
  for (const marker of Object.values(STAFF_MARKERS)) expect(text).not.toContain(marker);
  // Gender-neutral: the child by name, the page by its name "Mi ahijado/a", the sponsor never as padrino/madrina.
  expect(text.replace(/\S+\/donor\/ahijado\S*/g, '')).not.toMatch(/\b(padrinos?|madrinas?)\b|ahijad[oa]\b(?!\/a)/i);
}

function importStatement(line: string) {
  const today = new Date().toLocaleDateString('en-GB', { timeZone: 'America/Guatemala' });
  return inject(ctx.app, {
    method: 'POST',
    url: '/api/v1/admin/bank-statements',
    token: admin.token,
    payload: {
      bank: 'Banco Industrial',
      file_name: `mov-${Math.random()}.csv`,
      content_base64: Buffer.from(`Fecha;Descripción;Crédito\n${today};${line}\n`, 'utf8').toString('base64'),
      mapping: { date: 'Fecha', description: 'Descripción', credit: 'Crédito' },
    },
  });
}

describe('the sponsorship confirmation email', () => {
  it('is sent once when the first card payment completes, naming the child by first name only, and not again on a replay', async () => {
    const sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['USER'], email: 'confirmacion.tarjeta@correo.gt', firstName: 'Marta', lastName: 'Padilla' });
    const child = await aChild(ctx.db, { firstName: 'Julia', ...STAFF_MARKERS });
    const h = await hold(child.id, sponsor.token);
    const res = await start(h.json().holdToken, { donorName: 'Marta Padilla', email: sponsor.email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true }, sponsor.token);
    expect(res.statusCode, res.body).toBe(201);
    // Nothing while the place is only held.
    expect(await startedEmails(sponsor.email)).toHaveLength(0);

    expect(await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app))).toBeGreaterThanOrEqual(1);
    const [email, ...more] = await startedEmails(sponsor.email);
    expect(more).toEqual([]);
    expect(email.subject).toBe('Ya apadrinas a Julia');
    const text = email.textBody;
    expect(text).toMatch(/^Hola Marta:/);
    expect(text).toContain('Confirmamos tu primer aporte y desde hoy apadrinas a Julia. Tu aporte mensual de Q250.00');
    expect(text).toContain('Cartas: cuando Julia te escriba');
    expect(text).toContain('Informes de avance: al menos dos veces al año');
    expect(text).toContain('Para escribirle, entra a Mi ahijado/a y abre "Cartas".');
    expect(text).toContain(`\n\n${PUBLIC_URL_MARK}/donor/ahijado\n\n`);
    expect(text).toMatch(/puedes cambiar el monto, pausarlo o terminarlo cuando quieras: https?:\/\/\S+\/donacion-mensual\?token=\S+/);
    expect(text).toContain('Si lo terminas, también termina tu apadrinamiento de Julia.');
    // An account reads Mi ahijado/a: no "create an account" line.
    expect(text).not.toContain('inicia sesión con este correo');
    expectOnlyTheFirstName(text);
    // The receipt still comes with the monthly gift's own email.
    expect(await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, sponsor.email), eq(emailOutbox.template, 'monthly-gift-started')))).toHaveLength(1);

    // Replayed: the ledger's step for the same charge, the start step itself, the job again.
    const [s] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.holdToken, h.json().holdToken));
    const [charge] = await ctx.db.select().from(donations).where(eq(donations.recurringGiftId, s.recurringGiftId!));
    await ctx.db.transaction(async (tx) => {
      await monthlyChargeCompleted(tx, monthlyContext(ctx.app), charge);
      await sponsorshipOfGiftStarted(tx, monthlyContext(ctx.app), { giftId: s.recurringGiftId!, userId: sponsor.id, paidAt: new Date(), via: 'first-payment' });
    });
    await chargeDueSimulatedGifts(ctx.db, monthlyContext(ctx.app));
    expect(await startedEmails(sponsor.email)).toHaveLength(1);
  });

  it('is sent once when the first transfer is recorded, to the address given (no account), with the transfer gift\'s page', async () => {
    const address = 'sin.cuenta.transfer@correo.gt';
    const child = await aChild(ctx.db, { firstName: 'Dulce', ...STAFF_MARKERS });
    const h = await hold(child.id);
    const res = await start(h.json().holdToken, { donorName: 'Lucía Transferencia', email: address, paymentMethod: 'transfer', acceptCodeOfConduct: true });
    expect(res.statusCode, res.body).toBe(201);
    const reference: string = res.json().transfer.reference;
    expect(await startedEmails(address)).toHaveLength(0);

    expect((await importStatement(`TRANSFERENCIA ${reference} LUCIA;250,00`)).statusCode).toBe(201);
    const [email, ...more] = await startedEmails(address);
    expect(more).toEqual([]);
    expect(email.subject).toBe('Ya apadrinas a Dulce');
    expect(email.textBody).toMatch(/^Hola Lucía:/);
    expect(email.textBody).toContain('Para entrar a Mi ahijado/a, inicia sesión con este correo (si aún no tienes cuenta, créala con este mismo correo y confírmalo).');
    expect(email.textBody).toMatch(/Tu aporte mensual por transferencia: .*puedes verlo o terminarlo cuando quieras \(para cambiar el monto, escríbenos\): https?:\/\/\S+\/donacion-mensual\?token=\S+/);
    expectOnlyTheFirstName(email.textBody);

    // The same statement line again records nothing and sends nothing.
    await importStatement(`TRANSFERENCIA ${reference} LUCIA;250,00`);
    expect(await startedEmails(address)).toHaveLength(1);
  });
});
