// Per-programme sponsorship amounts and the birthday gift's suggested amount (docs/product.md#sponsorship,
// decision 0055): the settings card's texts. The refusals stand alone so the schema (read by the public
// pages) carries only them.
export const programAmountRange = 'Indica una cuota entera entre Q1 y Q100,000, o déjala vacía para usar la general';
export const giftAmountRange = 'Indica un monto entero entre Q1 y Q100,000';
export const programRepeated = 'Ese programa ya tiene su cuota';
export const programUnknown = 'Ese programa ya no existe';
/** "Mi ahijado/a": what the sponsorship gives a month (its own amount, kept from its hold). */
export const yourAmount = (amount: string) => `Tu aporte: ${amount} al mes`;

export const sponsorshipAmountsMessages = {
  programAmountsTitle: 'Cuota por programa',
  programAmountsHint: 'Vacía: el programa usa la cuota mensual general. Los apadrinamientos ya en curso conservan su cuota.',
  programAmountLabel: (name: string) => `${name} (Q al mes)`,
  inactive: 'inactivo',
  noPrograms: 'Aún no hay programas.',
  birthdayGiftAmount: 'Regalo de cumpleaños sugerido (Q)',
  birthdayGiftHint: 'El monto que se propone a quien apadrina; puede dar otro dentro de los montos mínimo y máximo.',
};
