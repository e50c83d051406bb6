// Texts of the ledger's corrections (docs/product.md#the-donation-ledger): void, adjusted deposit amount, reopened deposit.
export const correctionsMessages = {
  reasonRequired: 'Escribe el motivo de la corrección',
  reasonMax: 'El motivo puede tener hasta 500 caracteres',
  amountRequired: 'Escribe el monto que llegó, en quetzales con hasta dos decimales',
  amountPositive: 'El monto que llegó debe ser mayor que cero',
  notVoidable: 'Solo se anula una donación completada que no se pagó con tarjeta; una donación con tarjeta se reembolsa',
  notAdjustable: 'Solo se ajusta el monto de un depósito pendiente',
  amountNotLower: 'El monto que llegó debe ser menor que el declarado; para aprobarlo completo usa Aprobar',
  notReopenable: 'Solo se reabre un depósito rechazado',
  kinds: { void: 'Anulación', amount_adjusted: 'Monto ajustado', reopen: 'Depósito reabierto' },
  adjustedSubject: (reference: string) => `Recibimos tu depósito ${reference}`,
  adjustedText: (name: string, declared: string, arrived: string, reference: string, reason: string) =>
    `Hola ${name}:\n\nRevisamos tu depósito de la donación ${reference}. Declaraste ${declared} y al banco llegaron ${arrived}. ` +
    `Registramos tu donación por ${arrived} y el recibo será por ese monto cuando la aprobemos.\n\nMotivo: ${reason}\n\nGracias por tu apoyo.`,
  voidedSubject: (reference: string) => `Anulamos la donación ${reference}`,
  voidedText: (name: string, amount: string, reference: string, reason: string) =>
    `Hola ${name}:\n\nAnulamos el registro de tu donación ${reference} por ${amount} y su recibo.\n\nMotivo: ${reason}\n\n` +
    'Si la donación se registra de nuevo, recibirás un recibo nuevo.',
} as const;
