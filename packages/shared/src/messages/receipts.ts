// Browser texts of the staff side of receipts (docs/product.md#receipts): the donation detail's receipt card.
export const receiptsMessages = {
  cardTitle: 'Recibo por donación',
  /** The card's title while SAT has not certified the document (FEL off, or certification under way): the PDF's own title. */
  cardTitleUncertified: 'Constancia de donación',
  number: 'Recibo',
  download: 'Descargar recibo',
  resend: 'Reenviar recibo',
  resendStatement: 'Reenviar constancia anual',
  resent: (to: string, receipt: string) => `Recibo ${receipt} reenviado a ${to}.`,
  statementResent: (to: string, year: number) => `Constancia ${year} reenviada a ${to}.`,
  hint: 'El recibo se emitió al completarse la donación y no cambia; si la donación se reembolsó, el PDF dice ANULADO.',
  /** Shown instead of the re-send buttons once the gift was refunded or voided: its receipt is annulled. */
  annulled: 'Este recibo está anulado: se puede descargar (dice ANULADO), pero no se reenvía al donante.',
  /** Shown instead of the statement's re-send when the gift has no donor email (entered by staff without one); also the API's 409. */
  noEmail: 'Esta donación no tiene correo: entrega el recibo impreso (Descargar recibo).',
  /** The same gift's receipt card: the receipt can still go to an email given since, on the donor's record. */
  noEmailYet: 'Esta donación se registró sin correo: entrega el recibo impreso (Descargar recibo), o agrega el correo en la ficha del donante y usa Reenviar recibo.',
  /** The API's 409 when neither the gift nor its donor's record has an email. */
  noEmailAnywhere: 'Ni esta donación ni la ficha de su donante tienen correo: entrega el recibo impreso (Descargar recibo).',
  downloadError: 'No se pudo descargar el recibo. Intenta de nuevo.',
} as const;
