// Texts of the letters' emails (docs/product.md#sponsorship-letters). They name the child by first
// name only and carry none of the letter's words: the sponsor reads it signed in, as approved.
export const letterEmailMessages = {
  replySubject: (child: string) => `${child} te escribió una carta`,
  replyText: (name: string, child: string, translated: boolean, link: string) =>
    `Hola${name ? ` ${name}` : ''}:\n\n` +
    `${child} te respondió. Nuestro equipo ya revisó su carta y la puedes leer en tu área de donante` +
    (translated ? ', con su traducción.' : '.') +
    ' Inicia sesión con este correo para verla (si aún no tienes cuenta, créala con este mismo correo y confírmalo).\n\n' +
    `${link}\n\n` +
    `Gracias por acompañar a ${child}.`,
};
