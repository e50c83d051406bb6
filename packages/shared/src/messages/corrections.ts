// Texts of the ledger's corrections (docs/product.md#the-donation-ledger): void, adjusted deposit amount, reopened deposit,
// and the staff donation page's "Correcciones" card with its dialogs.
/** A gift entered without the donor's email (docs/product.md#staff-gift-entry): staff tell the donor themselves. */
const NO_EMAIL = 'No tiene correo: avísale al donante por otro medio.';

export const correctionsMessages = {
  reasonRequired: 'Escribe el motivo de la corrección',
  // Not "se envía al donante": Reabrir sends nothing, nor does a gift entered without an email; the dialogs say who is told.
  reasonShort: 'Explica el motivo con al menos 5 caracteres: queda en el historial de la donación',
  reasonMax: 'El motivo puede tener hasta 500 caracteres',
  // In the deposit's own currency, which the field's prefix (Q or US$) shows.
  amountRequired: 'Escribe el monto que llegó, con hasta dos decimales',
  amountPositive: 'El monto que llegó debe ser mayor que cero',
  notVoidable: 'Solo se anula una donación completada; una donación con tarjeta que la pasarela puede reembolsar se reembolsa («Reembolsar»)',
  notAdjustable: 'Solo se ajusta el monto de un depósito o una transferencia bancaria pendiente',
  /** Lower than what the donor declared, or, for a gift the office entered (`entered`), than what the office recorded. */
  amountNotLower: (entered = false) => `El monto que llegó debe ser menor que el ${entered ? 'registrado' : 'declarado'}; para aprobarlo completo usa Aprobar`,
  notReopenable: 'Solo se reabre un depósito o una transferencia bancaria que se rechazó',
  kinds: { void: 'Anulación', amount_adjusted: 'Monto ajustado', reopen: 'Reapertura' },
  /**
   * A deposit's or an office transfer's amount set to what arrived: the email names the one the donor made, and who
   * gave the first amount: the donor declared it, or the office recorded it (`entered`, a gift entered at the office).
   */
  adjustedSubject: (reference: string, transfer = false) => `Recibimos tu ${transfer ? 'transferencia' : 'depósito'} ${reference}`,
  adjustedText: (name: string, before: string, arrived: string, reference: string, reason: string, payment: { transfer?: boolean; entered?: boolean } = {}) =>
    `Hola ${name}:\n\nRevisamos tu ${payment.transfer ? 'transferencia' : 'depósito'} de la donación ${reference}. ` +
    (payment.entered
      ? `${payment.transfer ? 'La' : 'Lo'} habíamos registrado por ${before} y al banco llegaron ${arrived}. Corregimos tu donación a ${arrived} `
      : `Declaraste ${before} y al banco llegaron ${arrived}. Registramos tu donación por ${arrived} `) +
    `y el recibo será por ese monto cuando la aprobemos.\n\nMotivo: ${reason}\n\nGracias por tu apoyo.`,
  voidedSubject: (reference: string) => `Anulamos la donación ${reference}`,
  voidedText: (name: string, amount: string, reference: string, reason: string) =>
    `Hola ${name}:\n\nAnulamos el registro de tu donación ${reference} por ${amount} y su recibo.\n\nMotivo: ${reason}\n\n` +
    'Si la donación se registra de nuevo, recibirás un recibo nuevo.',
  /** The staff donation page: the "Correcciones" card and its three dialogs. */
  page: {
    cardTitle: 'Correcciones',
    cardDescription: 'Cada corrección queda registrada con quién, cuándo y por qué.',
    empty: 'Esta donación no tiene correcciones.',
    loadError: 'No pudimos cargar las correcciones de esta donación.',
    listLabel: 'Correcciones de la donación',
    change: 'Cambio',
    reason: 'Motivo',
    system: 'Sistema',
    reasonLabel: 'Motivo',
    reasonHint: 'Queda en las correcciones de la donación y en su historial.',
    cancel: 'Cancelar',
    failed: 'No pudimos guardar la corrección. Intenta de nuevo.',
    void: {
      action: 'Anular donación',
      title: (reference: string) => `¿Anular la donación ${reference}?`,
      /** `emailed` false: a gift entered without the donor's email, to which nothing is sent. */
      body: (amount: string, emailed = true) =>
        `La donación de ${amount} sale de los totales, su recibo queda anulado (el PDF dirá ANULADO)` +
        (emailed ? ' y se avisa al donante por correo. ' : `. ${NO_EMAIL} `) +
        'No se puede deshacer: si la donación se registra de nuevo, tendrá un recibo nuevo.',
      felNote: 'SAT certificó su recibo (FEL): se enviará su anulación a SAT.',
      confirm: 'Anular donación',
      done: (reference: string) => `Anulamos la donación ${reference}.`,
    },
    adjust: {
      action: 'Corregir monto',
      title: (reference: string) => `Corregir el monto de ${reference}`,
      /**
       * What the donor declared, or what the office recorded for a gift entered there (`entered`): nobody declared it.
       * `emailed` false: entered without the donor's email, so nobody is told by email.
       */
      body: (amount: string, entered = false, emailed = true) =>
        `${entered ? `Se registró en oficina por ${amount}` : `El donante declaró ${amount}`}. ` +
        `Escribe lo que llegó al banco, menor que lo ${entered ? 'registrado' : 'declarado'}` +
        (emailed ? ': se avisa al donante por correo y, al aprobarla, el recibo será por ese monto.' : `; al aprobarla, el recibo será por ese monto. ${NO_EMAIL}`),
      field: 'Monto que llegó',
      same: 'Es el mismo monto que ya tiene la donación: escribe el que llegó al banco',
      confirm: 'Guardar monto',
      done: (reference: string, amount: string) => `La donación ${reference} ahora es de ${amount}.`,
    },
    /** A rejected deposit, or a rejected transfer the office entered (`transfer`): each named as what it is. */
    reopen: {
      action: 'Reabrir',
      title: (reference: string, transfer = false) => (transfer ? `¿Reabrir la transferencia ${reference}?` : `¿Reabrir el depósito ${reference}?`),
      body: (transfer = false) =>
        transfer
          ? 'Vuelve a quedar pendiente, para aprobarla o rechazarla con la prueba que trajo el donante.'
          : 'Vuelve a quedar pendiente, para aprobarlo o rechazarlo con la prueba que trajo el donante.',
      confirm: (transfer = false) => (transfer ? 'Reabrir transferencia' : 'Reabrir depósito'),
      done: (reference: string, transfer = false) =>
        transfer ? `La transferencia ${reference} quedó pendiente otra vez.` : `El depósito ${reference} quedó pendiente otra vez.`,
    },
  },
} as const;
