// Texts of sponsorship letters (docs/product.md#sponsorship-letters): the sponsor's letters screen, the
// staff's queue, and the field messages of their requests.
import { formatNumber } from '../format';
import { SLIP_MAX_BYTES } from './deposits';
import type { LetterDirection, LetterStatus } from '../schemas/letter-codes';

export const letterStatusLabels: Record<LetterStatus, string> = {
  in_review: 'En revisión',
  returned: 'Devuelta con motivo',
  approved: 'Aprobada',
  delivered: 'Entregada',
};

export const letterDirectionLabels: Record<LetterDirection, string> = {
  to_child: 'De quien apadrina',
  to_sponsor: 'Respuesta de la niña o el niño',
};

export const LETTER_MIN_CHARS = 20;
export const LETTER_MAX_CHARS = 5000;
/** A letter's photo and a reply's scan go through the deposit slips' pipeline (re-encoded, checked): its limit. */
export const LETTER_FILE_MAX_BYTES = SLIP_MAX_BYTES;
/** Boxes burned into a letter's image in one go (decision 0056). */
export const LETTER_IMAGE_MAX_BOXES = 20;

export const letterMessages = {
  bodyTooShort: `Escribe al menos ${LETTER_MIN_CHARS} caracteres`,
  /** `length`: the characters the letter has now (trimmed, as they are counted), so the writer knows how much to cut. */
  bodyTooLong: (length: number) => `La carta tiene ${formatNumber(length)} caracteres; el máximo es ${formatNumber(LETTER_MAX_CHARS)}.`,
  transcriptionRequired: 'Escribe la transcripción de la carta',
  translationTooLong: (length: number) => `La traducción tiene ${formatNumber(length)} caracteres; el máximo es ${formatNumber(LETTER_MAX_CHARS)}.`,
  reasonRequired: 'Escribe el motivo (al menos 5 caracteres)',
  reasonTooLong: 'Escribe como máximo 500 caracteres',
  spanInvalid: 'Una parte marcada para retirar no está dentro del texto de la carta',
  flagsNotRedacted:
    'La carta tiene datos de contacto sin retirar: retíralos o escribe por qué la apruebas así',
  notInReview: 'Esta carta ya fue revisada',
  notApproved: 'Solo una carta aprobada se marca como entregada',
  childLeft:
    'Esta niña o este niño ya salió del programa: la carta no se puede entregar. Devuélvela a quien apadrina con un motivo.',
  letterNotFound: 'No encontramos esa carta',
  sponsorshipNotFound: 'No encontramos ese apadrinamiento',
  sponsorshipNumberInvalid:
    'Escribe el número del apadrinamiento, un número entero como «12»: está en la ficha de la niña o el niño, en «Quienes apadrinan» (N.º …)',
  sponsorshipNotActive: 'Solo puedes escribir mientras el apadrinamiento está activo',
  /** A sponsor's photo of another type (a PDF, a GIF, a WebP): the scans' PDF is not for photos. */
  photoNotImage: 'La foto debe ser una imagen JPG, PNG o HEIC',
  photoOnlyInReview: 'La foto se agrega solo a una carta en revisión, antes de aprobarla',
  fileOnlyOwnDirection: 'Una carta para la niña o el niño lleva foto; una respuesta lleva la carta escaneada',
  contactWarning:
    'Tu carta parece incluir datos de contacto. Por la protección de los niños, el equipo los retirará antes de entregarla.',
  noPrintable: 'No hay cartas aprobadas por entregar',
  /** Under the title of the print PDF. */
  printCount: (n: number) => (n === 1 ? '1 carta' : `${n} cartas`),
  boxesRequired: 'Marca al menos un recuadro sobre la imagen',
  boxesTooMany: `Marca como máximo ${LETTER_IMAGE_MAX_BOXES} recuadros a la vez`,
  boxWhole: 'Escribe la posición y el tamaño en píxeles, con números enteros',
  boxTooSmall: 'Cada recuadro mide al menos 1 píxel de ancho y de alto',
  boxOutside: (n: number, width: number, height: number) => `El recuadro ${n} sale de la imagen (mide ${width} × ${height} píxeles)`,
  noImage: 'Esta carta no tiene imagen que tapar',
  pdfNotRedactable: 'Una carta escaneada en PDF no se puede tapar aquí: súbela como imagen (JPG o PNG) o confirma que no muestra datos de contacto',
  imageNotReviewed: 'Tapa los datos de contacto de la imagen o confirma que la imagen no muestra datos de contacto',
  imageChanged: 'La imagen cambió desde que la abriste (se subió otra): revísala de nuevo',
} as const;

export const letterScreenText = {
  sponsorTitle: (firstName: string) => `Cartas con ${firstName}`,
  /** The letters of a sponsorship that ended: read, no longer written. */
  endedNote: 'Este apadrinamiento terminó: puedes volver a leer sus cartas, pero ya no escribir nuevas.',
  write: 'Escribir una carta',
  send: 'Enviar carta',
  sent: 'Recibimos tu carta: el equipo la revisará antes de entregarla.',
  photoLabel: 'Foto (JPG, PNG o HEIC)',
  photoHelp: 'La foto se vuelve a codificar sin sus datos ocultos (ubicación, cámara).',
  /** A photo over 5 MB the browser could not redraw smaller (HEIC outside Safari): refused before anything is sent. */
  photoTooLarge: 'La foto pesa más de 5 MB y no pudimos reducirla aquí: elige una más pequeña o guárdala como JPG. Tu carta aún no se ha enviado.',
  /** A GIF, a WebP or a PDF chosen (the picker's filter is only a hint): refused before anything is sent, like a photo too large. */
  photoWrongType: 'La foto debe ser una imagen JPG, PNG o HEIC. Elige otra; tu carta aún no se ha enviado.',
  /** The letter was stored and its photo then refused or cut off: the letter is not to be sent again. */
  sentWithoutPhoto: (why: string) => `Recibimos tu carta, pero no su foto: ${why.charAt(0).toLowerCase()}${why.slice(1).replace(/\.$/, '')}. No vuelvas a enviar la carta.`,
  /** Why a photo did not arrive when the server gave no reason (a cut connection). */
  photoCutOff: 'la conexión se cortó antes de terminar de subirla',
  yourLetters: 'Tus cartas',
  replies: 'Respuestas',
  noLetters: 'Aún no has escrito cartas.',
  noReplies: 'Aún no hay respuestas. Cuando llegue una, el equipo la escanea y la publica aquí.',
  returnedBecause: 'Motivo:',
  translation: 'Traducción',
  viewScan: 'Ver la carta escaneada',
  queueTitle: 'Cartas',
  queueEmpty: 'No hay cartas en esta lista.',
  flagsHeading: 'Datos de contacto encontrados',
  noFlags: 'No se encontraron datos de contacto.',
  approve: 'Aprobar',
  returnLetter: 'Devolver con motivo',
  redactSelected: 'Retirar lo marcado',
  overrideReason: 'Motivo para aprobar sin retirar',
  preview: 'Texto que recibirá la otra parte',
  printPdf: 'PDF para entregar (aprobadas, por comunidad)',
  markDelivered: 'Marcar como entregada',
  childLeftBadge: 'Salió del programa',
  /** The reason suggested when staff return a letter to a child who left; the sponsor reads it. */
  childLeftReturnReason:
    'La niña o el niño salió del programa y ya no podemos entregarle tu carta. Gracias por el cariño que le diste con tus cartas.',
  uploadReply: 'Subir respuesta de la niña o el niño',
  replyNumberHint:
    'Es el N.º junto a quien apadrina en la ficha de la niña o el niño (Apadrinamiento, «Quienes apadrinan»); su enlace «Subir respuesta» lo escribe aquí.',
  /** On the child's record, beside each sponsorship that may receive a reply: opens Cartas with its number filled in. */
  replyFromRecord: 'Subir respuesta',
  /** Whose reply went in, so a mistyped number shows at once. */
  replyStored: (child: string, sponsor: string, id: number) => `La respuesta de ${child} para ${sponsor} (apadrinamiento N.º ${id}) quedó en revisión.`,
  transcription: 'Transcripción',
  scanLabel: 'Carta escaneada (imagen o PDF)',
  /** The reply was stored, its scan was not: the next file goes to that reply, never a second copy of it. */
  replyWithoutScan: (id: number, why: string) =>
    `La respuesta n.º ${id} quedó en revisión, pero no su carta escaneada: ${why.charAt(0).toLowerCase()}${why.slice(1).replace(/\.$/, '')}. ` +
    'Elige otro archivo para adjuntarla; no vuelvas a subir la respuesta.',
  attachScan: 'Adjuntar carta escaneada',
  scanCutOff: 'la conexión se cortó antes de terminar de subirla',
  scanAttached: 'La carta escaneada quedó con su respuesta, en revisión.',
  anotherReply: 'Subir otra respuesta',
  chooseScan: 'Elige el archivo de la carta escaneada',
  waiting: 'En cola',
  serviceTime: 'Tiempo de servicio',
  imageHeading: 'Imagen de la carta',
  imageHelp:
    'Dibuja un recuadro sobre cada dirección, teléfono, letrero o rostro sin consentimiento (con el ratón o el dedo), o escribe su posición en píxeles. Al tapar, la imagen se reemplaza: la otra parte solo recibe la imagen tapada.',
  imageSize: (width: number, height: number) => `La imagen mide ${width} × ${height} píxeles.`,
  addBox: 'Agregar recuadro',
  removeBox: (n: number) => `Quitar el recuadro ${n}`,
  boxLegend: (n: number) => `Recuadro ${n}`,
  boxX: 'Desde la izquierda (px)',
  boxY: 'Desde arriba (px)',
  boxWidth: 'Ancho (px)',
  boxHeight: 'Alto (px)',
  applyBoxes: 'Tapar en la imagen',
  boxesApplied: (n: number) => `La imagen tiene ${n} ${n === 1 ? 'recuadro tapado' : 'recuadros tapados'}.`,
  imageConfirm: 'La imagen no muestra datos de contacto',
  drawArea: 'Área para dibujar recuadros sobre la imagen',
} as const;
