// Texts of the donor's tax id: NIT, CUI or consumidor final (docs/product.md#validation-rules).

export const taxIdMessages = {
  label: 'NIT o CUI',
  hint: 'Para tu recibo: tu NIT, o el CUI de tu DPI si no tienes NIT. Si el total es menor de Q2,500 puedes dejarlo en blanco o escribir CF (consumidor final), también si no eres guatemalteco; desde Q2,500 la SAT pide NIT o CUI.',
  nitChecksum: 'El NIT no es válido: revisa el dígito verificador',
  nitFormat: 'El NIT no es válido: escribe sus dígitos y el dígito verificador (un número o K), por ejemplo 1234567-9',
  /** A CUI's 13 digits end with the department (01-22) and municipality where the person was registered. */
  cuiPlace: (lastFour: string) =>
    `El CUI no es válido: sus últimos 4 dígitos (${lastFour}) dicen el departamento y el municipio, y ese código no existe en Guatemala. Revisa el número en el DPI`,
  cuiChecksum: 'El CUI no es válido: algún dígito está mal, porque el noveno (el verificador) no corresponde a los ocho primeros. Revisa el número en el DPI',
  /** Digits alone, 14 to 20: no NIT is that long, so a CUI with digits to spare. */
  cuiLength: (digits: number) => `El CUI tiene 13 dígitos y aquí hay ${digits}. Revisa el número en el DPI`,
  /** Digits alone, 11 or 12, that fail as a NIT: most likely a CUI short of a digit or two. */
  cuiShortOrNitChecksum: (digits: number) =>
    `Si es un CUI, ${digits === 12 ? 'le falta un dígito' : `le faltan ${13 - digits} dígitos`}: tiene 13 y aquí hay ${digits}. Si es un NIT, su último dígito (el verificador) no corresponde a los demás`,
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
  /** Beyond TAX_ID_MAX_LENGTH once compacted, or TAX_ID_TYPED_MAX_LENGTH as typed (tax-id.ts). */
  tooLong: 'El NIT o CUI es demasiado largo: un NIT tiene hasta 12 caracteres y un CUI 13 dígitos',
  kinds: { nit: 'NIT', cui: 'CUI', cf: 'Consumidor final' } as Record<string, string>,
  profileLabel: 'NIT o CUI',
  profileHint: 'Tu NIT, o el CUI de tu DPI. Lo usaremos para llenar tus próximas donaciones.',
};
