// Texts of card payments through a provider that only the API uses: emails and errors.
import { asSentence } from '@donaciones/shared/messages/sentence';

export const paymentMessages = {
  checkoutItem: (org: string) => `Donación a ${org}`,
  providerUnavailable: 'No pudimos conectar con la pasarela de pagos. Intenta de nuevo en unos minutos.',
  providerSettles: 'Una donación con tarjeta la completa o rechaza la pasarela de pagos, no el personal.',
  depositNotCharged: 'Un depósito bancario no se cobra con tarjeta: apruébalo o recházalo al verificar la boleta.',
  notRetryable: 'Esta donación ya no se puede pagar de nuevo.',
  notRefundable: 'Solo se puede reembolsar una donación con tarjeta completada.',
  refundFailed: (detail: string) => `La pasarela de pagos no aceptó el reembolso: ${detail}`,
  declined: 'El pago fue rechazado',
  // Why a provider's payment completed nothing, or needs a refund: shown to staff beside the event.
  amountMissing: 'El pago no trae un monto válido en centavos: no completó nada.',
  amountMismatch: (paid: string, expected: string) => `Se pagó ${paid} y la donación es de ${expected}: no completó nada.`,
  unknownCheckout: 'El pago es de un checkout que no se abrió aquí: no completó nada.',
  noDonation: 'Ningún cobro corresponde a este pago: no completó nada.',
  duplicatePayment: (reference: string) => `Pago duplicado de la donación ${reference}, ya cobrada: reembolsar.`,
  notDuplicateRefundable: 'Solo se reembolsa así un pago duplicado que aún no se reembolsó.',
  webhookInvalid: 'Firma o contenido del webhook inválido.',
  referenceInvalid: 'La referencia de la donación no es válida (ejemplo: #MG12345678).',
  noProvider: 'No hay una pasarela de pagos configurada: las donaciones con tarjeta son de demostración.',
  refundReasonRequired: 'Escribe el motivo del reembolso.',
  refundReasonTooLong: (max: number) => `El motivo del reembolso admite hasta ${max} caracteres.`,
  cardRequiredSimulated: 'Los últimos 4 dígitos y la marca de la tarjeta son requeridos',
  failedSubject: (reference: string) => `No se completó el pago de tu donación ${reference}`,
  failedText: (name: string, amount: string, reference: string, reason: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `El pago de tu donación de ${amount} (referencia ${reference}) no se completó: ${asSentence(reason)}`,
      'No se hizo ningún cobro. Puedes intentarlo de nuevo con otra tarjeta en este enlace:',
      '',
      link,
    ].join('\n'),
  refundedSubject: (reference: string) => `Reembolsamos tu donación ${reference}`,
  refundedText: (name: string, amount: string, reference: string, reason: string) =>
    [
      `Hola ${name}:`,
      '',
      `Reembolsamos tu donación de ${amount} (referencia ${reference}). Motivo: ${asSentence(reason)}`,
      'El recibo de esta donación quedó anulado. El dinero vuelve a tu tarjeta según los plazos de tu banco.',
    ].join('\n'),
};
