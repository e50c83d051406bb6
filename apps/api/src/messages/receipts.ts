// Texts of the receipt and annual statement PDFs, their emails and API answers.
import { receiptsMessages } from '@donaciones/shared/messages/receipts';
import { RECEIPTS_PAGE_NAME } from '@donaciones/shared/messages/shell';

export const receiptMessages = {
  pdf: {
    receiptTitle: 'Recibo por donación',
    /** The PDF's title while SAT has not certified it (FEL off, or certification still under way). */
    uncertifiedTitle: 'Constancia de donación',
    notCertified: {
      off: 'Esta constancia no está certificada por la SAT: no es un recibo electrónico (FEL) y por sí sola no acredita la deducibilidad de la donación.',
      pending:
        'Esta constancia aún no está certificada por la SAT: en cuanto la SAT la certifique tendrás el recibo por donación certificado (FEL), por correo o en Recibos de tu cuenta; por sí sola no acredita la deducibilidad de la donación.',
    },
    receiptNumber: 'Recibo No.',
    seriesNumber: (series: string, number: string) => `Serie ${series} No. ${number}`,
    issuedOn: (date: string) => `Fecha de emisión: ${date}`,
    issuerNit: (nit: string) => `NIT ${nit}`,
    date: 'Fecha',
    donorSection: 'Datos del donante',
    giftSection: 'Datos de la donación',
    donor: 'Donante',
    email: 'Correo electrónico',
    address: 'Dirección',
    taxId: 'NIT / CUI',
    taxIdLabel: { nit: 'NIT', cui: 'CUI', cf: 'NIT' },
    /** Guatemala's "consumidor final" when no NIT was given. */
    cfValue: 'CF (consumidor final)',
    giftDate: 'Fecha de la donación',
    currency: 'Moneda',
    currencyNames: { GTQ: 'Quetzales (GTQ)', USD: 'Dólares estadounidenses (USD)' } as Readonly<Record<string, string>>,
    voided: (date: string) => `ANULADO el ${date}`,
    voidReason: (reason: string) => `Motivo: ${reason}`,
    voidedStamp: 'ANULADO',
    felTitle: 'Documento Tributario Electrónico certificado (FEL)',
    felUuid: (uuid: string) => `Número de autorización (UUID): ${uuid}`,
    felSeriesNumber: (series: string, number: string) => `Serie ${series} · Número ${number}`,
    felCertifiedAt: (date: string) => `Fecha de certificación: ${date}`,
    felVerify: 'Verifícalo en el portal de la SAT con el código QR.',
    amount: 'Monto',
    amountInWords: 'Cantidad en letras',
    reference: 'Referencia',
    type: 'Tipo de donación',
    description: 'Descripción',
    program: 'Programa',
    typeLabels: { monetary: 'Monetaria', goods: 'En especie (bienes)', services: 'Servicios' },
    grossCharged: 'Monto cobrado',
    coveredFee: 'Comisión de procesamiento cubierta por el donante',
    netGift: 'Donación neta',
    quetzalEquivalent: 'Equivalente en quetzales',
    exchangeRate: 'Tipo de cambio',
    exchangeRateValue: (quetzales: string, dollar: string, day: string | null) => `${quetzales} por ${dollar}${day ? ` (fijado el ${day})` : ''}`,
    thanks: 'Gracias por tu generosidad. Tu aporte hace posible que más niñas, niños y adolescentes de Guatemala tengan alimento, formación y oportunidades.',
    receivedFrom: 'Recibimos de',
    theAmountOf: 'la cantidad de',
    keepNote: 'Este recibo se emitió una sola vez, al completarse la donación; su número y su fecha no cambian. Consérvalo para tus registros.',
    keepNoteUncertified: 'Esta constancia se emitió una sola vez, al completarse la donación; su número y su fecha no cambian. Consérvala para tus registros.',
    statementTitle: (year: number) => `Constancia anual de donaciones ${year}`,
    /** `through`: for the year still under way, the day it was issued ("30 de noviembre de 2026"); null for a past year. */
    statementIntro: (name: string, year: number, through: string | null) =>
      through
        ? `Hacemos constar que ${name} realizó las siguientes donaciones completadas del 1 de enero al ${through}:`
        : `Hacemos constar que ${name} realizó las siguientes donaciones completadas durante el año ${year}:`,
    statementTotal: 'Total del año (en quetzales)',
    statementNotCertified:
      'Esta constancia no está certificada por la SAT: no es un recibo electrónico (FEL) y por sí sola no acredita la deducibilidad de las donaciones.',
    /** The header's NIT line when the year's receipts went to more than one NIT, CUI or CF. */
    statementTaxIdMixed: 'Varios: cada donación indica el de su recibo',
    statementTaxIdColumn: 'NIT / CUI',
    /** Below the year's total when the receipts went to several tax identities: the part of each. */
    statementSubtotal: (label: string, id: string) => (id === 'CF' ? 'Emitidas a consumidor final (CF)' : `Emitidas al ${label} ${id}`),
    statementCount: (n: number) => (n === 1 ? '1 donación' : `${n} donaciones`),
    page: (n: number, total: number) => `Página ${n} de ${total}`,
  },
  email: {
    /** What the attached PDF is: the receipt once SAT certified it, else the organisation's constancia. */
    document: (certified: boolean) => (certified ? 'recibo por donación' : 'constancia de donación'),
    /** The same document named by its number in an email's text ("constancia No. A-000314"). */
    word: (certified: boolean) => (certified ? 'recibo' : 'constancia'),
    subject: (document: string, label: string) => `Tu ${document} ${label}`,
    text: (name: string, amount: string, reference: string, document: string, label: string, link: string, voided: boolean) =>
      `Hola ${name}:\n\n` +
      `Adjuntamos tu ${document} ${label} de ${amount} (referencia ${reference}).` +
      (voided ? ' Este documento fue anulado porque la donación se reembolsó.' : '') +
      `\n\nDescargar: ${link}\n(en ${RECEIPTS_PAGE_NAME}, en tu área de donante: entra o crea tu cuenta con este correo)\n\nGracias por tu generosidad.`,
    /** No pronoun for the document: a constancia is feminine, a recibo masculine. */
    attachedNote: (document: string, label: string, link: string) =>
      `Adjuntamos tu ${document} ${label} en PDF. También está en ${RECEIPTS_PAGE_NAME}, en tu área de donante: ${link} (entra o crea tu cuenta con este correo).`,
    followsNote: (label: string) => `Tu recibo por donación ${label} te llegará en otro correo en cuanto la SAT lo certifique.`,
    /** To a donor who asked for no receipts by email (decision 0081). */
    inAreaNote: (label: string, link: string) => `Tu recibo por donación ${label} estará en ${RECEIPTS_PAGE_NAME}, ${link}, en cuanto la SAT lo certifique.`,
  },
  statementEmail: {
    subject: (year: number) => `Tu constancia anual de donaciones ${year}`,
    /** `through`: as the statement's intro, the day of a year still under way. */
    text: (name: string, year: number, link: string, through: string | null = null) =>
      `Hola ${name}:\n\nAdjuntamos la constancia de las donaciones que hiciste ${through ? `del 1 de enero al ${through}` : `durante ${year}`}, con su total.\n\n` +
      `También la encuentras en ${RECEIPTS_PAGE_NAME}, en tu área de donante: ${link}\n\nGracias por acompañarnos.`,
  },
  receiptNotFound: 'Recibo no encontrado',
  receiptNotAvailable: 'Esta donación aún no tiene recibo: solo las donaciones completadas lo tienen.',
  /** Re-sending to a gift without the donor's email: the same sentence the receipt card shows. */
  noEmail: receiptsMessages.noEmail,
  /** Re-sending a receipt when neither the gift nor its donor's record has an email. */
  noEmailAnywhere: receiptsMessages.noEmailAnywhere,
  statementEmpty: (year: number) => `No hay donaciones completadas en ${year}.`,
  statementOtherUser: 'Solo un administrador puede descargar la constancia de otra persona.',
} as const;
