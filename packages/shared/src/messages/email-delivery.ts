// The console's card of the email rate and the retention of sent emails (docs/product.md#email).
export const emailDeliveryMessages = {
  title: 'Envío de correos',
  intro:
    'Cuántos correos salen por minuto como máximo (lo que acepta su servidor de correo; las constancias anuales de todos los donantes salen a este ritmo) y cuántos días se guardan los correos ya enviados. Los pendientes y fallidos no se borran.',
  perMinute: 'Correos por minuto',
  retention: 'Borrar correos enviados después de (días)',
  save: 'Guardar envío de correos',
  saved: 'Envío de correos guardado',
  failed: 'No se pudo guardar el envío de correos',
  /** How long a batch takes at a rate, as the card says under the fields. */
  pace: (perMinute: number) => `A este ritmo, 45,000 constancias anuales tardan ${Math.ceil(45_000 / Math.max(1, perMinute))} minutos en salir.`,
};
