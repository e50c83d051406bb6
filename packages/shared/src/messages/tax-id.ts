// Texts of the donor's tax id: NIT, CUI or consumidor final (docs/product.md#validation-rules).

export const taxIdMessages = {
  label: 'NIT o CUI',
  hint: 'Para tu recibo: tu NIT, o el CUI de tu DPI si no tienes NIT. Déjalo en blanco o escribe CF (consumidor final) para donaciones menores de Q2,500; si no eres guatemalteco puedes dejarlo en blanco.',
  nitChecksum: 'El NIT no es válido: revisa el dígito verificador',
  nitFormat: 'El NIT no es válido: escribe sus dígitos y el dígito verificador (un número o K), por ejemplo 1234567-9',
  cuiInvalid: 'El CUI no es válido',
  /** The limit is CF_LIMIT_GTQ_CENTS of tax-id.ts. */
  cfNotAllowed: 'Para donaciones de Q2,500 o más necesitamos tu NIT o CUI; CF no aplica',
  tooLong: 'El NIT o CUI no puede tener más de 20 caracteres',
  kinds: { nit: 'NIT', cui: 'CUI', cf: 'Consumidor final' } as Record<string, string>,
  profileLabel: 'NIT o CUI',
  profileHint: 'Tu NIT, o el CUI de tu DPI. Lo usaremos para llenar tus próximas donaciones.',
};
