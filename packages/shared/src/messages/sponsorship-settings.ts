// The console's card of the sponsorship settings (docs/product.md#sponsorship): the monthly amount of
// one sponsorship and how long a chosen child is held for the person paying.
// The two refusals stand alone so the schema (read by the public pages) carries only them, not the card's texts.
export const amountRange = 'Indica una cuota entera entre Q1 y Q100,000';
export const holdRange = 'Indica entre 5 y 1,440 minutos (24 horas)';
export const childLeftGraceRange = 'Indica entre 7 y 180 días';
export const sponsorStoppedGraceRange = 'Indica entre 0 y 365 días';
export const transferHoldRange = 'Indica entre 1 y 30 días';
export const holdsPerConnectionRange = 'Indica entre 1 y 200 lugares';

export const sponsorshipSettingsMessages = {
  title: 'Apadrinamiento',
  intro:
    'La cuota mensual de un apadrinamiento (la que muestran las páginas públicas y la que se cobra a cada apadrinamiento nuevo) y los minutos que el lugar elegido queda reservado mientras la persona paga. Las cuotas ya en curso no cambian.',
  monthlyAmount: 'Cuota mensual (Q)',
  holdMinutes: 'Reserva mientras se paga (minutos)',
  transferHoldDays: 'Reserva mientras llega la primera transferencia (días)',
  holdsPerConnection: 'Lugares reservados a la vez desde una misma conexión',
  holdsPerConnectionHint:
    'Sin pagar todavía. Evita que alguien vacíe la lista de espera reservando lugares que no paga. Súbelo para un evento donde muchas personas apadrinan desde la misma red.',
  holdsPerConnectionRange,
  amountRange,
  holdRange,
  transferHoldRange,
  childLeftGraceDays: 'Plazo para elegir tras la salida del niño o niña (días)',
  childLeftGraceHint: 'Mientras tanto la cuota va a "Donde más se necesite"; sin respuesta, se cancela.',
  sponsorStoppedGraceDays: 'Espera antes de volver a la lista tras una baja (días)',
  sponsorStoppedGraceHint: 'El niño o niña no aparece como esperando durante ese plazo.',
  childLeftGraceRange,
  sponsorStoppedGraceRange,
  save: 'Guardar apadrinamiento',
  saved: 'Apadrinamiento guardado',
  failed: 'No se pudo guardar el apadrinamiento',
};
