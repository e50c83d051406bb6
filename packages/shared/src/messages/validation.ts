// Field-level validation messages of the shared zod schemas.
import { NAME_MAX_LENGTH } from '../constants';

export const validationMessages = {
  nameRequired: 'El nombre es requerido',
  nameMin: 'El nombre debe tener al menos 2 caracteres',
  nameMax: `El nombre no puede tener más de ${NAME_MAX_LENGTH} caracteres`,
  emailRequired: 'El correo electrónico es requerido',
  emailInvalid: 'Ingresa un correo electrónico válido',
  passwordRequired: 'La contraseña es requerida',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres',
  loginPasswordMin: 'La contraseña debe tener al menos 6 caracteres',
  passwordComplexity: 'La contraseña debe contener al menos una mayúscula, una minúscula y un número',
  confirmRequired: 'Confirma tu contraseña',
  passwordsMustMatch: 'Las contraseñas deben coincidir',
  newPasswordsMismatch: 'Las contraseñas nuevas no coinciden',
  passwordsMismatch: 'Las contraseñas no coinciden',
  currentPasswordRequired: 'La contraseña actual es requerida',
  termsRequired: 'Debes aceptar los términos y condiciones',
  /** isValidPhone (schemas/fields.ts): 8 to 15 digits, an optional + and country code, spaces, dashes or parentheses. */
  phoneInvalid: 'Escribe un teléfono válido: 8 dígitos en Guatemala, o + y el código del país si es de otro país (hasta 15 dígitos en total)',
  firstNameRequired: 'El nombre es requerido',
  lastNameRequired: 'El apellido es requerido',
  addressMax: 'La dirección no puede tener más de 255 caracteres',
  roleInvalid: 'Selecciona un rol válido',
  systemNameRequired: 'El nombre del sistema es requerido',
  contactEmailRequired: 'El correo de contacto es requerido',
  integerMin1: 'Debe ser un número entero mayor o igual a 1',
  minNotAboveMax: 'El monto mínimo no puede ser mayor que el máximo',
  donorNameRequired: 'El nombre del donante es requerido',
  donorEmailRequired: 'El correo del donante es requerido',
  donorEmailInvalid: 'Ingresa un correo electrónico válido',
  currencyRequired: 'La moneda es requerida',
  /** `POST /donations` without its amount (or null), as its other fields say a missing value. */
  amountRequired: 'El monto es requerido',
  amountPositive: 'El monto debe ser un número positivo',
  amountMin: (currency: string) => `El monto mínimo de una donación es 1 ${currency}`,
  /** Under a text field once it holds its maximum: the browser drops what is typed or pasted beyond it, without a word. */
  textAtMax: (max: number) => `Llegaste al máximo de ${max.toLocaleString('en-US')} caracteres: lo que sigue no se guarda.`,
  amountMax: (currency: string) => `El monto máximo de una donación es 10,000 ${currency}`,
  typeInvalid: 'El tipo de donación debe ser monetaria, en especie o de servicios',
  currencyInvalid: 'La moneda debe ser un código de 3 letras (por ejemplo GTQ)',
  amountDecimals: 'El monto admite como máximo dos decimales',
  donorNameMax: 'El nombre del donante no puede tener más de 120 caracteres',
  descriptionMax: 'La descripción no puede tener más de 1000 caracteres',
  statusInvalid: 'Estado de donación no válido',
  /** The account's email is its sign-in; staff change it on request, sent from the current address. */
  emailReadOnly: (contactEmail: string | null) =>
    `Tu correo no se puede cambiar desde aquí. Para cambiarlo, escribe desde él a ${contactEmail ?? 'la organización'} y dinos cuál es el nuevo.`,
  lastNameMin: 'El apellido debe tener al menos 2 caracteres',
  lastNameMax: `El apellido no puede tener más de ${NAME_MAX_LENGTH} caracteres`,
  favoriteCauseMax: 'La causa favorita no puede tener más de 100 caracteres',
  newPasswordSameAsCurrent: 'La nueva contraseña debe ser diferente de la actual',
  /** Whether the donor receives it is the dialog's hint to say: a gift entered without an email sends nothing. */
  rejectReasonRequired: 'Escribe el motivo del rechazo: queda en la donación y en su historial',
  rejectReasonMax: 'El motivo no puede tener más de 500 caracteres',
  personNameCharacters: 'El nombre contiene caracteres no permitidos (saltos de línea, tabulaciones o caracteres invisibles o de control)',
  dateOutOfRange: 'La fecha debe estar entre los años 1900 y 2100',
  impactFactorRange: 'Debe ser un monto entre Q0.01 y Q1,000,000',
  /** An impact factor left empty (or sent without it): what to write, not the range. */
  impactFactorRequired: 'Escribe cuántos quetzales equivalen a una unidad',
  /** A donor level's "Desde (Q)" left empty (or a level sent without it); 0 is a threshold, so never "positivo". */
  levelThresholdRequired: 'Escribe el monto desde el que se alcanza el nivel',
  /** Below zero, or past the largest threshold taken; never "mayor a cero": 0 is a threshold. */
  levelThresholdRange: 'El monto del nivel debe estar entre Q0 y Q100,000,000',
  /** A donor level's name left empty or over 60 characters (zod's own words were English in the browser). */
  levelNameRequired: 'Escribe el nombre del nivel',
  levelNameMax: 'El nombre del nivel no puede tener más de 60 caracteres',
  idInvalid: 'El identificador debe ser un número entero positivo escrito en decimal',
} as const;
