// Texts of the donor's tax id: NIT, CUI or consumidor final (docs/product.md#validation-rules).

export const taxIdMessages = {
  label: 'NIT o CUI',
  hint: 'Para tu recibo: tu NIT, o el CUI de tu DPI si no tienes NIT. Si el total es menor de Q2,500 puedes dejarlo en blanco o escribir CF (consumidor final), también si no eres guatemalteco; desde Q2,500 la SAT pide NIT o CUI.',
  nitChecksum: 'El NIT no es válido: revisa el dígito verificador',
  nitFormat: 'El NIT no es válido: escribe sus dígitos y el dígito verificador (un número o K), por ejemplo 1234567-9',
  cuiInvalid: 'El CUI no es válido',
  /** The limit is CF_LIMIT_GTQ_CENTS of tax-id.ts. */
  cfNotAllowed: 'Para donaciones de Q2,500 o más necesitamos tu NIT o CUI; CF no aplica',
  /**
   * The checkout's refusal of CF (the form and POST /donate alike): what a donor without a NIT or CUI,
   * a foreigner for one, can do instead. `most` is the largest total still taken without them, with
   * its dollars for a dollar gift; `contact` the organisation's contact email.
   */
  cfNotAllowedCheckout: (most: string, contact: string) =>
    `Para donaciones de Q2,500 o más necesitamos tu NIT o CUI; CF no aplica. Si no tienes NIT ni CUI (por ejemplo, si no vives en Guatemala), puedes donar un total de hasta ${most}; para donar más, escríbenos${contact ? ` a ${contact}` : ''} antes de hacerlo.`,
  cfMostInDollars: (usd: string) => `${usd} (menos de Q2,500 al tipo de cambio de referencia)`,
  tooLong: 'El NIT o CUI no puede tener más de 20 caracteres',
  kinds: { nit: 'NIT', cui: 'CUI', cf: 'Consumidor final' } as Record<string, string>,
  profileLabel: 'NIT o CUI',
  profileHint: 'Tu NIT, o el CUI de tu DPI. Lo usaremos para llenar tus próximas donaciones.',
};
