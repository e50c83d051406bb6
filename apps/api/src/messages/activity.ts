// Lines of the activity feeds (admin dashboard and member dashboard), written by the API.

/** A donor record's changes on its timeline (docs/product.md#donors), by audit action; unknown ones read "Cambio en el registro". */
export const donorChangeMessages: Record<string, string> = {
  'donor.update': 'Se editó el registro',
  'donor.merge': 'Se le unió otro registro del mismo donante',
  'donor.merged_into': 'Se unió a otro registro del mismo donante',
  'donor.merge_undo': 'Se deshizo una fusión de registros',
  'donor.consent_from_profile': 'El donante cambió en su perfil si acepta correos',
};
export const donorChangeFallback = 'Cambio en el registro';

export const activityMessages = {
  admin: {
    system: 'El sistema',
    userCreate: (actor: string, email: string) => `${actor} creó la cuenta de ${email}`,
    userUpdate: (actor: string, email: string) => `${actor} actualizó la cuenta de ${email}`,
    userDelete: (actor: string, email: string) => `${actor} eliminó la cuenta de ${email}`,
    donorRoleAdded: 'Una cuenta recibió el rol de donante por su primera donación aprobada',
    donationApprove: (actor: string, ref: string) => `${actor} aprobó la donación ${ref}`,
    /** Follows the approval or the payment of a gift dated in a month already closed: it took the day it completed. */
    redatedAfterClose: (on: string, from: string, month: string) =>
      `. Quedó con fecha del ${on}: su fecha anterior, el ${from}, es de ${month}, un mes ya cerrado`,
    donationReject: (actor: string, ref: string) => `${actor} rechazó la donación ${ref}`,
    donationProcess: (actor: string, ref: string) => `${actor} procesó la donación ${ref}`,
    donationCancel: (actor: string, ref: string) => `${actor} canceló la donación ${ref}`,
    donationVoid: (actor: string, ref: string, reason: string) => `${actor} anuló la donación ${ref} y su recibo. Motivo: ${reason}`,
    /** A deposit's, or a transfer the office entered (`transfer`), named as what it is. */
    donationAmountAdjusted: (actor: string, ref: string, from: string, to: string, reason: string, transfer = false) =>
      `${actor} ajustó ${transfer ? 'la transferencia' : 'el depósito'} ${ref} de ${from} a ${to}, lo que llegó al banco. Motivo: ${reason}`,
    donationReopen: (actor: string, ref: string, reason: string, transfer = false) =>
      `${actor} reabrió ${transfer ? 'la transferencia rechazada' : 'el depósito rechazado'} ${ref}. Motivo: ${reason}`,
    monthlyGiftCancel: (actor: string, id: string, by: string) =>
      by === 'staff'
        ? `${actor} canceló la donación mensual #${id} a pedido del donante`
        : by === 'provider'
          ? `La donación mensual #${id} se canceló tras cobros fallidos`
          : `El donante canceló la donación mensual #${id}`,
    monthlyGiftStarted: (id: string) => `Empezó la donación mensual #${id}`,
    monthlyGiftRenewed: (id: string) => `Se cobró la renovación de la donación mensual #${id}`,
    monthlyGiftPastDue: (id: string) => `La donación mensual #${id} tiene un pago pendiente`,
    monthlyGiftPaused: (id: string) => `La donación mensual #${id} quedó en pausa`,
    monthlyGiftChange: (id: string) => `Se pidió cambiar el monto de la donación mensual #${id}`,
    monthlyGiftChangeScheduled: (id: string) => `Se programó un nuevo monto de la donación mensual #${id} para su próximo cobro`,
    monthlyGiftChangeDropped: (id: string) => `Se dejó sin efecto el cambio de monto de la donación mensual #${id}`,
    monthlyGiftAmountChanged: (id: string) => `Empezó el nuevo monto de la donación mensual #${id}`,
    monthlyGiftPausedByDonor: (id: string) => `El donante pausó la donación mensual #${id}`,
    monthlyGiftResumed: (id: string) => `Se reanudó la donación mensual #${id}`,
    monthlyGiftResumedByDonor: (id: string) => `El donante reanudó antes de tiempo la donación mensual #${id}`,
    monthlyGiftTrialStarted: (id: string) => `Se confirmó la tarjeta de la donación mensual #${id}, sin cobro hasta su primera fecha`,
    donationExpire: (ref: string) => `La donación ${ref} expiró sin confirmarse`,
    donationRefund: (actor: string, ref: string) => `${actor} reembolsó la donación ${ref}`,
    checkoutRetry: (ref: string) => `Se abrió un nuevo pago para la donación ${ref}`,
    paymentSettled: (ref: string) => `La pasarela confirmó el pago de la donación ${ref}`,
    donationPaid: (ref: string) => `La pasarela cobró la donación ${ref}`,
    donationDeclined: (ref: string) => `La pasarela rechazó el pago de la donación ${ref}`,
    slipUpload: (actor: string | null, ref: string) => `${actor ?? 'El donante'} subió la boleta de depósito de la donación ${ref}`,
    statementImport: (actor: string, bank: string, file: string) => `${actor} importó los movimientos de ${bank} («${file}»)`,
    statementConfirm: (actor: string, ref: string) => `${actor} confirmó el depósito ${ref} con el estado de cuenta`,
    statementShortTransfer: (line: string) =>
      `La línea ${line} del estado de cuenta trae la referencia de un apadrinamiento por menos de su cuota: quedó sin registrar para revisarla`,
    holdReleasedChildLeft: () => 'Se liberó un lugar reservado sin pagar porque la niña o el niño salió del programa',
    receiptResend: (actor: string, receipt: string, to: string) => `${actor} reenvió el recibo ${receipt} a ${to}`,
    yearlyStatementResend: (actor: string, year: string, to: string) => `${actor} reenvió la constancia anual ${year} a ${to}`,
    felRetry: (actor: string, ref: string) => `${actor} reintentó la certificación FEL del recibo de la donación ${ref}`,
    settingsUpdate: (actor: string, what: string) => `${actor} actualizó ${what}`,
    settingsNames: {
      system: 'la configuración del sistema',
      organization: 'los datos de la organización',
      impact: 'los factores de impacto',
      levels: 'los niveles de donante',
      fiscal: 'los datos fiscales de los recibos',
      bankAccounts: 'las cuentas bancarias',
      payments: 'los pagos con tarjeta',
    } as Record<string, string>,
    programCreate: (actor: string, name: string) => `${actor} creó el programa «${name}»`,
    programUpdate: (actor: string, name: string) => `${actor} actualizó el programa «${name}»`,
    programDelete: (actor: string, name: string) => `${actor} eliminó el programa «${name}»`,
    eventCreate: (actor: string, title: string) => `${actor} creó el evento «${title}»`,
    eventUpdate: (actor: string, title: string) => `${actor} actualizó el evento «${title}»`,
    eventDelete: (actor: string, title: string) => `${actor} eliminó el evento «${title}»`,
    userRegistered: (actor: string) => `${actor} creó su cuenta`,
    emailVerified: (actor: string) => `${actor} verificó su correo electrónico`,
    passwordChanged: (actor: string) => `${actor} cambió su contraseña`,
    profileUpdated: (actor: string) => `${actor} actualizó su perfil`,
    donationCreate: (ref: string) => `Se registró la donación ${ref}`,
    donationEntered: (actor: string, ref: string, method: string, day: string) => `${actor} registró la donación ${ref} (${method}), recibida el ${day}`,
    /** A step without its own line: said in words, never as the stored code. */
    other: (actor: string) => `${actor} hizo un cambio`,
  },
  member: {
    account_created: 'Te uniste a nuestra comunidad de donantes',
    donation_created: (amount: string, reference: string) => `Registraste una donación de ${amount} (${reference})`,
    donation_completed: (amount: string, reference: string) => `Tu donación de ${amount} (${reference}) fue completada. ¡Gracias!`,
    donation_failed: (amount: string, reference: string) => `Tu donación de ${amount} (${reference}) no se pudo procesar`,
    donation_cancelled: (amount: string, reference: string) => `Tu donación de ${amount} (${reference}) fue cancelada`,
    donation_expired: (amount: string, reference: string) => `Tu donación de ${amount} (${reference}) expiró sin completarse`,
  },
} as const;
