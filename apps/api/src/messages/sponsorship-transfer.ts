// Texts of a sponsorship paid by monthly bank transfer (docs/product.md#sponsorship, decision 0054):
// the instructions email, the email when the place was released because no transfer arrived or the
// child left meanwhile, and the reason kept on the monthly gift it cancels.
export const sponsorshipTransferEmailMessages = {
  instructionsSubject: (child: string) => `Cómo transferir para apadrinar a ${child}`,
  instructionsText: (p: { name: string; child: string; amount: string; reference: string; heldUntil: string; accounts: string[] }) =>
    [
      `Hola ${p.name}:`,
      '',
      `Gracias por elegir apadrinar a ${p.child}. Reservamos su lugar para ti hasta el ${p.heldUntil}, mientras llega tu primera transferencia.`,
      '',
      `1. Transfiere o deposita ${p.amount} cada mes a una de estas cuentas:`,
      '',
      ...p.accounts,
      '',
      `2. Escribe tu referencia permanente ${p.reference} en la descripción de cada transferencia o depósito, todos los meses.`,
      '',
      `Cuando confirmemos tu primera transferencia, tu apadrinamiento de ${p.child} quedará activo y te enviaremos el recibo.`,
    ].join('\n'),
  releasedSubject: (child: string) => `Liberamos el lugar de ${child}`,
  releasedText: (name: string, child: string, reference: string, link: string) =>
    `Hola${name ? ` ${name}` : ''}:\n\n` +
    `No recibimos tu primera transferencia a tiempo, así que liberamos el lugar de ${child} para que otra persona pueda apadrinar. ` +
    `Dimos de baja la referencia ${reference}: por favor no transfieras con ella.\n\n` +
    'Si aún deseas apadrinar, puedes volver a elegir aquí:\n\n' +
    `${link}\n\n` +
    'Si ya transferiste, escríbenos a la dirección de contacto que aparece al pie de este correo y lo resolvemos.',
  releasedReason: 'La primera transferencia no llegó antes de que venciera la reserva del apadrinamiento',
  /** The child left the programme while the place waited for the first transfer (never why). */
  childLeftSubject: (child: string) => `${child} ya no forma parte del programa`,
  childLeftText: (name: string, child: string, reference: string, link: string) =>
    `Hola${name ? ` ${name}` : ''}:\n\n` +
    `${child} ya no forma parte del programa, así que cancelamos la reserva que esperaba tu primera transferencia. ` +
    `Dimos de baja la referencia ${reference}: por favor no transfieras con ella.\n\n` +
    'Si aún deseas apadrinar, puedes elegir a otra niña u otro niño aquí:\n\n' +
    `${link}\n\n` +
    'Si ya transferiste, escríbenos a la dirección de contacto que aparece al pie de este correo y lo resolvemos.',
  childLeftReason: 'La niña o el niño dejó el programa antes de la primera transferencia del apadrinamiento',
};
