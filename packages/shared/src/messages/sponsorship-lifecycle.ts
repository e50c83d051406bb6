// Texts of the sponsorship lifecycle (docs/product.md#sponsorship, decision 0051): what a sponsor whose
// child left sees in "Mi ahijado/a" (or behind the signed link of a sponsor without an account), and what staff see of a place kept after a sponsor stopped.
export const sponsorshipLifecycleMessages = {
  offerTitle: (child: string) => `${child} salió del programa`,
  offerIntro: (child: string) =>
    `Gracias por todo lo que tu apoyo significó para ${child}. Mientras decides, tu aporte mensual va a "Donde más se necesite". ` +
    'Puedes elegir cómo seguir:',
  offerDeadline: (date: string) => `Si no eliges antes del ${date}, cancelaremos tu aporte mensual para no cobrarte algo que no elegiste.`,
  anotherChildTitle: 'Apadrinar a otra niña u otro niño',
  anotherChildHint: 'Con tu mismo aporte mensual: sin volver a pagar ni dar tu tarjeta.',
  chooseChild: (child: string) => `Apadrinar a ${child}`,
  chooseLongestWaiting: 'Apadrinar a quien más tiempo lleva esperando',
  showMore: 'Ver más niñas y niños',
  nobodyWaiting: 'En este momento no hay niñas ni niños esperando. Puedes seguir dando a "Donde más se necesite".',
  waitingFailed: 'No pudimos cargar la lista de espera.',
  keepGiving: 'Seguir dando a "Donde más se necesite"',
  keepGivingHint: 'Tu aporte mensual sigue igual y apoya a los programas que más lo necesiten.',
  cancel: 'Cancelar mi aporte mensual',
  cancelHint: 'No habrá más cobros.',
  cancelConfirm: 'Sí, cancelar mi aporte mensual',
  cancelBack: 'No, volver',
  chosenAnother: (child: string) => `Ahora apadrinas a ${child} con tu mismo aporte mensual.`,
  chosenKeep: 'Tu aporte mensual seguirá llegando a "Donde más se necesite". ¡Gracias!',
  chosenCancel: 'Cancelamos tu aporte mensual. Gracias por todo lo que diste.',
  failed: 'No pudimos guardar tu elección. Intenta de nuevo.',
  /** The child chosen from the list could not be sponsored (taken a moment ago, or no longer waiting): the list is read again. */
  anotherChildUnavailable: (child: string) =>
    `Ya no es posible apadrinar a ${child}: su lugar se ocupó o ya no está en la lista de espera. Tu aporte mensual no cambió. Elige a otra niña u otro niño de la lista, que acabamos de actualizar.`,
  choiceInvalid: 'Elige una opción',
  offerNotFound: 'No encontramos esa elección pendiente',
  offerClosed: 'Esta elección ya no está pendiente',
  giftCancelled: 'Tu aporte mensual ya está cancelado; para apadrinar, elige a una niña o un niño en Apadrina.',
  returnsToList: (date: string) => `Vuelve a la lista de espera el ${date}`,
  /** The page of the signed link a sponsor without an account gets by email (/apadrina/eleccion). */
  linkTitle: 'Cómo seguir apadrinando',
  linkInvalid: 'Este enlace no es válido o ya venció. Escríbenos a la dirección de contacto y te ayudamos.',
  linkClosed: 'Ya no hay nada que elegir aquí: la elección ya se hizo, venció o tu aporte mensual está cancelado.',
  linkToList: 'Ver las niñas y niños que esperan',
  lapsedReason: (days: number) => `Su ahijado/a salió del programa y no eligió cómo seguir en ${days} días`,
};
