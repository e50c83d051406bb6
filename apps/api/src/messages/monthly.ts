// Texts of monthly giving that only the API uses (docs/product.md#monthly-giving): the emails, each
// with the signed link to see or cancel the gift without signing in, and the errors of its routes.
import { asSentence } from '@donaciones/shared/messages/sentence';

const manageLink = (link: string) => ['Puedes ver o cancelar tu donación mensual, sin iniciar sesión, en este enlace:', link];

export const monthlyApiMessages = {
  itemName: (org: string) => `Donación mensual a ${org}`,
  /** The description of each card charge of a monthly gift, printed on its receipt (a one-off gift's is "Donación en línea"). */
  donationDescription: 'Donación mensual',
  notFound: 'No encontramos esa donación mensual.',
  /** The description of a monthly transfer's charge recorded from the bank statement (decision 0045). */
  transferNotChangeable: 'Esta donación mensual es por transferencia: para cambiar el monto o pausarla, escríbenos y lo ajustamos.',
  transferChargeDescription: (reference: string) => `Donación mensual por transferencia, referencia ${reference}`,
  noGiftForSubscription: 'Ninguna donación mensual corresponde a esta suscripción.',
  paymentWithoutId: 'El pago no trae su identificador en la pasarela: no completó nada.',
  linkInvalid: 'Este enlace no es válido o ya venció. Abre el enlace del correo más reciente que te enviamos.',
  notCancellable: 'Esta donación mensual ya terminó.',
  notChangeable: 'Solo se puede cambiar el monto de una donación mensual activa.',
  notPastDue: 'Esta donación mensual tiene sus pagos al día.',
  sameAmount: 'El nuevo monto es igual al actual.',
  notPausable: 'Solo se puede pausar una donación mensual activa.',
  notPaused: 'Esta donación mensual no está en pausa.',
  resumesAnyway: (date: string) => `Tu donación mensual ya se reanuda el ${date}: no hay un día de cobro antes de esa fecha.`,
  noNextCharge: 'Esta donación mensual aún no tiene una fecha de próximo cobro.',
  cancelFailed: (detail: string) => `La pasarela de pagos no aceptó la cancelación: ${detail}`,
  reasonReplaced: 'Reemplazada por una nueva donación mensual',
  reasonFailedRetries: 'No se pudo cobrar después de varios intentos',
  pastDueUnknownReason: 'El banco no aprobó el cobro',

  startedSubject: 'Tu donación mensual comenzó',
  startedText: (name: string, amount: string, reference: string, nextCharge: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Recibimos el primer pago de tu donación mensual de ${amount} (referencia ${reference}). ¡Gracias por acompañar cada mes a las niñas, niños y adolescentes de nuestros programas!`,
      `El próximo cobro será el ${nextCharge}.`,
      '',
      ...manageLink(link),
    ].join('\n'),
  renewedSubject: 'Recibimos tu donación mensual',
  renewedText: (name: string, amount: string, reference: string, nextCharge: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Recibimos el pago de este mes de tu donación mensual: ${amount} (referencia ${reference}). Gracias por tu constancia.`,
      `El próximo cobro será el ${nextCharge}.`,
      '',
      ...manageLink(link),
    ].join('\n'),
  pastDueSubject: 'No pudimos cobrar tu donación mensual',
  pastDueText: (name: string, amount: string, reason: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `No pudimos cobrar este mes tu donación mensual de ${amount}: ${asSentence(reason)}`,
      'Intentaremos de nuevo en unos días. Para seguir donando sin interrupción, actualiza tu tarjeta en este enlace (también puedes cancelar la donación ahí):',
      link,
    ].join('\n'),
  cancelledSubject: 'Tu donación mensual fue cancelada',
  /** `children`: the first names of the sponsorships this gift paid, which end with it. */
  cancelledText: (name: string, amount: string, reason: string | null, link: string, children: string[] = []) =>
    [
      `Hola ${name}:`,
      '',
      `Cancelamos tu donación mensual de ${amount}: no se harán más cobros.${reason ? ` Motivo: ${asSentence(reason)}` : ''}`,
      ...children.map((child) => `Con ella terminó tu apadrinamiento de ${child}.`),
      'Gracias por todo lo que diste. Lo que ya donaste sigue acompañando a la niñez.',
      '',
      'Puedes ver el resumen de tu donación mensual en este enlace:',
      link,
    ].join('\n'),
  endedByProviderText: (name: string, amount: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Después de varios intentos no pudimos cobrar tu donación mensual de ${amount}, así que terminó: no se harán más cobros.`,
      'Si quieres seguir donando cada mes, puedes empezar una nueva donación mensual en nuestro sitio cuando quieras.',
      '',
      'Puedes ver el resumen de tu donación mensual en este enlace:',
      link,
    ].join('\n'),
  replacedSubject: 'Tu donación mensual cambió',
  replacedText: (name: string, oldAmount: string, newAmount: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Tu nueva donación mensual de ${newAmount} ya está activa, y la anterior de ${oldAmount} terminó: solo se cobrará la nueva.`,
      '',
      ...manageLink(link),
    ].join('\n'),

  changeScheduledSubject: 'Tu donación mensual cambiará de monto',
  changeScheduledText: (name: string, oldAmount: string, newAmount: string, from: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Registramos el cambio de tu donación mensual: a partir del ${from} será de ${newAmount} cada mes, en el mismo día de cobro.`,
      `Hoy no se hizo ningún cobro; hasta esa fecha tu donación sigue siendo de ${oldAmount}.`,
      '',
      ...manageLink(link),
    ].join('\n'),
  /** A change asked during a pause: the gift stays paused and the charge that ends the pause takes the new amount. */
  changeWhilePausedText: (name: string, newAmount: string, until: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Registramos el cambio de tu donación mensual: sigue en pausa hasta el ${until}. Ese día se reanuda con el nuevo monto, ${newAmount} cada mes, en el mismo día de cobro.`,
      'Hoy no se hizo ningún cobro, ni se hará ninguno antes de esa fecha.',
      '',
      ...manageLink(link),
    ].join('\n'),
  changeDroppedText: (name: string, amount: string, next: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Dejamos tu donación mensual como estaba: ${amount} cada mes. El próximo cobro será el ${next}.`,
      '',
      ...manageLink(link),
    ].join('\n'),
  pausedSubject: 'Pausaste tu donación mensual',
  /** `nextAmount`: what the charge that ends the pause takes (a change of amount asked before starts with it). */
  pausedText: (name: string, nextAmount: string, months: number, until: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Pausamos tu donación mensual: no haremos ${months === 1 ? 'el próximo cobro' : `los próximos ${months} cobros`}.`,
      `Se reanuda sola el ${until}, cuando haremos el siguiente cobro, de ${nextAmount}. No tienes que hacer nada.`,
      '',
      ...manageLink(link),
    ].join('\n'),
  resumedSubject: 'Reanudaste tu donación mensual',
  /** "Reanudar ahora": `nextAmount` is what the next charge takes (a change of amount asked before starts with it). */
  resumedText: (name: string, nextAmount: string, next: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Reanudamos tu donación mensual antes de lo previsto. El próximo cobro será el ${next}, de ${nextAmount}, y después cada mes el mismo día.`,
      'Hoy no se hizo ningún cobro. ¡Gracias por volver a acompañar a la niñez!',
      '',
      ...manageLink(link),
    ].join('\n'),
  trialPausedText: (name: string, amount: string, until: string, link: string) =>
    [
      `Hola ${name}:`,
      '',
      `Pausamos tu donación mensual de ${amount}: no haremos ningún cobro hasta el ${until}.`,
      'Ese día se reanuda sola, con la tarjeta que confirmaste. No tienes que hacer nada.',
      '',
      ...manageLink(link),
    ].join('\n'),
};
