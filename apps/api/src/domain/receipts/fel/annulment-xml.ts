// SAT's annulment of a certified document (GTAnulacionDocumento, GT_AnulacionDocumento-0.1.0.xsd,
// namespace http://www.sat.gob.gt/dte/fel/0.1.0): the authorization number (UUID) of the receipt, the
// issuer's NIT, the receiver's id as the receipt named it, the receipt's emission date, the moment of
// the annulment and the reason. Sent unsigned, as the RDON: the certifier signs it with the issuer's key.
import { create } from 'xmlbuilder2';
import { type RdonReceipt, receiverAttributes, satDateTime, satNit, xmlText } from './rdon-xml';

export const FEL_ANNULMENT_NAMESPACE = 'http://www.sat.gob.gt/dte/fel/0.1.0';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** What an annulment names: the certified receipt and why it is annulled. */
export interface FelAnnulment {
  /** SAT's authorization number of the receipt (NumeroDocumentoAAnular). */
  uuid: string;
  issuerNit: string;
  receiver: RdonReceipt['receiver'];
  /** The receipt's FechaHoraEmision, as it was certified. */
  issuedAt: Date;
  annulledAt: Date;
  reason: string;
}

/** SAT limits MotivoAnulacion to 255 characters. */
export const ANNULMENT_REASON_MAX = 255;

export function buildAnnulmentXml(annulment: FelAnnulment): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(FEL_ANNULMENT_NAMESPACE, 'dte:GTAnulacionDocumento', {
    'xmlns:xsi': XSI_NAMESPACE,
    'xsi:schemaLocation': `${FEL_ANNULMENT_NAMESPACE} GT_AnulacionDocumento-0.1.0.xsd`,
    Version: '0.1',
  });
  root
    .ele(FEL_ANNULMENT_NAMESPACE, 'dte:SAT')
    .ele(FEL_ANNULMENT_NAMESPACE, 'dte:AnulacionDTE', { ID: 'DatosCertificados' })
    .ele(FEL_ANNULMENT_NAMESPACE, 'dte:DatosGenerales', {
      ID: 'DatosAnulacion',
      NumeroDocumentoAAnular: annulment.uuid,
      NITEmisor: satNit(annulment.issuerNit),
      IDReceptor: receiverAttributes(annulment.receiver).IDReceptor,
      FechaEmisionDocumentoAnular: satDateTime(annulment.issuedAt),
      FechaHoraAnulacion: satDateTime(annulment.annulledAt),
      MotivoAnulacion: xmlText(annulment.reason).slice(0, ANNULMENT_REASON_MAX),
    });
  return root.end({ prettyPrint: false });
}
