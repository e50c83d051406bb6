// Texts of monthly giving (docs/product.md#monthly-giving), shared by the browser and the API answers
// (managing a gift's amount, pause and end: ./monthly-manage.ts):
// the rule against a second identical monthly gift and the field messages of its requests; the
// "Una vez" / "Cada mes" choice of /donate, the impact per month and per year, "Mis donaciones
// mensuales" in the donor area and the page where a gift is managed without signing in
// (/donacion-mensual).

/** The pause request's contract (../schemas/monthly.ts) and the pause dialog: 1, 2 or 3 months. */
export const PAUSE_MONTHS_INVALID = 'Elige pausar 1, 2 o 3 meses';

/**
 * "Cambiar monto" left empty, in the dialog and in the change-amount contract (../schemas/monthly.ts)
 * for a request without the amount: what to write, as the other amount fields say it ("Escribe el monto
 * depositado"); zero or below keeps "Ingresa un monto mayor a cero".
 */
export const MONTHLY_AMOUNT_REQUIRED = 'Escribe el nuevo monto mensual';

export const monthlyMessages = {
  /** 409 `DUPLICATE_MONTHLY_GIFT`: an active monthly gift of the same amount already exists for this email. */
  duplicate: '¿Quieres tener dos donaciones mensuales?',
  frequencyInvalid: 'La frecuencia debe ser once o monthly',
  allowDuplicateInvalid: 'allowDuplicateMonthly debe ser verdadero o falso',
  reasonMax: 'El motivo no puede tener más de 500 caracteres',
  tokenRequired: 'Falta el enlace para administrar tu donación mensual',

  /** "Dona cada mes": the links that open /donate with "Cada mes" chosen (worded for anyone, never "padrino"). */
  becomeSponsor: 'Dona cada mes',
  becomeSponsorHint: 'Acompaña a la niñez todo el año con un aporte mensual.',

  frequency: {
    legend: 'Frecuencia de tu donación',
    once: 'Una vez',
    monthly: 'Cada mes',
    monthlyHint: 'Se cobra automáticamente cada mes. Puedes cambiar el monto o cancelarla cuando quieras.',
  },
  /** "Q150 al mes". */
  perMonth: (amount: string) => `${amount} al mes`,
  perMonthSuffix: 'al mes',
  summaryAmount: 'Monto mensual',
  submit: (amount: string) => `Donar ${amount} al mes`,
  submitToProvider: (amount: string) => `Continuar al pago de ${amount} al mes`,
  successTitle: '¡Gracias por tu donación mensual!',
  successBody: 'Tu donación mensual quedó registrada. Cada correo que te enviemos sobre ella trae un enlace para verla o cancelarla.',

  impactTitle: 'Lo que hace posible tu donación mensual',
  /** "Q150 al mes = Q1,800 al año". */
  impactFor: (perMonth: string, perYear: string) => `${perMonth} al mes = ${perYear} al año:`,
  /** A year of a monthly gift, in children accompanied all year, or in months for one child when it is less. */
  impactChildrenYear: (children: number, shownChildren: string, months: number) =>
    children >= 1
      ? children === 1
        ? 'un año de acompañamiento a un niño'
        : `un año de acompañamiento a ${shownChildren} niños`
      : months === 1
        ? 'un mes de acompañamiento a un niño'
        : `${months} meses de acompañamiento a un niño`,
  impactMonthLabel: 'Al mes',
  impactYearLabel: 'Al año',

  duplicateDialog: {
    body: (amount: string) =>
      `Ya tienes una donación mensual activa de ${amount} con este correo. Si continúas, tendrás dos donaciones mensuales y se harán dos cobros cada mes.`,
    confirm: 'Sí, quiero dos donaciones',
    cancel: 'No, volver',
  },

  statuses: {
    incomplete: 'Esperando el primer pago',
    active: 'Activa',
    past_due: 'Pago pendiente',
    paused: 'Pausada',
    cancelled: 'Cancelada',
  },

  // "Mis donaciones mensuales" (/donor/monthly-gifts)
  title: 'Mis donaciones mensuales',
  intro: 'Tus donaciones que se cobran cada mes: cuánto llevas dado, cuándo es el próximo cobro, y cómo cambiar el monto o cancelar.',
  nav: 'Donaciones mensuales',
  loadError: 'No pudimos cargar tus donaciones mensuales',
  emptyTitle: 'Aún no tienes donaciones mensuales',
  emptyBody: 'Con una donación cada mes acompañas a una niña o un niño durante todo el año.',
  emptyUnverified: 'Confirma tu correo para ver aquí las donaciones mensuales que hiciste con él.',
  since: 'Desde',
  notStarted: 'Aún no',
  nextCharge: 'Próximo cobro',
  none: '—',
  chargesCount: 'Cobros realizados',
  totalGiven: 'Total donado',
  endedOn: 'Terminó el',
  /** An ended gift's way to give monthly again: /donate with "Cada mes" chosen. */
  giveAgain: 'Empezar una nueva donación mensual',
  cancelReasonLabel: 'Motivo',
  pastDueNote: 'No pudimos hacer el último cobro. Actualiza tu tarjeta desde el enlace de nuestro correo para seguir donando.',
  giftTitle: (amount: string) => `Donación mensual de ${amount}`,

  /** "Cambia a Q200.00 desde el 24 de diciembre de 2026". */
  pendingChange: (amount: string, from: string) => `Cambia a ${amount} desde el ${from}`,
  /** "En pausa hasta el 24 de febrero de 2027". */
  pausedUntil: (date: string) => `En pausa hasta el ${date}`,
} as const;
