// Texts of bank deposits (docs/product.md#bank-deposits), shared by the browser and the API answers:
// the "Depósito o transferencia bancaria" choice of /donate, the deposit instructions, the slip
// upload (success screen, /boleta and the donor area) with each refusal, and the bank accounts of
// the admin settings.
import { formatPercent } from '../format';

export const SLIP_MAX_BYTES = 5 * 1024 * 1024;

export const depositMessages = {
  /** The description a deposit is recorded with, printed on its receipt (a card gift's is "Donación en línea"). */
  description: 'Donación por depósito o transferencia bancaria',
  method: {
    legend: 'Forma de pago',
    card: 'Tarjeta',
    deposit: 'Depósito o transferencia bancaria',
    depositHint: 'Deposita o transfiere a nuestra cuenta y envíanos la foto de la boleta.',
    depositNext: 'Al registrar tu donación te mostramos nuestras cuentas, el monto exacto y la referencia que debes escribir en la boleta. También te las enviamos por correo.',
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
    chooseFile: 'Elegir foto o PDF',
    noFile: 'Ningún archivo elegido',
    bank: 'Banco donde depositaste',
    bankPlaceholder: 'Elige el banco',
    bankHint: 'Una de las cuentas de la organización que te mostramos.',
    shrinking: 'Preparando la foto…',
    shrunk: (from: string, to: string) => `Reducimos la foto de ${from} a ${to} para poder enviarla.`,
    amountDiffers: (declared: string, expected: string) =>
      `El monto que escribiste (${declared}) no coincide con el de tu donación (${expected}). Revisa la boleta; si depositaste otro monto, envíala igual y lo verificaremos.`,
    depositDate: 'Fecha del depósito',
    slipNumber: 'Número de boleta',
    amount: 'Monto depositado',
    submit: 'Enviar boleta',
    sending: 'Enviando…',
    /** The button while the file goes up, with the share sent ('45%'), then while the server reads it. */
    sendingPercent: (percent: string) => `Enviando… ${percent}`,
    checkingFile: 'Revisando el archivo…',
    progressLabel: 'Envío de la boleta',
    /**
     * Where else the slip can be sent later: a gift made signed in is in the account's Mis donaciones
     * (named as that page's title), one made without an account only by the email's link.
     */
    later: 'También puedes subirla después desde el enlace del correo o desde Mis donaciones.',
    laterByEmail: 'También puedes subirla después desde el enlace que te enviamos por correo.',
    received: 'Recibimos tu boleta, la estamos verificando',
    receivedHint: 'Te avisaremos por correo cuando confirmemos tu depósito.',
    sendAnother: 'Enviar otra boleta',
    uploadSlip: 'Subir boleta',
    checking: 'Boleta en verificación',
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
    /** No answer: the connection dropped or timed out while the file went up. */
    uploadInterrupted: 'Se cortó el envío de la boleta. Revisa tu conexión y vuelve a intentarlo: el archivo sigue elegido.',
    imageUnreadable: 'No pudimos leer la imagen; toma la foto de nuevo',
    imageTooManyPixels: (megapixels: number) => `La imagen es demasiado grande (más de ${megapixels} megapíxeles); envía una foto de menor resolución`,
    pdfScript: 'El PDF contiene código ejecutable; envía una foto o un PDF sin scripts',
    pdfUnreadable: 'No pudimos leer el PDF; envía una foto de la boleta',
    bankRequired: 'Elige el banco donde depositaste',
    bankMax: 'El banco no puede tener más de 60 caracteres',
    bankUnknown: 'Elige uno de los bancos de las cuentas de la organización',
    depositDateRequired: 'Escribe la fecha del depósito',
    depositDateInvalid: 'La fecha del depósito no es válida',
    /** Before DEPOSIT_DATE_MIN (schemas/deposits.ts): the range taken, as the date field writes days. */
    depositDateTooEarly: 'La fecha del depósito debe estar entre el 01/01/2000 y hoy',
    depositDateFuture: 'La fecha del depósito no puede ser futura',
    slipNumberRequired: 'Escribe el número de boleta',
    /** `refused`: each character of the number that is not a letter, a digit, a space or a hyphen, quoted. */
    slipNumberCharacters: (refused: string[]) => {
      const quoted = refused.map((c) => `«${c}»`);
      const listed = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} y ${quoted[quoted.length - 1]}` : quoted[0];
      return `El número de boleta solo lleva letras, números, espacios y guiones: quita ${listed}`;
    },
    slipNumberTooLong: 'El número de boleta tiene como máximo 40 letras, números o guiones (los espacios no cuentan)',
    amountRequired: 'Escribe el monto depositado',
    amountInvalid: 'El monto depositado debe ser mayor que cero, con hasta dos decimales',
    notDeposit: 'Esta donación no es un depósito bancario',
    notPending: 'Esta donación ya no espera una boleta',
    tooManySlips: 'Ya enviaste 5 boletas para esta donación; escríbenos si necesitas corregir algo',
    tokenRequired: 'Falta el enlace para subir tu boleta',
    donationQuota: (mb: number) => `Las boletas de esta donación ya suman más de ${mb} MB; escríbenos si necesitas enviar otra`,
    storageFull: 'El espacio para boletas de la organización está lleno; intenta más tarde o escríbenos',
  },

  /** Slip storage: quotas and retention (admin settings) and the dashboard's warning. */
  storage: {
    title: 'Almacenamiento de boletas',
    intro:
      'Límites del espacio que ocupan las boletas y cuánto tiempo se guardan las de donaciones que terminaron sin dinero (expiradas, rechazadas o canceladas). La donación y su historial se conservan.',
    perDonation: 'Límite por donación (MB)',
    total: 'Límite total (MB)',
    retention: 'Borrar boletas de donaciones sin dinero después de (días)',
    save: 'Guardar límites',
    saved: 'Límites guardados',
    failed: 'No se pudieron guardar los límites',
    perDonationRange: 'El límite por donación debe ser un número entero entre 5 y 500 MB',
    totalRange: 'El límite total debe ser un número entero entre 10 y 1,000,000 MB',
    perDonationAboveTotal: 'El límite por donación no puede ser mayor que el límite total',
    retentionRange: 'Los días deben ser un número entero entre 7 y 3650',
    usage: (used: string, quota: string, percent: number) => `Boletas guardadas: ${used} de ${quota} (${formatPercent(percent)})`,
    warningTitle: 'El espacio para boletas está por llenarse',
    warning: (percent: number) =>
      `Las boletas ocupan el ${formatPercent(percent)} del límite total. Al llenarse, no se aceptarán boletas nuevas: sube el límite en Configuración o revisa la retención.`,
    goToSettings: 'Ir a Configuración',
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
