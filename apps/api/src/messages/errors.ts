// Answers of the API in the house error format (`{"detail": ...}`).

export const errorMessages = {
  internal: 'Error interno del servidor. Por favor intenta más tarde.',
  notFound: 'Recurso no encontrado',
  malformedJson: 'El cuerpo de la solicitud no es JSON válido.',
  invalidInput: 'Los datos enviados no son válidos.',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes.',
  requestTimeout: 'La solicitud tardó demasiado en llegar.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'Tipo de contenido no soportado.',
  unauthorized: 'No autenticado. Inicia sesión para continuar.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  tooManyRequests: 'Demasiadas solicitudes. Por favor intenta más tarde.',
  csrf: 'Falta el token CSRF o no es válido.',
  databaseDown: 'La base de datos no responde.',
  conflict: 'El recurso fue modificado por otra operación.',
  maintenance: 'El sitio está en mantenimiento. Por ahora no podemos recibir donaciones nuevas.',
  idempotencyConflict: 'La clave de idempotencia ya se usó con datos diferentes.',
  idempotencyMissing: 'Falta el encabezado Idempotency-Key.',
  idempotencyInvalid: 'El encabezado Idempotency-Key debe tener entre 1 y 200 caracteres visibles, sin espacios.',
  idempotencyInProgress: 'Una solicitud con la misma clave de idempotencia aún se está procesando.',
} as const;
