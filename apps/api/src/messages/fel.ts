// Texts of the electronic certification of receipts (FEL) that only the API uses: the line of the
// document, the reasons staff read when a certification did not happen, and errors.

export const felMessages = {
  /** The line of the "Recibo por donación": the gift, its program if any, and its reference. */
  itemDescription: (reference: string, program: string | null) =>
    program ? `Donación al programa ${program} (referencia ${reference})` : `Donación (referencia ${reference})`,
  refusedWithoutReason: 'El certificador rechazó el documento sin indicar el motivo.',
  unreadableAnswer: 'El certificador respondió sin resultado ni certificación.',
  timeout: (seconds: number) => `El certificador no respondió en ${seconds} s.`,
  unreachable: (detail: string) => `No pudimos conectar con el certificador: ${detail}`,
  httpError: (status: number, detail: string) => `El certificador respondió ${status}: ${detail}`,
  httpErrorNoBody: (status: number) => `El certificador respondió ${status} sin una respuesta legible.`,
  annulmentGaveUp: (attempts: number, last: string) => `No se pudo anular ante SAT después de ${attempts} intentos. Último error: ${last}`,
  annulmentDefaultReason: 'Donación anulada por el personal',
  gaveUp: (attempts: number, last: string) => `No se pudo certificar después de ${attempts} intentos. Último error: ${last}`,
  notRetryable: 'Solo se puede reintentar la certificación de un recibo rechazado o que falló.',
  felOff: 'La certificación electrónica (FEL) no está configurada en este servidor.',
  noReceipt: 'Esta donación todavía no tiene recibo.',
  voidedBeforeCertification: 'El recibo se anuló (reembolso o anulación de la donación) antes de certificarse: no se envía a SAT.',
} as const;
