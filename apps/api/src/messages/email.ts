// Subjects and bodies of the emails the API sends.
import { formatReceiptNumber } from '@donaciones/shared/format';

export const emailMessages = {
  auth: {
    welcomeSubject: (org: string) => `Te damos la bienvenida a ${org}: confirma tu correo`,
    welcomeText: (name: string, org: string, link: string, hours: number) =>
      `Hola ${name}:\n\nGracias por crear tu cuenta en ${org}. Para confirmar tu correo electrónico abre este enlace:\n\n${link}\n\nEl enlace vence en ${hours} horas. Al confirmar tu correo, las donaciones que hayas hecho con esta dirección aparecerán en tu cuenta.\n\nSi no creaste esta cuenta, ignora este mensaje.`,
    verifySubject: (org: string) => `Confirma tu correo en ${org}`,
    verifyText: (name: string, org: string, link: string, hours: number) =>
      `Hola ${name}:\n\nPara confirmar tu correo electrónico en ${org} abre este enlace:\n\n${link}\n\nEl enlace vence en ${hours} horas.\n\nSi no pediste este mensaje, ignóralo.`,
    resetSubject: (org: string) => `Restablece tu contraseña de ${org}`,
    resetText: (name: string, org: string, link: string) =>
      `Hola ${name}:\n\nRecibimos una solicitud para restablecer la contraseña de tu cuenta en ${org}. Para elegir una nueva contraseña abre este enlace:\n\n${link}\n\nEl enlace sirve una sola vez y vence en 1 hora.\n\nSi no pediste restablecer tu contraseña, ignora este mensaje: tu contraseña actual sigue funcionando.`,
    /** To the owner of an address someone tried to register again (decision 0066): the links are inline, not buttons. */
    registerAttemptSubject: (org: string) => `Alguien intentó crear una cuenta con tu correo en ${org}`,
    registerAttemptText: (name: string, org: string, loginLink: string, forgotLink: string) =>
      `Hola ${name}:\n\nAlguien intentó crear una cuenta en ${org} con tu correo electrónico, pero ya tienes una. No creamos otra ni cambiamos nada en la tuya.\n\n` +
      `Si fuiste tú, inicia sesión en ${loginLink}\n\nSi no recuerdas tu contraseña, restablécela en ${forgotLink}\n\nSi no fuiste tú, ignora este mensaje.`,
    passwordChangedSubject: (org: string) => `Tu contraseña de ${org} cambió`,
    passwordChangedText: (name: string, org: string, link: string) =>
      `Hola ${name}:\n\nLa contraseña de tu cuenta en ${org} se cambió y cerramos todas las sesiones abiertas.\n\nSi no fuiste tú, pide un nuevo enlace para restablecerla de inmediato: ${link}`,
  },
  admin: {
    welcomeSubject: (system: string) => `Tu cuenta en ${system}`,
    welcomeText: (name: string, system: string, link: string, hours: number) =>
      `Hola ${name}:\n\nUn administrador creó una cuenta para ti en ${system}.\n` +
      `Para activarla, elige tu contraseña en este enlace (válido por ${hours} horas):\n\n${link}\n\n` +
      `Si no esperabas este correo, puedes ignorarlo.`,
    approvedSubject: (reference: string) => `Tu donación ${reference} fue aprobada`,
    /** `word`: what the attached PDF is ("constancia" until SAT certifies it), as the thank-you says. */
    approvedText: (name: string, amount: string, reference: string, receipt: string, org: string, phone: string, word = 'constancia') =>
      `Hola ${name}:\n\nTu donación de ${amount} (referencia ${reference}) fue aprobada. ¡Gracias por tu generosidad con ${org}!\n` +
      `Número de ${word}: ${receipt}.\n\nSi tienes preguntas, llámanos al ${phone}.`,
    rejectedSubject: (reference: string) => `Tu donación ${reference} no fue aceptada`,
    rejectedText: (name: string, amount: string, reference: string, reason: string, contactEmail: string) =>
      `Hola ${name}:\n\nRevisamos tu donación de ${amount} (referencia ${reference}) y no pudimos aceptarla.\n\n` +
      `Motivo: ${reason}\n\nPuedes intentar donar de nuevo cuando quieras, o escribirnos a ${contactEmail} si tienes preguntas.`,
  },
  donations: {
    completedSubject: 'Gracias por tu donación',
    /** `word`: what the attached PDF is ("constancia" until SAT certifies it), never two names for one document. */
    completedBody: (name: string, amount: string, reference: string, receipt: number | null, series: string | null = null, word = 'constancia') =>
      [
        `Hola ${name}:`,
        '',
        `Recibimos tu donación de ${amount} (referencia ${reference}${receipt ? `, ${word} No. ${formatReceiptNumber(receipt, series)}` : ''}).`,
        'Gracias por acompañar a las niñas, niños y adolescentes de nuestros programas.',
      ].join('\n'),
  },
  /** The layout every email is sent in (apps/api/src/platform/email-templates/). */
  layout: {
    signature: (org: string) => ['Con gratitud,', `El equipo de ${org}`],
    /** The button of a link alone on its line, named for what it does in each kind of email. */
    buttons: {
      welcome: 'Confirmar mi correo',
      'verify-email': 'Confirmar mi correo',
      'password-reset': 'Elegir una nueva contraseña',
      'admin-created-account': 'Elegir mi contraseña',
      'second-step-changed': 'Restablecer mi contraseña',
      'deposit-instructions': 'Enviar la boleta',
      'donation-payment-failed': 'Intentar de nuevo',
      'monthly-gift-started': 'Ver mi donación mensual',
      'monthly-gift-renewed': 'Ver mi donación mensual',
      'monthly-gift-past-due': 'Actualizar mi tarjeta',
      'monthly-gift-cancelled': 'Ver mi donación mensual',
      'monthly-gift-ended': 'Ver mi donación mensual',
      'monthly-gift-replaced': 'Ver mi donación mensual',
      'letter-reply': 'Leer la carta',
      'sponsorship-child-left': 'Conocer a quienes esperan',
      'sponsorship-started': 'Ver Mi ahijado/a',
      'progress-report': 'Leer el informe',
    } as Record<string, string>,
    openLink: 'Abrir el enlace',
    linkFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    footerContact: (email: string, phone: string) => `Escríbenos a ${email} o llámanos al ${phone}. Puedes responder a este correo.`,
  },
  member: {
    passwordChangedSubject: 'Tu contraseña fue cambiada',
    passwordChangedText: (name: string, org: string) =>
      `Hola ${name}:\n\nLa contraseña de tu cuenta en ${org} se cambió correctamente. Cerramos las demás sesiones abiertas por seguridad.\n\nSi no fuiste tú, restablece tu contraseña de inmediato desde "¿Olvidaste tu contraseña?" y escríbenos.`,
  },
} as const;
