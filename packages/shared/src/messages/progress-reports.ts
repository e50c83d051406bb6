// Texts of progress reports (informes de avance; docs/product.md#sponsorship): the staff's form and
// list, the pending reports, and the sponsor's reports in "Mi ahijado/a".
import { formatPercent } from '../format';
import { LETTER_FLAG_LABELS, type LetterFlag } from '../letter-flags';

/** Days without a report after which a sponsored child's report is due (about six months). */
export const PROGRESS_REPORT_DUE_DAYS = 182;

export const progressReportMessages = {
  periodRequired: 'Escribe el periodo del informe (por ejemplo, «Primer semestre 2026»)',
  reportDateInvalid: 'Escribe la fecha del informe (AAAA-MM-DD)',
  reportDateFuture: 'La fecha del informe no puede ser futura',
  reportDateTooEarly: 'La fecha del informe debe estar entre el 01/01/2000 y hoy',
  attendanceInvalid: 'La asistencia es un porcentaje entero de 0 a 100',
  messageTooShort: 'Escribe un mensaje para quien apadrina (al menos 20 caracteres)',
  textTooLong: (max: number) => `Escribe como máximo ${max} caracteres`,
  /** The contact-details detector found something in a text the sponsor would read. */
  contactDetails: (flags: readonly LetterFlag[]) =>
    `Este texto parece tener datos de contacto (${flags.map((f) => `${LETTER_FLAG_LABELS[f.kind]}: «${f.text}»`).join('; ')}). ` +
    'Retíralos antes de publicar: el informe llega a quien apadrina.',
  /** The same detector on a child's story, which anyone visiting Apadrina reads once approved. */
  storyContactDetails: (flags: readonly LetterFlag[]) =>
    `La historia parece tener datos de contacto o de ubicación (${flags.map((f) => `${LETTER_FLAG_LABELS[f.kind]}: «${f.text}»`).join('; ')}). ` +
    'Retíralos antes de guardar: la historia se muestra al público.',
  reportNotFound: 'No encontramos ese informe',
  photoNotFound: 'No encontramos esa foto',
  photoNeedsConsent: 'Registra primero un consentimiento vigente que autorice fotos',
  photoNotImage: 'La foto debe ser una imagen JPG, PNG o HEIC',
  /** Said before anything is sent, when the browser could not redraw a larger photo under the limit. */
  photoTooLarge: 'La foto pesa más de 5 MB y no pudimos reducirla aquí: elige una más pequeña o guárdala como JPG.',
};

export const progressReportTexts = {
  title: 'Informes de avance',
  staffIntro: 'Al menos dos informes al año por cada niña o niño apadrinado. Quien apadrina ve todo salvo las notas internas.',
  newReport: 'Nuevo informe',
  period: 'Periodo',
  reportDate: 'Fecha del informe',
  schoolGrade: 'Grado escolar',
  attendance: 'Asistencia (%)',
  achievement: 'Logro en la escuela',
  health: 'Salud',
  message: 'Mensaje para quien apadrina',
  staffNotes: 'Notas internas',
  staffNotesHint: 'Solo para el personal: nunca las ve quien apadrina.',
  photo: 'Foto (opcional)',
  photoHint: 'Solo con un consentimiento vigente de fotos. Se guarda sin metadatos; quien apadrina la ve mientras el consentimiento esté vigente.',
  publish: 'Publicar informe',
  published: (name: string) => `Informe publicado. Enviamos un aviso a quien apadrina a ${name}.`,
  sponsorVisibleHint: 'Lo lee quien apadrina: sin teléfonos, correos, redes ni direcciones.',
  none: 'Aún no hay informes.',
  photoShown: 'Foto visible para quien apadrina',
  photoHidden: 'Foto oculta (sin consentimiento vigente)',
  /** After "Escuela:": the grade as written, then the attendance ("Quinto primaria, asistencia del 94.0%"); '' when neither. */
  schoolValue: (grade: string, attendance: number | null) =>
    [grade, attendance == null ? '' : `${grade ? 'asistencia' : 'Asistencia'} del ${formatPercent(attendance)}`].filter(Boolean).join(', '),
  pendingTitle: 'Reportes pendientes',
  pendingCount: (n: number) => (n === 1 ? '1 niña o niño sin informe de avance reciente' : `${n} niñas y niños sin informe de avance reciente`),
  pendingIntro: 'Con apadrinamiento activo y sin informe en los últimos 6 meses (182 días), o ninguno desde que empezó el apadrinamiento.',
  pendingNone: 'Todos los informes de avance están al día.',
  lastReport: 'Último informe',
  noReportYet: 'Ninguno',
  sponsoredSince: 'Apadrinado desde',
  daysOverdue: 'Días de atraso',
  days: (n: number) => (n === 1 ? '1 día' : `${n} días`),
  sponsorTitle: 'Informes de avance',
  sponsorNone: 'El equipo publicará aquí los informes de avance, al menos dos veces al año.',
  school: 'Escuela',
  photoAlt: (name: string) => `Foto de ${name} en el informe`,
};
