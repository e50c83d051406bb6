// Texts of bank deposits only the API uses (docs/product.md#bank-deposits): the instructions email.

export const depositEmailMessages = {
  instructionsSubject: (reference: string) => `Instrucciones para tu depósito, donación ${reference}`,
  instructionsText: (p: { name: string; amount: string; reference: string; accounts: string[]; link: string }) =>
    [
      `Hola ${p.name}:`,
      '',
      `Gracias por tu donación de ${p.amount}. Quedó registrada con la referencia ${p.reference} y la confirmaremos cuando recibamos tu depósito.`,
      '',
      `1. Deposita o transfiere exactamente ${p.amount} a una de estas cuentas:`,
      '',
      ...p.accounts,
      '',
      `2. Escribe la referencia ${p.reference} en la boleta o en la descripción de la transferencia.`,
      '',
      '3. Envíanos la foto o el PDF de la boleta (JPG, PNG, HEIC o PDF de hasta 5 MB) en este enlace, sin iniciar sesión:',
      '',
      p.link,
      '',
      'El enlace es personal: no lo compartas. Te avisaremos por correo cuando confirmemos tu depósito.',
    ].join('\n'),
  account: (bank: string, type: string, number: string, holder: string) => `- ${bank}, cuenta ${type.toLowerCase()} ${number}, a nombre de ${holder}`,
} as const;
