// Texts of the sponsorship's emails (docs/product.md#sponsorship). They name the child by first name
// only and never say why the child left (the reason is the staff's).
export const sponsorshipEmailMessages = {
  childLeftSubject: (child: string) => `${child} ya no forma parte del programa`,
  childLeftText: (name: string, child: string, link: string) =>
    `Hola${name ? ` ${name}` : ''}:\n\n` +
    `Queremos contarte que ${child} salió del programa de apadrinamiento. Sabemos que esta noticia es importante para ti, ` +
    `y te agradecemos de corazón todo lo que tu apoyo significó para ${child} durante este tiempo.\n\n` +
    'Si deseas seguir apadrinando, en nuestra página hay otras niñas y niños que esperan a alguien que les acompañe; ' +
    'puedes elegir a quien quieras aquí:\n\n' +
    `${link}\n\n` +
    'Si tienes preguntas sobre tu aporte mensual, escríbenos a la dirección de contacto que aparece al pie de este correo.',
};
