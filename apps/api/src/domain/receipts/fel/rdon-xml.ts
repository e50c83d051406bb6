// SAT's "Recibo por donación" (RDON) as a GTDocumento of the FEL schema (GT_Documento-0.2.1.xsd,
// namespace http://www.sat.gob.gt/dte/fel/0.2.0; decision 0021 says what was checked against the
// published schema and what remains to confirm with the certifier). The document is sent unsigned:
// the certifier adds the issuer's signature (ds:Signature) with the issuer's signing key.
import { create } from 'xmlbuilder2';

export const FEL_NAMESPACE = 'http://www.sat.gob.gt/dte/fel/0.2.0';
const DS_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** Guatemala keeps UTC-6 all year (no daylight saving), the offset SAT's dates carry. */
const GUATEMALA_OFFSET_MS = -6 * 60 * 60 * 1000;

/** What a receipt contributes to its RDON. */
export interface RdonReceipt {
  issuedAt: Date;
  currency: 'GTQ' | 'USD';
  amountCents: number;
  /** The line's text (the gift and its reference). */
  description: string;
  receiver: { kind: 'nit' | 'cui' | 'cf'; id: string; name: string };
  issuer: { nit: string; legalName: string; tradeName: string; address: string };
}

/** The issuer's registration with SAT that no receipt carries (configuration, see README). */
export interface RdonRegistration {
  tipoPersoneria: number;
  codigoEstablecimiento: number;
  afiliacionIva: string;
  codigoPostal: string;
  municipio: string;
  departamento: string;
}

/** A NIT as SAT's documents write it: no hyphen, no spaces, K upper case (`1234567-k` -> `1234567K`). */
export const satNit = (nit: string): string => nit.replace(/[\s-]/g, '').toUpperCase();

/** `2026-11-23T09:41:12-06:00`: the instant in Guatemala time with its offset, as SAT's schema asks. */
export function satDateTime(at: Date): string {
  return `${new Date(at.getTime() + GUATEMALA_OFFSET_MS).toISOString().slice(0, 19)}-06:00`;
}

/** Integer cents as SAT's decimal amounts (`1050` -> `10.50`), without floating point. */
export function satAmount(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** How the receiver is identified: a NIT, a CUI (TipoEspecial="CUI") or CF (consumidor final). */
export function receiverAttributes(receiver: RdonReceipt['receiver']): Record<string, string> {
  if (receiver.kind === 'cui') return { IDReceptor: receiver.id.replace(/\D/g, ''), TipoEspecial: 'CUI' };
  if (receiver.kind === 'nit') return { IDReceptor: satNit(receiver.id) };
  return { IDReceptor: 'CF' };
}

/**
 * Text as XML 1.0 allows it: without the characters outside its Char production (controls other than
 * tab and line breaks, lone surrogates, noncharacters U+FFFE/U+FFFF and the rest), which would make
 * the document not well-formed. Inputs refuse them already; a stored older value must still not break
 * the receipt.
 */
export function xmlText(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what is removed
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/\p{Noncharacter_Code_Point}/gu, '');
}

/** The RDON of one receipt: one line, the gift, with no tax (a donation is not a sale). */
export function buildRdonXml(receipt: RdonReceipt, registration: RdonRegistration): string {
  const amount = satAmount(receipt.amountCents);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(FEL_NAMESPACE, 'dte:GTDocumento', {
    'xmlns:ds': DS_NAMESPACE,
    'xmlns:xsi': XSI_NAMESPACE,
    'xsi:schemaLocation': `${FEL_NAMESPACE} GT_Documento-0.2.1.xsd`,
    Version: '0.1',
  });
  const emission = root
    .ele(FEL_NAMESPACE, 'dte:SAT', { ClaseDocumento: 'dte' })
    .ele(FEL_NAMESPACE, 'dte:DTE', { ID: 'DatosCertificados' })
    .ele(FEL_NAMESPACE, 'dte:DatosEmision', { ID: 'DatosEmision' });
  emission.ele(FEL_NAMESPACE, 'dte:DatosGenerales', {
    Tipo: 'RDON',
    FechaHoraEmision: satDateTime(receipt.issuedAt),
    CodigoMoneda: receipt.currency,
    // Optional in the schema, required for the personerías that may issue donation receipts.
    TipoPersoneria: String(registration.tipoPersoneria),
  });
  const issuer = emission.ele(FEL_NAMESPACE, 'dte:Emisor', {
    NITEmisor: satNit(receipt.issuer.nit),
    NombreEmisor: xmlText(receipt.issuer.legalName),
    CodigoEstablecimiento: String(registration.codigoEstablecimiento),
    NombreComercial: xmlText(receipt.issuer.tradeName),
    AfiliacionIVA: registration.afiliacionIva,
  });
  const address = issuer.ele(FEL_NAMESPACE, 'dte:DireccionEmisor');
  address.ele(FEL_NAMESPACE, 'dte:Direccion').txt(xmlText(receipt.issuer.address));
  address.ele(FEL_NAMESPACE, 'dte:CodigoPostal').txt(registration.codigoPostal);
  address.ele(FEL_NAMESPACE, 'dte:Municipio').txt(registration.municipio);
  address.ele(FEL_NAMESPACE, 'dte:Departamento').txt(registration.departamento);
  address.ele(FEL_NAMESPACE, 'dte:Pais').txt('GT');
  emission.ele(FEL_NAMESPACE, 'dte:Receptor', { ...receiverAttributes(receipt.receiver), NombreReceptor: xmlText(receipt.receiver.name) });
  // The exemption phrase of the published RDON examples (TipoFrase 4, escenario 4); to confirm (decision 0021).
  emission.ele(FEL_NAMESPACE, 'dte:Frases').ele(FEL_NAMESPACE, 'dte:Frase', { TipoFrase: '4', CodigoEscenario: '4' });
  const item = emission.ele(FEL_NAMESPACE, 'dte:Items').ele(FEL_NAMESPACE, 'dte:Item', { NumeroLinea: '1', BienOServicio: 'B' });
  item.ele(FEL_NAMESPACE, 'dte:Cantidad').txt('1');
  item.ele(FEL_NAMESPACE, 'dte:Descripcion').txt(xmlText(receipt.description));
  item.ele(FEL_NAMESPACE, 'dte:PrecioUnitario').txt(amount);
  item.ele(FEL_NAMESPACE, 'dte:Precio').txt(amount);
  item.ele(FEL_NAMESPACE, 'dte:Descuento').txt('0.00');
  item.ele(FEL_NAMESPACE, 'dte:Total').txt(amount);
  emission.ele(FEL_NAMESPACE, 'dte:Totales').ele(FEL_NAMESPACE, 'dte:GranTotal').txt(amount);
  return root.end({ prettyPrint: false });
}
