// Texts of monthly giving shared by the browser and the API answers (docs/product.md#monthly-giving):
// the rule against a second identical monthly gift, and the field messages of its requests.

export const monthlyMessages = {
  // Validation of the monthly request bodies (packages/shared/src/schemas/monthly.ts)
  frequencyInvalid: 'La frecuencia debe ser once o monthly',
  allowDuplicateInvalid: 'allowDuplicateMonthly debe ser verdadero o falso',
  reasonMax: 'El motivo no puede tener más de 500 caracteres',
  tokenRequired: 'Falta el enlace para administrar tu donación mensual',

  /** 409 `DUPLICATE_MONTHLY_GIFT`: an active monthly gift of the same amount already exists for this email. */
  duplicate: '¿Quieres tener dos donaciones mensuales?',
  frequencyInvalid: 'La frecuencia debe ser once o monthly',
  allowDuplicateInvalid: 'allowDuplicateMonthly debe ser verdadero o falso',
  reasonMax: 'El motivo no puede tener más de 500 caracteres',
  tokenRequired: 'Falta el enlace para administrar tu donación mensual',
};
