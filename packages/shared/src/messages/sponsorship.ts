// Texts of children's sponsorship (docs/product.md#sponsorship): the "Apadrina" pages, the hold and
// the sponsor's start, "Mi ahijado/a", the staff's child records, consents and photos, and the
// field messages of their requests.
import type { ChildStatus, ConsentScope } from '../schemas/sponsorship-codes';

export const childStatusLabels: Record<ChildStatus, string> = {
  waiting: 'Esperando',
  sponsored: 'Apadrinado',
  paused: 'En pausa',
  left: 'Salió del programa',
};

export const consentScopeLabels: Record<ConsentScope, string> = {
  photos: 'Fotos',
  story: 'Historia',
  photos_and_story: 'Fotos e historia',
};

export const MONTH_NAMES = [
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio',
  'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre',
] as const;

export const sponsorshipMessages = {
  firstNameRequired: 'Escribe el primer nombre',
  firstNameLettersOnly: 'El primer nombre lleva solo letras (sin números, correos ni enlaces): es lo que se muestra en público.',
  firstNameHasSurname: 'Escribe solo el primer nombre, sin apellidos: es lo que se muestra en público.',
  fullNameRequired: 'Escribe el nombre completo',
  birthDateInvalid: 'Escribe la fecha de nacimiento (AAAA-MM-DD)',
  birthDateFuture: 'La fecha de nacimiento no puede ser futura',
  birthDateAdult: 'Con esa fecha de nacimiento tendría 18 años o más: el programa es para niñas, niños y adolescentes menores de 18 años. Revisa el año.',
  departmentInvalid: 'Elige un departamento de Guatemala',
  programInvalid: 'Elige un programa activo',
  textTooLong: (max: number) => `Escribe como máximo ${max} caracteres`,
  placesInvalid: 'Los lugares para apadrinar van de 1 a 5',
  statusInvalid: 'Elige un estado',
  leftReasonRequired: 'Escribe el motivo por el que salió del programa',
  consentGivenByRequired: 'Escribe quién dio el consentimiento',
  consentRelationshipRequired: 'Escribe el parentesco con la niña o el niño',
  consentScopeInvalid: 'Elige qué autoriza el consentimiento',
  consentDateInvalid: 'Escribe una fecha válida (AAAA-MM-DD)',
  consentDateFuture: 'La fecha del consentimiento no puede ser futura: escribe el día en que se firmó',
  /** Before RECORDED_DAY_MIN (schemas/fields.ts): the range taken, as the date field writes days. */
  consentDateTooEarly: 'La fecha del consentimiento debe estar entre el 01/01/2000 y hoy',
  consentExpiryBeforeGiven: 'El vencimiento debe ser posterior a la fecha del consentimiento',
  childNotFound: 'No encontramos a esa niña o ese niño',
  consentNotFound: 'No encontramos ese consentimiento',
  photoNotFound: 'No encontramos esa foto',
  photoNeedsConsent: 'Registra primero un consentimiento vigente que autorice fotos',
  photoNotImage: 'La foto debe ser una imagen JPG, PNG o HEIC',
  /** Said before anything is sent, when the browser could not redraw a larger photo under the limit. */
  photoTooLarge: 'La foto pesa más de 5 MB y no pudimos reducirla aquí: elige una más pequeña o guárdala como JPG.',
  notWaiting: 'Esta niña o este niño ya no está en la lista de espera',
  nobodyWaiting: 'En este momento no hay niñas ni niños en la lista de espera',
  /** Every "this child cannot be held now" (unknown id, not waiting, grace period, all places taken). */
  notAvailable: 'Ya no es posible apadrinar a esta niña o este niño. Elige a otra niña u otro niño de la lista.',
  placeTaken: 'Otra persona acaba de elegir ese lugar. Elige a otra niña u otro niño de la lista.',
  tooManyHolds: (n: number) =>
    `Desde esta conexión ya hay ${n === 1 ? 'un lugar reservado' : `${n} lugares reservados`} sin pagar. Termina ese apadrinamiento o espera a que venza la reserva para elegir a otra niña u otro niño.`,
  holdExpired: 'Tu reserva venció. Vuelve a elegir a la niña o el niño.',
  holdNotFound: 'No encontramos tu reserva',
  codeOfConductRequired: 'Debes aceptar el código de conducta para apadrinar',
  ageInvalid: 'La edad va de 0 a 18 años',
  storyNotPublic: (reasons: string[]) => `Hoy no se muestra al público: ${reasons.join(' y ')}. El personal la ve y la edita igual.`,
  storyNotApproved: 'está pendiente de aprobación',
  /** The stored story differs from the approved one (decision 0072). */
  storyPending: 'Pendiente de aprobación',
  storyPendingKeepsApproved:
    'El público sigue viendo la versión aprobada anterior hasta que marques «Historia aprobada para publicar» y guardes.',
  storyEditNeedsApproval: 'Al guardar una historia cambiada, queda pendiente de aprobación y el público sigue viendo la versión aprobada; luego márcala como aprobada y guarda otra vez.',
  storyNoConsent: 'no hay un consentimiento vigente de historia (Historia o Fotos e historia)',
};

/**
 * The consents on the staff's child record: each one's state and dates, and withdrawing a current one
 * when the guardian takes it back (what it covered is hidden on the next read, everywhere).
 */
export const consentTexts = {
  current: 'Vigente',
  notCurrent: 'No vigente',
  revoked: (date: string) => `Retirado el ${date}`,
  summary: (givenBy: string, relationship: string, scope: string, from: string, to: string) => `${givenBy} (${relationship}) · ${scope} · del ${from} al ${to}`,
  revoke: 'Retirar',
  revokeLabel: (givenBy: string) => `Retirar el consentimiento de ${givenBy}`,
  revokeTitle: '¿Retirar este consentimiento?',
  revokeBody: (givenBy: string, scope: string) =>
    `Registra que ${givenBy} retiró su autorización (${scope.toLocaleLowerCase('es')}). Lo que cubría deja de mostrarse al público y a quien apadrina en ese momento. No se puede deshacer: para volver a mostrarlo, registra un consentimiento nuevo.`,
  revokeConfirm: 'Retirar consentimiento',
  keep: 'Cancelar',
  revokeFailed: 'No pudimos retirar el consentimiento. Intenta de nuevo.',
};

export const sponsorshipTexts = {
  pageTitle: 'Apadrina a una niña o un niño',
  intro:
    'Con tu aporte mensual acompañas a una niña o un niño durante su estudio. Por su protección solo mostramos su primer nombre, edad, departamento y programa; te comunicas por cartas a través de la fundación.',
  perMonth: (amount: string) => `Apadrinar por ${amount} al mes`,
  mostNeeded: 'Donde más se necesite',
  mostNeededHint: 'Elegimos por ti a quien lleva más tiempo esperando.',
  filters: 'Filtrar',
  age: 'Edad',
  anyAge: 'Cualquier edad',
  department: 'Departamento',
  anyDepartment: 'Todos los departamentos',
  program: 'Programa',
  anyProgram: 'Todos los programas',
  years: (n: number) => (n === 1 ? '1 año' : `${n} años`),
  noneWaiting: 'No hay niñas ni niños esperando con esos filtros.',
  /** Nobody waits at all (no filter to blame): say so, and what the visitor can do instead. */
  nobodyWaiting: 'En este momento todas las niñas y todos los niños tienen quien los apadrine.',
  nobodyWaitingHint: 'Vuelve pronto: cuando una niña o un niño espere quien le apadrine, aparecerá aquí. Mientras tanto puedes donar cada mes.',
  donateMonthly: 'Dona cada mes',
  seeProfile: (name: string) => `Conocer a ${name}`,
  choose: (name: string) => `Apadrinar a ${name}`,
  heldTitle: 'Completa tu apadrinamiento',
  /** The child's page, back from the held place's form: the place is the visitor's own, not lost. */
  heldByYou: (name: string, until: string) => `Reservaste el lugar de ${name} para ti hasta el ${until}. Termina tu apadrinamiento antes de esa hora.`,
  continueHold: 'Continuar con mi apadrinamiento',
  noHold: 'No tienes una reserva activa. Elige a una niña o un niño en Apadrina.',
  yourDetails: 'Tus datos',
  demoCard: 'Tarjeta de prueba del demo (no se cobra nada real): 4242 4242 4242 4242',
  goToMyChild: 'Ver Mi ahijado/a',
  loginToSee: 'Para ver a tu ahijado/a y escribirle cartas, inicia sesión con este correo; si aún no tienes cuenta, créala con este mismo correo y confírmalo.',
  pendingPayment: 'Primer pago en proceso',
  active: 'Activo',
  writeLetters: 'Cartas',
  noPhoto: 'Sin foto',
  photoAlt: (name: string) => `Ilustración de ${name}`,
  held: (name: string, time: string) => `Reservamos el lugar de ${name} para ti hasta las ${time}`,
  codeOfConductTitle: 'Código de conducta para apadrinar',
  codeOfConduct: [
    'Me comunico solo por cartas a través de la fundación; no comparto ni pido teléfonos, correos, redes sociales ni direcciones.',
    'No envío dinero ni regalos directamente; un regalo se da como donación designada a través de la fundación.',
    'Las visitas solo se hacen a pedido, organizadas y acompañadas por el personal.',
    'No publico fotos ni datos de la niña o el niño.',
  ],
  acceptCode: 'Acepto el código de conducta',
  start: (amount: string) => `Apadrinar por ${amount} al mes`,
  thanks: (name: string) => `¡Gracias! Cuando se confirme tu primer pago, comenzarás a apadrinar a ${name}.`,
  myChild: 'Mi ahijado/a',
  staffNav: 'Apadrinamiento',
  publicNav: 'Apadrina',
  myChildEmpty: 'Aún no apadrinas a ninguna niña ni a ningún niño.',
  /** A former sponsor with nothing current: their past sponsorships are listed below. */
  myChildNoneNow: 'Ahora no apadrinas a ninguna niña ni a ningún niño.',
  /** A place held while its first payment is on its way (the account is not yet the child's sponsor). */
  heldByCard: (name: string) => `Reservamos el lugar de ${name} para ti mientras se confirma tu primer pago con tarjeta; suele tardar unos minutos.`,
  heldByTransfer: (name: string, date: string, reference: string) =>
    `Reservamos el lugar de ${name} para ti hasta el ${date}, mientras llega tu primera transferencia con la referencia ${reference}.`,
  heldNext: 'Cuando confirmemos tu primer pago comenzarás a apadrinar: te enviaremos un correo y aquí podrás escribirle cartas.',
  pastTitle: 'Apadrinamientos anteriores',
  pastHint: 'Terminaron, pero sus cartas siguen aquí para que las vuelvas a leer.',
  pastDates: (from: string, to: string) => `Del ${from} al ${to}`,
  pastEndedChildLeft: (name: string) => `${name} salió del programa`,
  pastEndedSponsorStopped: 'Terminó tu aporte mensual',
  pastEnded: 'Terminó',
  pastLetters: (name: string) => `Cartas con ${name}`,
  birthdayMonth: (month: string) => `Cumple años en ${month}`,
  since: (date: string) => `Desde ${date}`,
};
