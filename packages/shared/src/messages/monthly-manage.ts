// Texts of managing a monthly gift (docs/product.md#monthly-giving): "Cambiar monto", "Pausar",
// "Reanudar ahora" and "Cancelar" in "Mis donaciones mensuales" and on the page of the emails' link
// (/donacion-mensual). Apart from ./monthly.ts so that /donate and the public pages, which need the
// latter, do not download them (the first visit's JavaScript budget).
import { MONTHLY_AMOUNT_REQUIRED, PAUSE_MONTHS_INVALID } from './monthly';

export const monthlyManageMessages = {
  /** The "Destino" of a sponsorship's gift: the child it sponsors (first name only). */
  sponsorshipOf: (child: string) => `Apadrinamiento de ${child}`,
  changeAmount: {
    button: 'Cambiar monto',
    title: 'Cambiar el monto de tu donación mensual',
    body: (current: string, from: string | null) =>
      from
        ? `Hoy no se cobra nada. El nuevo monto empieza en tu próximo cobro, el ${from}, el mismo día de cada mes; hasta entonces tu donación sigue siendo de ${current}.`
        : `Hoy no se cobra nada. El nuevo monto empieza en tu próximo cobro, el mismo día de cada mes; hasta entonces tu donación sigue siendo de ${current}.`,
    providerNote: 'Te llevaremos a la página de pago para confirmar tu tarjeta con el nuevo monto; no se hace ningún cargo hasta esa fecha.',
    field: 'Nuevo monto mensual',
    /** Nothing typed: what to write, as the other amount fields say it ("Escribe el monto depositado"); also the API's for a request without it. */
    amountRequired: MONTHLY_AMOUNT_REQUIRED,
    /** The change could not be sent or the server gave no reason: nothing about the amount typed. */
    failed: 'No pudimos cambiar el monto de tu donación mensual. Intenta de nuevo.',
    same: 'El nuevo monto es igual al actual',
    submit: 'Guardar el nuevo monto',
    submitToProvider: 'Continuar para confirmar la tarjeta',
    cancel: 'Volver',
    done: (amount: string, from: string) => `Listo: desde el ${from} tu donación mensual será de ${amount}. Te enviamos un correo.`,
  },
  pause: {
    button: 'Pausar',
    title: 'Pausar tu donación mensual',
    body: 'Salta los próximos cobros sin cancelar tu donación. Se reanuda sola, el mismo día del mes.',
    legend: '¿Cuántos meses quieres pausar?',
    option: (months: number, resume: string | null) =>
      `${months === 1 ? '1 mes' : `${months} meses`}${resume ? ` (se reanuda el ${resume})` : ''}`,
    providerNote: 'Te llevaremos a la página de pago para confirmar tu tarjeta; no se hace ningún cargo durante la pausa.',
    submit: 'Pausar la donación',
    submitToProvider: 'Continuar para confirmar la tarjeta',
    cancel: 'Volver',
    done: (date: string) => `Tu donación mensual quedó en pausa hasta el ${date}. Te enviamos un correo.`,
    monthsInvalid: PAUSE_MONTHS_INVALID,
  },

  /** "Reanudar ahora" of a paused gift (decision 0069): nothing is charged now, the next charge comes back. */
  resume: {
    button: 'Reanudar ahora',
    title: '¿Reanudar tu donación mensual ahora?',
    body: (amount: string, next: string, until: string) =>
      `Hoy no se cobra nada. Tu próximo cobro será el ${next}, de ${amount}, y después cada mes el mismo día, en lugar de esperar al ${until}.`,
    providerNote: 'Te llevaremos a la página de pago para confirmar tu tarjeta; no se hace ningún cargo hasta esa fecha.',
    submit: 'Sí, reanudar',
    submitToProvider: 'Continuar para confirmar la tarjeta',
    cancel: 'Volver',
    done: (next: string) => `Tu donación mensual se reanudó: el próximo cobro será el ${next}. Te enviamos un correo.`,
    failed: 'No pudimos reanudar tu donación mensual. Intenta de nuevo.',
  },
  cancel: {
    button: 'Cancelar',
    title: '¿Cancelar tu donación mensual?',
    body: (amount: string) => `Dejaremos de cobrarte ${amount}. Lo que ya donaste no cambia.`,
    /** Cancelling a sponsorship's gift ends the sponsorship (decision 0051): said before, with the child's first name. */
    endsSponsorship: (child: string) => `También termina tu apadrinamiento de ${child}: dejarás de recibir sus cartas e informes.`,
    reason: 'Cuéntanos por qué',
    reasonHint: 'Nos ayuda a mejorar.',
    confirm: 'Sí, cancelar la donación',
    keep: 'No, mantenerla',
    success: 'Tu donación mensual fue cancelada. Te enviamos un correo.',
  },

  // The page of the emails' link (/donacion-mensual?token=...), without signing in
  manage: {
    title: 'Tu donación mensual',
    intro: 'Aquí puedes ver tu donación mensual, cambiar su monto, pausarla o reanudarla y cancelarla, sin iniciar sesión.',
    donor: 'Donante',
    amount: 'Monto',
    status: 'Estado',
    invalidTitle: 'Este enlace no es válido o ya venció',
    invalidBody: 'Abre el enlace del correo más reciente que te enviamos sobre tu donación mensual, o escríbenos y te ayudamos:',
    loadError: 'No pudimos cargar tu donación mensual',
    updateCard: 'Actualizar tarjeta',
    updateCardNote: 'Tu último cobro no se completó. Actualiza tu tarjeta para seguir donando.',
    updateCardDone: 'Tu tarjeta quedó actualizada',
    ended: 'Esta donación mensual terminó.',
  },
} as const;
