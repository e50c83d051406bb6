// Texts of the public donation flow (/donate) and its API answers.
import type { AmountInputProblem } from '../amount-input';
import { PROFILE_PAGE_NAME, RECEIPTS_PAGE_NAME } from './shell';

/** Zero or below: one sentence whether the amount was typed (`-5`) or sent as a number. */
const AMOUNT_ABOVE_ZERO = 'Ingresa un monto mayor a cero';

const AMOUNT_INPUT = {
  malformed: 'Escribe el monto solo con números, por ejemplo 1,500 o 1500.50.',
  /** The same words as the contracts' for a number below zero, so `-5` reads the same typed or sent. */
  negative: AMOUNT_ABOVE_ZERO,
  ambiguous: 'No está claro qué monto quisiste escribir: usa la coma para los miles y el punto para los centavos, por ejemplo 1,500.50.',
  decimals: 'El monto admite como máximo dos decimales.',
  tooLarge: 'El monto es demasiado grande.',
  otherCurrency: 'El monto lleva el símbolo de otra moneda: escribe solo el número en la moneda elegida.',
} satisfies Record<Exclude<AmountInputProblem, 'empty'>, string>;

export const donateMessages = {
  continue: 'Continuar donación',
  submit: 'Realizar donación',
  back: 'Regresar',
  processing: 'Tu donación está siendo procesada...',
  another: 'Hacer otra donación',
  close: 'Cerrar',
  /** Also what the amount contracts (donateAmountSchema, changeMonthlyAmountSchema) say of zero or a negative amount. */
  amountRequired: AMOUNT_ABOVE_ZERO,
  /** "Otro monto" left empty, or a request without the amount: what to write, never "mayor a cero" (that is zero's). */
  amountEmpty: 'Escribe el monto que quieres donar',
  amountBelowMin: (min: string) => `El monto mínimo de donación es ${min}`,
  amountAboveMax: (max: string) => `El monto máximo de donación es ${max}`,
  cardRequired: 'El número de tarjeta es requerido',
  cardInvalid: 'El número de tarjeta no es válido',
  expiryRequired: 'La fecha de vencimiento es requerida',
  expiryInvalid: 'Usa el formato MM/AA',
  expiryPast: 'La tarjeta está vencida',
  cvcRequired: 'El CVC es requerido',
  cvcInvalid: 'El CVC debe tener 3 o 4 dígitos',
  nameMax: 'El nombre no puede tener más de 100 caracteres',
  description: 'Donación en línea',
  amountDecimals: 'El monto admite como máximo dos decimales',
  cardLast4Invalid: 'Los últimos 4 dígitos de la tarjeta deben ser 4 números',
  cardBrandInvalid: 'La marca de la tarjeta debe ser visa, mastercard, amex u other',
  // Here, not in messages/designation.ts, so that /donate's first load does not carry the rest of those texts.
  programInvalid: 'Elige un programa de la lista o "Donde más se necesite".',
  paymentMethodInvalid: 'El método de pago debe ser card o bank_deposit',
  currencyInvalid: 'La moneda debe ser GTQ o USD',
  coverFeesInvalid: 'coverFees debe ser verdadero o falso',
  anonymousInvalid: 'anonymous debe ser verdadero o falso',
  anonymous: 'Donar de forma anónima',
  anonymousHint: 'En la lista pública de donaciones aparecerás como «Anónimo», sin tu nombre ni tu correo. Tu recibo sigue llegando a tu nombre.',
  publicNameHint: 'Si no la marcas, en la lista pública de donaciones aparecerás con tu nombre y la inicial de tu apellido, y tu correo abreviado.',
  /** How the public lists name a donor who gave anonymously. */
  anonymousDonor: 'Anónimo',
  unknownFields: (keys: readonly string[]) =>
    `La solicitud contiene campos no permitidos: ${keys.join(', ')}. Nunca envíes el número completo de la tarjeta ni el CVC.`,
  title: 'Haz tu donación',
  subtitle: 'Cada quetzal llega a una niña, un niño o un adolescente que lo necesita.',
  steps: ['Monto', 'Tus datos', 'Confirmación'],
  stepOf: (step: number, total: number) => `Paso ${step} de ${total}`,
  stepsLabel: 'Pasos de la donación',
  amountLegend: 'Elige el monto de tu donación',
  customAmount: 'Otro monto',
  customAmountHint: (min: string, max: string) => `Puedes donar desde ${min} hasta ${max}.`,
  /**
   * Why a typed amount was refused (docs/product.md#validation-rules): never guessed. The same words
   * wherever an amount is typed or imported, in the browser and from the API (decision 0074).
   */
  amountInput: AMOUNT_INPUT,
  /** The words for a refused typed amount; `empty`: the field's own words for blank text. */
  amountRefused: (problem: AmountInputProblem, empty: string): string => (problem === 'empty' ? empty : AMOUNT_INPUT[problem]),
  /** /donate's step 1 is in quetzales until the card's currency is chosen on step 2: a dollar symbol there says where to choose it. */
  amountDollarsLater: 'Aquí el monto va en quetzales. Para donar en dólares, escribe solo el número y elige «Dólares (USD)» en el paso 2, al pagar con tarjeta.',
  /** The typed amount as it was understood, restated before paying. */
  amountUnderstood: 'Entendimos',
  amountInWords: 'En letras',
  aboutTitle: 'A quién apoyas',
  impactTitle: 'Lo que hace posible tu donación',
  impactFor: (amount: string) => `Con ${amount} puedes dar:`,
  impactPerUnit: 'Como referencia:',
  impactMeals: (n: number, shown: string) => (n === 1 ? 'una refacción nutritiva en una escuela' : `${shown} refacciones nutritivas en una escuela`),
  impactHours: (n: number, shown: string) => (n === 1 ? 'una hora de formación en valores' : `${shown} horas de formación en valores`),
  impactChildren: (n: number, shown: string) => (n === 1 ? 'un mes de acompañamiento a un niño' : `un mes de acompañamiento a ${shown} niños`),
  impactScholarships: (n: number, shown: string) => (n === 1 ? 'una beca escolar de un año' : `${shown} becas escolares de un año`),
  impactMealUnit: (q: string) => `${q}: una refacción nutritiva`,
  impactHourUnit: (q: string) => `${q}: una hora de formación en valores`,
  impactChildUnit: (q: string) => `${q}: un mes de acompañamiento a un niño`,
  impactScholarshipUnit: (q: string) => `${q}: una beca escolar de un año`,
  summaryAmount: 'Monto a donar',
  change: 'Cambiar',
  donorSection: 'Tus datos',
  cardSection: 'Datos de la tarjeta',
  donorName: 'Nombre completo',
  email: 'Correo electrónico',
  emailSuggestion: (email: string) => `¿Quisiste decir ${email}? Revísalo: ahí te enviaremos tu recibo.`,
  emailSuggestionUse: (email: string) => `Usar ${email}`,
  phone: 'Teléfono',
  cardNumber: 'Número de tarjeta',
  expiryDate: 'Vencimiento (MM/AA)',
  cvc: 'CVC',
  cvcHint: 'Los 3 o 4 dígitos al reverso de tu tarjeta.',
  nit: 'NIT',
  acceptTermsPrefix: 'Acepto los ',
  acceptTermsTerms: 'términos y condiciones',
  acceptTermsMiddle: ' y la ',
  acceptTermsPrivacy: 'política de privacidad',
  secureNote: 'El número completo de tu tarjeta y el CVC no salen de tu navegador: solo enviamos los últimos 4 dígitos y la marca.',
  processingNote: 'No cierres esta página. Estamos registrando tu donación.',
  successTitle: '¡Gracias por tu donación!',
  successBody: 'Tu donación quedó registrada. Guarda tu número de referencia.',
  successOrganization: 'Organización',
  successAmount: 'Monto',
  successReference: 'Referencia',
  successCard: 'Tarjeta',
  successPhone: 'Teléfono de la organización',
  /**
   * 'Comprobante': until SAT certifies it, what is emailed is a constancia, not a recibo por donación.
   * `place` is a link to where the switch is (/donor/profile?pestana=preferencias, titled as it is named).
   */
  receiptNote: {
    before: 'Te enviaremos por correo el comprobante de tu donación en PDF, salvo que hayas desactivado «Agradecimientos y recibos por correo» en ',
    place: `${PROFILE_PAGE_NAME}, pestaña Preferencias`,
    after: `. Si tienes una cuenta con ese correo, también lo encuentras en ${RECEIPTS_PAGE_NAME}, en tu área de donante.`,
  },
  failed: 'No pudimos registrar tu donación. Tus datos siguen aquí: revisa e intenta de nuevo.',
  maintenanceNotice: 'Por mantenimiento, en este momento no podemos recibir donaciones. Intenta más tarde.',
  siteLoadError: 'No pudimos cargar los datos de la donación',

  // Card payments (docs/product.md#payments)
  demoNote: 'Donación registrada (modo de demostración, no se hizo ningún cobro).',
  demoBanner: 'Modo de demostración: no se hace ningún cobro a tu tarjeta.',
  currency: 'Moneda',
  currencyGtq: 'Quetzales (GTQ)',
  currencyUsd: 'Dólares (USD)',
  usdRateNote: (rate: string, date: string) => `Tipo de cambio de referencia: ${rate} por dólar, del ${date}.`,
  /** Step 2, after a change of currency: what the amount became (converted at the reference rate, rounded). */
  currencyConverted: (from: string, to: string) => `Convertimos tu donación de ${from} a ${to} al tipo de cambio de referencia, redondeada. Para donar otro monto, cámbialo con «Regresar».`,
  /** Step 1 with dollars chosen: the presets and "Otro monto" are dollars. */
  amountsInUsd: (rate: string) => `Montos en dólares (USD), al tipo de cambio de referencia de ${rate} por dólar. La moneda se elige en el paso siguiente.`,
  coverFees: 'Quiero cubrir la comisión de la pasarela de pagos para que la fundación reciba mi donación completa',
  coverFeesBreakdown: (gift: string, fee: string, total: string) => `Donación ${gift} + comisión ${fee} = se cobrará ${total}`,
  /** The charge in parts (gift + commission + IVA = charged), before and after paying. */
  breakdown: {
    label: 'Detalle del cobro',
    gift: 'Tu donación',
    commission: 'Comisión de la pasarela de pagos',
    vat: 'IVA sobre la comisión',
    toCharge: 'Total a cobrar',
    charged: 'Total cobrado',
  },
  /** A dollar gift's value in quetzales, before paying, at the staff's reference rate. */
  quetzalEquivalent: (gtq: string, rate: string, date: string) => `Equivale a unos ${gtq} (tipo de cambio de referencia: ${rate} por dólar, del ${date}).`,
  impactForUsd: (usd: string, gtq: string) => `Con ${usd} (unos ${gtq}) puedes dar:`,
  payOnProviderSection: 'Pago',
  payOnProviderNote:
    'Al continuar te llevaremos a la página segura de Recurrente para escribir los datos de tu tarjeta. Tu tarjeta nunca pasa por nuestro sitio.',
  submitToProvider: 'Continuar al pago',
  redirecting: 'Te estamos llevando a la página de pago…',
  resultTitle: 'Tu donación',
  resultProcessing: 'Estamos confirmando tu pago',
  resultProcessingNote: 'Esto puede tardar unos segundos. No cierres esta página.',
  resultPaidTitle: '¡Gracias! Recibimos tu donación',
  resultFailedTitle: 'El pago no se completó',
  resultFailedNote: 'No se hizo ningún cobro. Puedes intentarlo de nuevo con la misma tarjeta u otra.',
  resultCancelledTitle: 'Cancelaste el pago',
  resultCancelledNote: 'Tu donación no se cobró. Si quieres, puedes volver a la página de pago.',
  resultExpiredTitle: 'El enlace de pago venció',
  resultRefundedTitle: 'Esta donación fue reembolsada',
  resultNotFound: 'No encontramos una donación con esa referencia.',
  retry: 'Intentar de nuevo',
  backToDonate: 'Hacer otra donación',
  resultAmount: 'Monto',
  resultReference: 'Referencia',
  resultCard: 'Tarjeta',
  resultReceipt: 'Recibo',
} as const;
