// Texts of the sponsorship's emails (docs/product.md#sponsorship). They name the child by first name
// only and never say why the child left (the reason is the staff's).
const hello = (name: string) => `Hola${name ? ` ${name}` : ''}:\n\n`;
const thanks = (child: string) =>
  `Queremos contarte que ${child} salió del programa de apadrinamiento. Sabemos que esta noticia es importante para ti, ` +
  `y te agradecemos de corazón todo lo que tu apoyo significó para ${child} durante este tiempo.\n\n`;
const questions = 'Si tienes preguntas sobre tu aporte mensual, escríbenos a la dirección de contacto que aparece al pie de este correo.';

/** How the sponsorship started: its first payment, or the same monthly gift moved from a child who left. */
export type SponsorshipStartedVia = 'first-payment' | 'same-gift';

export const sponsorshipEmailMessages = {
  startedSubject: (child: string) => `Ya apadrinas a ${child}`,
  /**
   * When a sponsorship becomes active (docs/product.md#sponsorship): the child's first name only, what
   * comes next, how to write, the link to "Mi ahijado/a" (the button) and to the monthly gift's page.
   */
  startedText: (p: {
    name: string;
    child: string;
    amount: string;
    via: SponsorshipStartedVia;
    hasAccount: boolean;
    byTransfer: boolean;
    myChild: string;
    manage: string;
  }) =>
    [
      hello(p.name) +
        (p.via === 'first-payment'
          ? `¡Gracias! Confirmamos tu primer aporte y desde hoy apadrinas a ${p.child}. Tu aporte mensual de ${p.amount} acompaña su estudio y su día a día.`
          : `¡Gracias! Desde hoy apadrinas a ${p.child} con tu mismo aporte mensual de ${p.amount}: no tienes que pagar nada más ni dar tu tarjeta.`),
      'Lo que sigue:',
      `- Cartas: cuando ${p.child} te escriba y el equipo revise su carta, te avisaremos por correo para que la leas en Mi ahijado/a.\n` +
        '- Informes de avance: al menos dos veces al año te contaremos cómo le va en la escuela y en su salud, con un mensaje para ti.',
      `Para escribirle, entra a Mi ahijado/a y abre "Cartas". Las cartas viajan siempre a través de la fundación: el equipo las revisa y retira ` +
        `cualquier dato de contacto antes de entregarlas, para proteger a ${p.child}. Por la misma razón, no envíes dinero ni regalos directamente.`,
      ...(p.hasAccount ? [] : ['Para entrar a Mi ahijado/a, inicia sesión con este correo (si aún no tienes cuenta, créala con este mismo correo y confírmalo).']),
      p.myChild,
      (p.byTransfer
        ? `Tu aporte mensual por transferencia: en este enlace, sin iniciar sesión, puedes verlo o terminarlo cuando quieras (para cambiar el monto, escríbenos): ${p.manage}`
        : `Tu aporte mensual: en este enlace, sin iniciar sesión, puedes cambiar el monto, pausarlo o terminarlo cuando quieras: ${p.manage}`) +
        `\nSi lo terminas, también termina tu apadrinamiento de ${p.child}.`,
      questions,
    ].join('\n\n'),

  childLeftSubject: (child: string) => `${child} ya no forma parte del programa`,
  /** To a sponsor with an account: the choice waits in "Mi ahijado/a" (decision 0051). */
  childLeftText: (name: string, child: string, link: string, deadline: string) =>
    hello(name) +
    thanks(child) +
    'Mientras decides cómo seguir, tu aporte mensual va a "Donde más se necesite". En "Mi ahijado/a" puedes, en un solo paso:\n\n' +
    '- apadrinar a otra niña u otro niño que espera, con tu mismo aporte mensual (sin volver a pagar ni dar tu tarjeta);\n' +
    '- seguir dando a "Donde más se necesite";\n' +
    '- o cancelar tu aporte mensual.\n\n' +
    `Elige aquí:\n\n${link}\n\n` +
    `Si no eliges antes del ${deadline}, cancelaremos tu aporte mensual para no cobrarte algo que no elegiste.\n\n` +
    questions,
  /** To a sponsor who gave only an address when sponsoring: the same choice, behind a signed link. */
  childLeftTextNoAccount: (name: string, child: string, link: string, deadline: string) =>
    hello(name) +
    thanks(child) +
    'Mientras decides cómo seguir, tu aporte mensual va a "Donde más se necesite". En este enlace, sin iniciar sesión, puedes en un solo paso:\n\n' +
    '- apadrinar a otra niña u otro niño que espera, con tu mismo aporte mensual (sin volver a pagar ni dar tu tarjeta);\n' +
    '- seguir dando a "Donde más se necesite";\n' +
    '- o cancelar tu aporte mensual.\n\n' +
    `Elige aquí (el enlace es solo para ti):\n\n${link}\n\n` +
    `Si no eliges antes del ${deadline}, cancelaremos tu aporte mensual para no cobrarte algo que no elegiste.\n\n` +
    questions,
  lapsedSubject: 'Cancelamos tu aporte mensual de apadrinamiento',
  /** The grace period ran out with no choice: the gift was cancelled (decision 0051). */
  lapsedText: (name: string, child: string, since: string, apadrina: string, manage: string) =>
    hello(name) +
    `El ${since} te contamos que ${child} salió del programa de apadrinamiento. Como no elegiste cómo seguir, cancelamos tu ` +
    'aporte mensual: no habrá más cobros. Gracias de corazón por todo lo que diste durante este tiempo.\n\n' +
    `Si algún día quieres volver a apadrinar, estas niñas y niños esperan a alguien que les acompañe:\n\n${apadrina}\n\n` +
    `Tu aporte mensual (ya cancelado):\n\n${manage}\n\n` +
    questions,
};
