// Texts of bank deposits (docs/product.md#bank-deposits), shared by the browser and the API answers:
// the "Depósito o transferencia bancaria" choice of /donate, the deposit instructions, the slip
// upload (success screen, /boleta and the donor area) with each refusal, and the bank accounts of
// the admin settings.

export const SLIP_MAX_BYTES = 5 * 1024 * 1024;

export const depositMessages = {
  method: {
    legend: 'Forma de pago',
    card: 'Tarjeta',
    deposit: 'Depósito o transferencia bancaria',
    depositHint: 'Deposita o transfiere a nuestra cuenta y envíanos la foto de la boleta.',
  },
  submit: (amount: string) => `Registrar donación de ${amount}`,
  paymentMethodUnavailable: 'Por ahora no recibimos depósitos bancarios; elige tarjeta',
  depositNotMonthly: 'Las donaciones mensuales son solo con tarjeta',
  depositNoFee: 'Un depósito no tiene comisión que cubrir',

  instructions: {
    title: 'Haz tu depósito o transferencia',
    intro: 'Tu donación quedó registrada. Deposita o transfiere el monto exacto a una de estas cuentas y escribe la referencia en la boleta o en la descripción de la transferencia.',
    amount: 'Monto exacto',
    reference: 'Referencia de tu donación',
    bank: 'Banco',
    accountType: 'Tipo de cuenta',
    number: 'Número de cuenta',
    holder: 'A nombre de',
    copy: 'Copiar',
    copied: 'Copiado',
    copyLabel: (what: string) => `Copiar ${what}`,
    emailSent: (email: string) => `Te enviamos estas instrucciones a ${email}, con un enlace para subir tu boleta cuando la tengas.`,
    noAccounts: 'La organización aún no publicó sus cuentas bancarias.',
  },

  upload: {
    title: 'Sube la foto de tu boleta',
    pageTitle: 'Boleta de depósito',
    intro: 'Envíanos la foto o el PDF de la boleta de depósito o el comprobante de la transferencia.',
    file: 'Foto o PDF de la boleta',
    fileHint: 'JPG, PNG, HEIC o PDF de hasta 5 MB.',
    bank: 'Banco donde depositaste',
    depositDate: 'Fecha del depósito',
    slipNumber: 'Número de boleta',
    amount: 'Monto depositado',
    submit: 'Enviar boleta',
    sending: 'Enviando…',
    later: 'También puedes subirla después desde el enlace del correo o desde tu panel.',
    received: 'Recibimos tu boleta, la estamos verificando',
    receivedHint: 'Te avisaremos por correo cuando confirmemos tu depósito.',
    sendAnother: 'Enviar otra boleta',
    uploadSlip: 'Subir boleta',
    slipsSent: (n: number) => (n === 1 ? '1 boleta enviada' : `${n} boletas enviadas`),
    awaitingSlip: 'Esperando tu boleta de depósito',
    linkInvalid: 'El enlace no es válido o ya venció. Usa el enlace del correo más reciente o entra a tu panel.',
    donationClosed: 'Esta donación ya no espera una boleta.',
    completed: 'Confirmamos tu depósito. ¡Gracias!',
  },

  errors: {
    fileRequired: 'Elige la foto o el PDF de la boleta',
    fileType: 'El archivo debe ser JPG, PNG, HEIC o PDF',
    fileTooLarge: 'El archivo pesa más de 5 MB',
    fileEmpty: 'El archivo está vacío',
    imageUnreadable: 'No pudimos leer la imagen; toma la foto de nuevo',
    pdfScript: 'El PDF contiene código ejecutable; envía una foto o un PDF sin scripts',
    pdfUnreadable: 'No pudimos leer el PDF; envía una foto de la boleta',
    bankRequired: 'Escribe el banco donde depositaste',
    bankMax: 'El banco no puede tener más de 60 caracteres',
    depositDateRequired: 'Escribe la fecha del depósito',
    depositDateInvalid: 'La fecha del depósito no es válida',
    depositDateFuture: 'La fecha del depósito no puede ser futura',
    slipNumberRequired: 'Escribe el número de boleta',
    slipNumberInvalid: 'El número de boleta solo puede tener letras, números y guiones (hasta 40)',
    amountRequired: 'Escribe el monto depositado',
    amountInvalid: 'El monto depositado debe ser mayor que cero, con hasta dos decimales',
    notDeposit: 'Esta donación no es un depósito bancario',
    notPending: 'Esta donación ya no espera una boleta',
    tooManySlips: 'Ya enviaste 5 boletas para esta donación; escríbenos si necesitas corregir algo',
    tokenRequired: 'Falta el enlace para subir tu boleta',
  },

  settings: {
    title: 'Cuentas bancarias',
    intro: 'Las cuentas visibles se muestran a quien elige depósito o transferencia, en este orden.',
    add: 'Agregar cuenta',
    save: 'Guardar cuentas',
    saved: 'Cuentas guardadas',
    remove: 'Quitar',
    moveUp: 'Subir',
    moveDown: 'Bajar',
    hidden: 'Oculta (no se muestra a los donantes)',
    empty: 'Aún no hay cuentas. Sin cuentas visibles no se ofrece el depósito bancario.',
    bankRequired: 'Escribe el banco',
    numberInvalid: 'El número de cuenta solo puede tener números, espacios y guiones (4 a 30)',
    holderRequired: 'Escribe a nombre de quién está la cuenta',
    tooMany: 'Hasta 10 cuentas',
  },

  accountTypes: {
    monetaria: 'Monetaria',
    ahorro: 'De ahorro',
  },
} as const;
