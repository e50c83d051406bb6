// Unicode noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF...): refused in every text input, and never
// written into a receipt's FEL XML, where U+FFFE and U+FFFF make the document not well-formed.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlainName } from '@donaciones/shared/schemas/fields';
import { buildRdonXml } from '../../src/domain/receipts/fel/rdon-xml';
import { createTestApp, json, type TestContext } from '../support/helpers';

const NONCHARACTERS = ['\uFFFF', '\uFFFE', '\uFDD0', '\uFDEF', '\u{1FFFF}'];

/** Characters outside XML 1.0's Char production. */
// eslint-disable-next-line no-control-regex -- XML's Char production names the control characters it allows
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

describe('noncharacters', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it.each(NONCHARACTERS)('the shared name rule refuses %j', (c) => {
    expect(isPlainName(`Ana${c} López`)).toBe(false);
  });

  it.each(NONCHARACTERS)('POST /donate refuses a name holding %j with 400 in Spanish', async (c) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/donate',
      headers: { 'idempotency-key': `nonchar-${randomBytes(4).toString('hex')}` },
      payload: { donorName: `Ana${c} López`, email: 'ana@correo.gt', amount: 10, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).detail).toMatch(/[áéíóúñ]|inválid|no válid/i);
  });

  it('the FEL XML never carries them, even from a stored value', () => {
    const xml = buildRdonXml(
      {
        issuedAt: new Date('2026-11-23T15:04:05Z'),
        currency: 'GTQ',
        amountCents: 1000,
        description: 'Donación\uFFFE (referencia #MG12345678)',
        receiver: { kind: 'cf', id: 'CF', name: 'Ana\uFFFF\uFDD0 López' },
        issuer: { nit: '9876543-4', legalName: 'Asociación\uFFFF', tradeName: 'Niñez', address: 'zona 1' },
      },
      { tipoPersoneria: 2, codigoEstablecimiento: 3, afiliacionIva: 'GEN', codigoPostal: '01010', municipio: 'Mixco', departamento: 'Guatemala' },
    );
    expect(xml).not.toMatch(NOT_XML_CHAR);
    expect(xml).not.toMatch(/\p{Noncharacter_Code_Point}/u);
    expect(xml).toContain('NombreReceptor="Ana López"');
  });
});
