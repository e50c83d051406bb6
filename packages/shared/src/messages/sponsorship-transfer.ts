// Texts of a sponsorship paid by monthly bank transfer (docs/product.md#sponsorship, decision 0054):
// the method choice on "Apadrinar", the instructions on screen, and the staff's mark.
export const sponsorshipTransferMessages = {
  methodInvalid: 'Elige cómo pagarás: tarjeta o transferencia',
  methodLegend: '¿Cómo pagarás cada mes?',
  card: 'Tarjeta de crédito o débito',
  cardHint: 'El primer cobro se hace ahora y activa el apadrinamiento.',
  transfer: 'Transferencia o depósito bancario mensual',
  transferHint: (days: number) =>
    `Transfieres cada mes con una referencia permanente. Reservamos el lugar ${days === 1 ? '1 día' : `${days} días`} mientras llega la primera transferencia.`,
  startTransfer: (amount: string) => `Apadrinar por ${amount} al mes con transferencia`,
  heldUntil: (name: string, date: string) => `Reservamos a ${name} para ti hasta el ${date}.`,
  instructionsTitle: (name: string) => `Transfiere para comenzar a apadrinar a ${name}`,
  instructionsIntro: (amount: string) => `Transfiere o deposita ${amount} cada mes a una de estas cuentas:`,
  referenceLabel: 'Tu referencia permanente',
  referenceHint: 'Escríbela en la descripción de cada transferencia o depósito, todos los meses. Así sabemos que es tuya.',
  noAccounts: 'La fundación aún no publicó sus cuentas bancarias; te las enviaremos por correo.',
  whenConfirmed: 'Cuando confirmemos tu primera transferencia, tu apadrinamiento quedará activo y te enviaremos el recibo. Te enviamos estas instrucciones por correo.',
  staffMark: 'Transferencia',
  staffCard: 'Tarjeta',
  staffSponsorsTitle: 'Padrinos y madrinas',
  staffNoSponsors: 'Nadie ha apadrinado todavía a esta niña o niño.',
  staffReference: (reference: string) => `Referencia ${reference}`,
  staffSponsorship: (name: string) => `Apadrinamiento de ${name}`,
  alreadyOtherMethod: 'Ya elegiste otra forma de pago para esta reserva. Si quieres cambiarla, vuelve a elegir a la niña o el niño cuando venza.',
};
