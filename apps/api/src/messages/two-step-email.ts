// Emails of two-step sign-in and sessions (docs/product.md#email): Spanish, sent through the outbox in the
// organisation's email layout.

export const twoStepEmailMessages = {
  newDeviceSubject: (org: string) => `Nuevo inicio de sesión en tu cuenta de ${org}`,
  newDeviceText: (name: string, org: string, device: string, place: string, when: string, link: string) =>
    `Hola ${name}:\n\nAlguien inició sesión en tu cuenta de personal de ${org} desde un dispositivo que no habíamos visto:\n\n` +
    `Dispositivo: ${device}\nLugar aproximado: ${place}\nFecha: ${when}\n\n` +
    `Si fuiste tú, no tienes que hacer nada. Si no fuiste tú, cambia tu contraseña y cierra esa sesión en "Sesiones activas": ${link}`,
  twoStepResetSubject: (org: string) => `Se restableció el segundo paso de tu cuenta de ${org}`,
  twoStepResetText: (name: string, org: string, link: string) =>
    `Hola ${name}:\n\nUn administrador de ${org} quitó la aplicación de autenticación, los códigos de recuperación y las llaves de acceso de tu cuenta, ` +
    `y cerró tus sesiones. Al iniciar sesión de nuevo configurarás el segundo paso otra vez: ${link}\n\nSi no lo pediste, escríbenos.`,
} as const;

/** What changed in a person's own second step, for the email that tells the account's owner. */
export type SecondStepChange = 'totp-enabled' | 'totp-removed' | 'recovery-codes' | 'passkey-added' | 'passkey-removed';

export const secondStepChangeMessages = {
  subjects: {
    'totp-enabled': 'Activaste el inicio de sesión en dos pasos',
    'totp-removed': 'Desactivaste el inicio de sesión en dos pasos',
    'recovery-codes': 'Generaste nuevos códigos de recuperación',
    'passkey-added': 'Agregaste una llave de acceso a tu cuenta',
    'passkey-removed': 'Quitaste una llave de acceso de tu cuenta',
  } satisfies Record<SecondStepChange, string>,
  leads: {
    'totp-enabled': (org: string) => `Activaste el inicio de sesión en dos pasos en tu cuenta de ${org}: desde ahora, además de tu contraseña, te pediremos un código de tu aplicación de autenticación.`,
    'totp-removed': (org: string) => `Desactivaste el inicio de sesión en dos pasos en tu cuenta de ${org}: quitaste la aplicación de autenticación y sus códigos de recuperación, y cerramos tus otras sesiones.`,
    'recovery-codes': (org: string) => `Generaste nuevos códigos de recuperación para tu cuenta de ${org}. Los anteriores ya no sirven.`,
    'passkey-added': (org: string) => `Agregaste una llave de acceso a tu cuenta de ${org}: con ella puedes confirmar que eres tú al iniciar sesión.`,
    'passkey-removed': (org: string) => `Quitaste una llave de acceso de tu cuenta de ${org} y cerramos tus otras sesiones.`,
  } satisfies Record<SecondStepChange, (org: string) => string>,
  /** `device` as the new-device email names it (domain/accounts/device.ts describeDevice): "Safari en iOS". */
  text: (name: string, lead: string, when: string, device: string, place: string, link: string) =>
    `Hola ${name}:\n\n${lead}\n\nDispositivo: ${device}\nLugar aproximado: ${place}\nFecha: ${when}\n\n` +
    `Si fuiste tú, no tienes que hacer nada. Si no fuiste tú, alguien más conoce tu contraseña: restablécela de inmediato y escríbenos respondiendo a este correo.\n\n${link}`,
} as const;
