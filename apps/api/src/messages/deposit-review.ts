// Emails to the donor when staff confirm or reject a bank deposit (docs/product.md#bank-deposits, #email).
export const depositReviewMessages = {
  approvedSubject: (reference: string) => `Confirmamos tu depósito ${reference}`,
  approvedText: (name: string, amount: string, reference: string, receipt: string, org: string, phone: string) =>
    `Hola ${name}:\n\nEncontramos en nuestra cuenta tu depósito de ${amount} (referencia ${reference}) y tu donación quedó confirmada. ` +
    `¡Gracias por tu generosidad con ${org}!\nNúmero de recibo: ${receipt}.\n\n` +
    `Si tienes preguntas, llámanos al ${phone}.`,
  rejectedSubject: (reference: string) => `No pudimos confirmar tu depósito ${reference}`,
  rejectedText: (name: string, amount: string, reference: string, reason: string, contactEmail: string) =>
    `Hola ${name}:\n\nRevisamos tu depósito de ${amount} (referencia ${reference}) y no pudimos confirmarlo en nuestra cuenta.\n\n` +
    `Motivo: ${reason}\n\nSi ya hiciste el depósito, escríbenos a ${contactEmail} con una foto de tu boleta y la referencia, ` +
    `y lo revisamos de nuevo.`,
} as const;
