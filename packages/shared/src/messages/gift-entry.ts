// Staff gift entry (docs/product.md#staff-gift-entry): the form's labels and every refusal, in Spanish.
export const GIFT_METHODS = ['cash', 'cheque', 'transfer', 'deposit', 'in_kind'] as const;
export type GiftMethod = (typeof GIFT_METHODS)[number];

export const giftEntryMessages = {
  title: 'Registrar una donación',
  eyebrow: 'Nueva donación',
  subtitle:
    'Para el equipo: registra una donación que recibió la oficina (efectivo, cheque, transferencia, depósito o en especie). Las personas que donan en línea usan Donar.',
  donorSection: 'Donante',
  giftSection: 'Donación',
  paymentSection: 'Cómo se recibió',
  donorChoice: 'Donante',
  donorExisting: 'Ya está en Donantes',
  donorNew: 'Donante nuevo',
  donorSearch: 'Buscar en Donantes',
  donorSearchHint: 'Nombre, correo, NIT o teléfono (al menos 2 letras).',
  donorSearchEmpty: 'Ningún donante coincide. Regístralo como donante nuevo.',
  donorChosen: (name: string) => `Donante elegido: ${name}`,
  donorChange: 'Cambiar donante',
  /** A match's accessible name: with its hint, so that a screen reader tells namesakes apart too. */
  donorPick: (name: string, hint: string) => (hint ? `Elegir a ${name} (${hint})` : `Elegir a ${name}`),
  /** Beside a match in the picker, so that two donors of one name can be told apart. */
  donorHintPhone: (lastDigits: string) => `tel. ***${lastDigits}`,
  donorHintLastGift: (day: string) => `último donativo: ${day}`,
  donorHintNoGift: 'sin donativos recibidos',
  donorName: 'Nombre del donante',
  donorEmail: 'Correo del donante',
  donorEmailHint: 'Opcional: sin correo, el recibo se entrega impreso.',
  donorPhone: 'Teléfono',
  nit: 'NIT, CUI o CF',
  nitHint: 'CF solo para donaciones menores de Q2,500. En blanco: CF (o el NIT del donante elegido).',
  cfNotAllowed: 'Para donaciones de Q2,500 o más se necesita el NIT o CUI del donante; CF no aplica',
  emailOfAnotherDonor:
    'Este correo ya es de un donante registrado con otro nombre. Búscalo por su correo en «Ya está en Donantes» y elígelo, o revisa el correo.',
  taxIdOfAnotherDonor:
    'Este NIT o CUI ya es de un donante registrado con otro nombre. Búscalo por su NIT en «Ya está en Donantes» y elígelo, o revisa el número.',
  receivedOn: 'Fecha en que se recibió',
  method: 'Forma de pago',
  methods: {
    cash: 'Efectivo',
    cheque: 'Cheque',
    transfer: 'Transferencia',
    deposit: 'Depósito bancario',
    in_kind: 'En especie',
  } satisfies Record<GiftMethod, string>,
  chequeNumber: 'Número de cheque',
  chequeBank: 'Banco del cheque',
  reference: 'Referencia de la transferencia o boleta',
  inKindDescription: 'Qué se recibió',
  valuationBasis: 'Cómo se valoró',
  valuationBasisHint: 'Por ejemplo: factura de compra, precio de mercado, cotización.',
  amount: 'Monto',
  amountRequired: 'Escribe el monto que se recibió',
  amountHint: (min: string, max: string) => `Entre ${min} y ${max} (una donación en dólares se compara por su valor en quetzales).`,
  inKindAmountHint: 'Cuánto vale, aproximadamente, lo que se recibió.',
  currency: 'Moneda',
  currencies: { GTQ: 'GTQ — Quetzal', USD: 'USD — Dólar estadounidense' },
  program: 'Destino',
  whereMostNeeded: 'Donde más se necesite',
  note: 'Nota',
  noteHint: 'Visible para el equipo en el detalle de la donación.',
  completed: 'Ya se recibió: completar y emitir el recibo ahora',
  completedHint: 'Sin marcar, queda pendiente hasta que alguien de finanzas la apruebe.',
  submit: 'Registrar donación',
  submitting: 'Registrando...',
  cancel: 'Cancelar',
  created: 'Donación registrada',
  createdCompleted: 'Donación registrada y recibo emitido',
  createFailed: 'No se pudo registrar la donación',
  optionsFailed: 'No pudimos cargar los programas y los límites. Recarga la página.',
  // Refusals (next to their field).
  donorNameRequired: 'El nombre del donante es requerido',
  donorNotChosen: 'Elige un donante de la lista, o regístralo como donante nuevo',
  donorNotFound: 'Ese donante ya no existe o se combinó con otro. Búscalo de nuevo.',
  receivedOnRequired: 'Indica la fecha en que se recibió',
  receivedOnFuture: 'La fecha en que se recibió no puede ser futura',
  /**
   * The day falls in a closed month: named by the day's own month (not only the latest closed one) and without the
   * close's advice to record a correction, which means nothing for a gift not yet entered.
   */
  receivedOnClosed: (month: string, closedThrough: string) =>
    month === closedThrough
      ? `La fecha cae en ${month}, un mes ya cerrado en Contabilidad: no se pueden registrar donaciones con esa fecha.`
      : `La fecha cae en ${month}, y Contabilidad está cerrada hasta ${closedThrough}: no se pueden registrar donaciones con esa fecha.`,
  methodRequired: 'Elige la forma de pago',
  chequeNumberRequired: 'Indica el número de cheque',
  chequeBankRequired: 'Indica el banco del cheque',
  referenceRequired: 'Indica la referencia de la transferencia o la boleta',
  inKindDescriptionRequired: 'Describe qué se recibió',
  valuationBasisRequired: 'Indica cómo se valoró lo recibido',
  textTooLong: (max: number) => `Máximo ${max} caracteres`,
  completeForbidden: 'No tienes permiso para registrar una donación como recibida; regístrala pendiente.',
  asideTitle: 'Qué pasa después',
  asideSteps: [
    'La donación queda con una referencia única y la fecha en que se recibió.',
    'Si ya se recibió y tienes permiso, se completa y el recibo se emite al instante; si no, queda pendiente.',
    'Finanzas aprueba las pendientes desde Revisión de donaciones, y el recibo se emite entonces.',
  ],
} as const;
