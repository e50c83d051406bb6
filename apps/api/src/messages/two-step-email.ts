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
