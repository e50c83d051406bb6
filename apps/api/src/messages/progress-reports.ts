// Texts of the progress report email (docs/product.md#sponsorship). It names the child by first name
// only and carries none of the report's words: the sponsor reads it signed in.
export const progressReportEmailMessages = {
  subject: (child: string) => `Nuevo informe de avance de ${child}`,
  text: (name: string, child: string, link: string) =>
    `Hola${name ? ` ${name}` : ''}:\n\n` +
    `Nuestro equipo publicó un nuevo informe de avance de ${child}: cómo le va en la escuela, su salud y un mensaje para ti. ` +
    'Inicia sesión con este correo para leerlo en Mi ahijado/a (si aún no tienes cuenta, créala con este mismo correo y confírmalo).\n\n' +
    `${link}\n\n` +
    `Gracias por acompañar a ${child}.`,
};
