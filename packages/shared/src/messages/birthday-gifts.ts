// The birthday gift (docs/product.md#sponsorship, decision 0055): the sponsor's offer in "Mi ahijado/a",
// the API's refusals, and the staff's list of gifts to deliver.
export const birthdayGiftMessages = {
  notFound: 'No encontramos ese apadrinamiento',
  windowClosed: (opensOn: string) => `El regalo de cumpleaños se puede enviar desde el ${opensOn} hasta el fin del mes de su cumpleaños`,
  giftNotFound: 'No encontramos ese regalo de cumpleaños',
  notCompleted: 'Este regalo aún no está pagado: se entrega cuando el pago se confirma',
  alreadyDelivered: 'Este regalo ya está marcado como entregado',
  paymentMethodInvalid: 'Elige tarjeta o depósito',
  /** The amount left empty in the form, or a request without it: what to write, never "mayor a cero" (that is zero's). */
  amountRequired: 'Escribe el monto del regalo',
};

export const birthdayGiftTexts = {
  title: 'Regalo de cumpleaños',
  intro: (name: string, month: string) =>
    `${name} cumple años en ${month}. Puedes enviarle un regalo único: la fundación lo entrega en su nombre (nunca directamente).`,
  opensOn: (date: string) => `Podrás enviar un regalo de cumpleaños desde el ${date}.`,
  open: 'Enviar un regalo de cumpleaños',
  amount: 'Monto (Q)',
  method: 'Forma de pago',
  card: 'Tarjeta',
  deposit: 'Depósito o transferencia',
  send: (amount: string) => `Enviar regalo de ${amount}`,
  cancel: 'Cancelar',
  thanksCard: (name: string) => `¡Gracias! Cuando se confirme el pago, entregaremos tu regalo a ${name}.`,
  thanksDeposit: 'Te enviamos por correo las instrucciones del depósito. Cuando lo confirmemos, entregaremos tu regalo.',
  reference: (code: string) => `Referencia ${code}`,
  sent: (count: number) => (count === 1 ? 'Ya enviaste 1 regalo para este cumpleaños.' : `Ya enviaste ${count} regalos para este cumpleaños.`),
  failed: 'No pudimos registrar el regalo.',
  receiptNote: 'Recibes un recibo de donación como cualquier otro.',
  // Staff
  staffTitle: 'Regalos de cumpleaños por entregar',
  staffIntro: 'Regalos de cumpleaños pagados que aún no se entregan a la niña o el niño. Al entregarlo, márcalo como entregado.',
  staffChildTitle: 'Regalos de cumpleaños',
  staffEmpty: 'No hay regalos de cumpleaños por entregar.',
  staffChildEmpty: 'Sin regalos de cumpleaños.',
  child: 'Niña o niño',
  sponsor: 'Quien apadrina',
  birthday: 'Cumpleaños',
  paidOn: 'Pagado',
  delivered: 'Entregado',
  pending: 'Pago pendiente',
  toDeliver: 'Por entregar',
  markDelivered: 'Marcar entregado',
  deliveredOn: (date: string) => `Entregado el ${date}`,
  deliveredBy: (name: string) => `Marcado por ${name}`,
};
