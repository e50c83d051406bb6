// Emails to the donor when staff confirm or reject a bank deposit (docs/product.md#bank-deposits, #email).
export const depositReviewMessages = {
  approvedSubject: (reference: string) => `Confirmamos tu depósito ${reference}`,
  approvedText: (name: string, amount: string, reference: string, receipt: string, org: string, phone: string) =>
    `Hola ${name}:\n\nEncontramos en nuestra cuenta tu depósito de ${amount} (referencia ${reference}) y tu donación quedó confirmada. ` +
    `¡Gracias por tu generosidad!\nNúmero de recibo: ${receipt}.\n\n` +
    `Tu recibo por donación te llega en un correo aparte, con el PDF adjunto. Si tienes preguntas, llámanos al ${phone}.\n\n${org}`,
  rejectedSubject: (reference: string) => `No pudimos confirmar tu depósito ${reference}`,
  rejectedText: (name: string, amount: string, reference: string, reason: string, system: string, contactEmail: string) =>
    `Hola ${name}:\n\nRevisamos tu depósito de ${amount} (referencia ${reference}) y no pudimos confirmarlo en nuestra cuenta.\n\n` +
    `Motivo: ${reason}\n\nSi ya hiciste el depósito, escríbenos a ${contactEmail} con una foto de tu boleta y la referencia, ` +
    `y lo revisamos de nuevo.\n\n${system}`,
} as const;
