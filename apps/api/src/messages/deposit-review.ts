// Emails to the donor when staff confirm or reject a payment verified against the bank (docs/product.md#bank-deposits,
// #email): a bank deposit, or a bank transfer the office entered, each named as what it is.
export const depositReviewMessages = {
  approvedSubject: (reference: string) => `Confirmamos tu depósito ${reference}`,
  approvedText: (name: string, amount: string, reference: string, receipt: string, org: string, phone: string, word = 'constancia') =>
    `Hola ${name}:\n\nEncontramos en nuestra cuenta tu depósito de ${amount} (referencia ${reference}) y tu donación quedó confirmada. ` +
    `¡Gracias por tu generosidad con ${org}!\nNúmero de ${word}: ${receipt}.\n\n` +
    `Si tienes preguntas, llámanos al ${phone}.`,
  rejectedSubject: (reference: string) => `No pudimos confirmar tu depósito ${reference}`,
  rejectedText: (name: string, amount: string, reference: string, reason: string, contactEmail: string) =>
    `Hola ${name}:\n\nRevisamos tu depósito de ${amount} (referencia ${reference}) y no pudimos confirmarlo en nuestra cuenta.\n\n` +
    `Motivo: ${reason}\n\nSi ya hiciste el depósito, escríbenos a ${contactEmail} con una foto de tu boleta y la referencia, ` +
    `y lo revisamos de nuevo.`,
} as const;

/** A transfer has no slip: the donor proves it with their bank's receipt and the transfer's reference number. */
export const transferReviewMessages = {
  approvedSubject: (reference: string) => `Confirmamos tu transferencia ${reference}`,
  approvedText: (name: string, amount: string, reference: string, receipt: string, org: string, phone: string, word = 'constancia') =>
    `Hola ${name}:\n\nEncontramos en nuestra cuenta tu transferencia de ${amount} (referencia ${reference}) y tu donación quedó confirmada. ` +
    `¡Gracias por tu generosidad con ${org}!\nNúmero de ${word}: ${receipt}.\n\n` +
    `Si tienes preguntas, llámanos al ${phone}.`,
  rejectedSubject: (reference: string) => `No pudimos confirmar tu transferencia ${reference}`,
  rejectedText: (name: string, amount: string, reference: string, reason: string, contactEmail: string) =>
    `Hola ${name}:\n\nRevisamos tu transferencia de ${amount} (referencia ${reference}) y no pudimos confirmarla en nuestra cuenta.\n\n` +
    `Motivo: ${reason}\n\nSi ya hiciste la transferencia, escríbenos a ${contactEmail} con el comprobante de tu banco y el número ` +
    `de referencia de la transferencia, y la revisamos de nuevo.`,
} as const;
