// Texts of card payments in the admin console (docs/product.md#payments).

/**
 * "Fecha del tipo de cambio" (the day staff took the rate, printed on each dollar gift's receipt):
 * empty or not a day, and a day before RECORDED_DAY_MIN (a year mistyped) or after today; read by
 * ../schemas/payment-settings-input.ts and its form.
 */
export const USD_RATE_DATE_REQUIRED = 'Escribe la fecha del tipo de cambio';
export const USD_RATE_DATE_RANGE = 'La fecha del tipo de cambio debe estar entre el 01/01/2000 y hoy';

/**
 * "Pagos con tarjeta"'s other fields, each in its own words under it (../schemas/payment-settings-input.ts
 * and its form): left empty, what to write; out of range, the range.
 */
export const PAYMENT_SETTINGS_FIELDS = {
  fee_percent: { empty: 'Escribe la comisión de la pasarela', range: 'La comisión de la pasarela debe estar entre 0% y 20%' },
  fee_vat_percent: { empty: 'Escribe el IVA sobre la comisión', range: 'El IVA sobre la comisión debe estar entre 0% y 50%' },
  usd_exchange_rate: { empty: 'Escribe cuántos quetzales vale un dólar', range: 'El tipo de cambio debe estar entre Q0.01 y Q1,000 por dólar' },
} as const;

export const paymentsMessages = {
  cardTitle: 'Pago',
  loadError: 'No pudimos cargar el pago de esta donación',
  provider: 'Pasarela',
  providers: {
    simulated: 'Simulada (demostración, sin cobro)',
    recurrente: 'Recurrente',
    deposit: 'Depósito bancario: confirmación manual del personal (sin pasarela)',
  } as Record<string, string>,
  manual: 'Confirmación manual del personal (sin pasarela)',
  method: 'Método',
  methods: { card: 'Tarjeta', bank_transfer: 'Transferencia bancaria', bank_deposit: 'Depósito o transferencia bancaria', cash: 'Efectivo', cheque: 'Cheque', in_kind: 'En especie' } as Record<string, string>,
  checkoutId: 'Checkout',
  paymentId: 'Pago en la pasarela',
  card: 'Tarjeta',
  charged: 'Cobrado',
  /** The same line while the money has not been received (a pending deposit or payment). */
  chargedPending: 'Por recibir (pendiente)',
  /** A voided gift: what was entered, no longer counted (its money was returned, or it was entered by mistake). */
  chargedVoided: 'Monto (anulada)',
  /** A gift that failed, was cancelled or expired: nothing was received. */
  notCharged: 'Monto (no se cobró)',
  coveredFee: 'Comisión cubierta por el donante',
  fee: 'Comisión de la pasarela',
  vatWithheld: 'IVA retenido',
  net: 'Neto recibido',
  gtqValue: 'Equivalente en quetzales',
  rate: (rate: string, date: string) => `a ${rate} por dólar (${date})`,
  refundedAt: 'Reembolsada',
  receivedOn: 'Recibida el',
  entryReference: 'Referencia',
  cheque: 'Cheque',
  chequeOf: (number: string, bank: string) => `N.º ${number}, ${bank}`,
  inKind: 'Qué se recibió',
  valuationBasis: 'Cómo se valoró',
  refundReason: 'Motivo del reembolso',
  /** A completed card gift without the Reembolsar button says why (`refund_unavailable`). */
  refundUnavailableLabel: 'Reembolso',
  refundUnavailable: {
    noGateway:
      'No se puede reembolsar desde aquí: no hay una pasarela de pagos configurada (los pagos de la tarjeta simulada de la demostración no se cobran ni se devuelven). Si el dinero se devolvió por otro medio, anula la donación.',
    otherProvider: (provider: string) =>
      `No se puede reembolsar desde aquí: este pago no se cobró por ${provider}, la pasarela configurada. Devuélvelo por el medio en que se cobró y anula la donación.`,
    noPaymentId:
      'No se puede reembolsar desde aquí: la donación no tiene el identificador del pago en la pasarela (por ejemplo, una donación importada). Devuélvela por el medio en que se cobró y anula la donación.',
  },
  events: 'Eventos de la pasarela',
  noEvents: 'Ningún evento recibido.',
  eventError: (error: string) => `No aplicado: ${error}`,
  /** A payment that needs staff, by its problem (PAYMENT_PROBLEMS). */
  problems: {
    amount_mismatch: 'Monto distinto',
    unknown_checkout: 'Checkout desconocido',
    duplicate_payment: 'Pago duplicado, reembolsar',
  } as Record<string, string>,
  eventPaid: (amount: string) => `Pagado: ${amount}`,
  /** "Pagos por revisar" (/admin/pagos): every payment that needs staff, newest first. */
  problemList: {
    title: 'Pagos por revisar',
    intro:
      'Pagos que la pasarela nos informó y que no completaron ninguna donación (monto distinto, checkout desconocido), o que pagaron por segunda vez una donación ya completada. Un pago duplicado se devuelve con un clic; la donación sigue completada.',
    caption: 'Pagos por revisar, los más recientes primero',
    received: 'Recibido',
    problem: 'Problema',
    donation: 'Donación',
    paid: 'Pagado',
    payment: 'Pago en la pasarela',
    action: 'Acción',
    noDonation: 'Ninguna',
    noAmount: '—',
    empty: 'No hay pagos por revisar.',
    emptyBody: 'Cuando la pasarela informe un pago que no cuadra con una donación, aparecerá aquí.',
    loadError: 'No pudimos cargar los pagos por revisar',
    /** The admin dashboard's alert, with a link to the list. */
    alert: (n: number) =>
      n === 1 ? 'En los últimos 30 días, 1 pago de la pasarela pide revisión' : `En los últimos 30 días, ${n} pagos de la pasarela piden revisión`,
    alertBody: 'Un monto distinto, un checkout desconocido o un pago duplicado por reembolsar.',
    review: 'Revisar pagos',
  },
  refundDuplicate: 'Reembolsar pago duplicado',
  duplicateRefunded: (date: string) => `Pago duplicado reembolsado el ${date}`,
  duplicateRefundDone: 'El pago duplicado fue reembolsado. La donación sigue completada.',
  duplicateRefundFailed: 'No se pudo reembolsar el pago duplicado',
  duplicateRefundTitle: '¿Reembolsar el pago duplicado?',
  duplicateRefundBody: (amount: string | null) =>
    `Se devolverá ${amount ?? 'el segundo pago'} a la tarjeta en la pasarela de pagos. La donación sigue completada con su primer pago y su recibo; no se puede deshacer.`,
  duplicateRefundConfirm: 'Sí, reembolsar',
  refund: 'Reembolsar',
  refundTitle: (reference: string) => `Reembolsar la donación ${reference}`,
  refundBody: (amount: string) =>
    `Se devolverá ${amount} a la tarjeta del donante en la pasarela de pagos. La donación quedará como reembolsada, fuera de los totales, su recibo anulado, y le avisaremos por correo.`,
  refundReasonLabel: 'Motivo (se le enviará al donante)',
  refundReasonRequired: 'Escribe el motivo del reembolso.',
  refundConfirm: 'Reembolsar',
  refundDone: 'La donación fue reembolsada.',
  cancel: 'Cancelar',
  providerSettles: 'La completa o rechaza la pasarela de pagos',

  settingsTitle: 'Pagos con tarjeta',
  settingsDescription:
    'La comisión de la pasarela que un donante puede elegir cubrir, y el tipo de cambio del dólar con el que se valoran en quetzales las donaciones en USD.',
  feePercent: 'Comisión de la pasarela (%)',
  feeVatPercent: 'IVA sobre la comisión (%)',
  usdRate: 'Quetzales por dólar',
  usdRateDate: 'Fecha del tipo de cambio',
  settingsSave: 'Guardar pagos',
  settingsSaved: 'Configuración de pagos guardada',
  settingsError: 'Error al guardar la configuración de pagos',
  settingsInvalid: 'Revisa los valores: porcentajes de 0 a 20 (IVA de 0 a 50), un tipo de cambio mayor que 0 y una fecha.',
} as const;
