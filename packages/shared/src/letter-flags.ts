/**
 * Finds contact details in a sponsorship letter (emails, phone numbers, social handles, addresses,
 * links) so staff can redact them before a letter reaches a child or a sponsor. It favours recall:
 * a missed phone number can put a child at risk, a false flag costs a reviewer a second look
 * (docs/decisions/0049-letters-moderation.md). Used by the API on every letter and by the letter
 * form to warn the writer before sending.
 */

export const LETTER_FLAG_KINDS = ['email', 'phone', 'social', 'url', 'address'] as const;
export type LetterFlagKind = (typeof LETTER_FLAG_KINDS)[number];

export interface LetterFlag {
  kind: LetterFlagKind;
  /** Offsets in the letter's text (UTF-16 code units, as `String.prototype.slice` takes them). */
  start: number;
  end: number;
  text: string;
}

export const LETTER_FLAG_LABELS: Record<LetterFlagKind, string> = {
  email: 'Correo electrónico',
  phone: 'Teléfono',
  social: 'Red social',
  url: 'Enlace',
  address: 'Dirección',
};

export const REDACTION_MARK = '[retirado]';

const TLD = '(?:com|net|org|edu|gob|gt|es|mx|us|io|co|me|info|app|ly|link|tv)';
const SEP_DOT = String.raw`\s*[([]?\s*(?:\.|punto|dot)\s*[)\]]?\s*`;
const SEP_AT = String.raw`\s*[([]?\s*(?:@|arroba|at)\s*[)\]]?\s*`;

interface Detector {
  kind: LetterFlagKind;
  pattern: RegExp;
  /** Refuses a match that only looks like a contact detail (a date, a year range...). */
  accept?: (match: string) => boolean;
}

const DIGIT_WORDS = '(?:cero|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|zero|one|two|three|four|five|six|seven|eight|nine)';

const DETECTORS: Detector[] = [
  // Emails, written plainly or spelled out ("juan arroba gmail punto com", "ana (at) yahoo (dot) com").
  { kind: 'email', pattern: /[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+/giu },
  {
    kind: 'email',
    pattern: new RegExp(String.raw`[\p{L}\d._+-]+${SEP_AT}[\p{L}\d-]+(?:${SEP_DOT}[\p{L}\d-]+)*${SEP_DOT}${TLD}\b`, 'giu'),
    accept: (m) => /@|arroba|\bat\b/i.test(m) && /\.|punto|dot/i.test(m.replace(/^[^@]*?(?:@|arroba|\bat\b)/i, '')),
  },
  { kind: 'email', pattern: /\b(?:gmail|hotmail|yahoo|outlook|icloud|protonmail)\b/giu },
  // Links, with or without a scheme, and bare domains ("mipagina.com/fotos").
  { kind: 'url', pattern: /\b(?:https?:\/\/|www\.)[^\s<>"')]+/giu },
  { kind: 'url', pattern: new RegExp(String.raw`\b[\p{L}\d-]{2,}(?:\.[\p{L}\d-]+)*\.${TLD}\b(?:/[^\s<>"')]*)?`, 'giu') },
  // Social networks: short links, @handles, and naming a network with what follows it.
  { kind: 'social', pattern: /\b(?:wa\.me|t\.me|fb\.me|m\.me|bit\.ly)\/[^\s]+/giu },
  { kind: 'social', pattern: /(?<![\p{L}\d.])@[\p{L}\d_.]{2,}/gu },
  {
    kind: 'social',
    pattern:
      /\b(?:whats\s?app|wasap|guasap|wsp|watsap|facebook|fb|instagram|insta|ig|tik\s?tok|snapchat|telegram|messenger|twitter|discord|signal)\b(?:\s*(?:es|como|:|=|is|as|me|de)?\s*@?[\p{L}\d_.]+)?/giu,
  },
  { kind: 'social', pattern: /\bmi face\b(?:\s*(?:es|como|:)?\s*@?[\p{L}\d_.]+)?/giu },
  // Phone numbers: digit runs with spaces, dashes, dots or brackets; their length decides (below).
  {
    kind: 'phone',
    pattern: /(?<![\p{L}\d/,.])(?:\+|00)?\d(?:(?:[ \-.]|\s[-.]\s)?\(?\d\)?|\)\s?\d|[ \-.]\(\d)+(?![\p{L}\d/,]|\.\d)/gu,
    accept: acceptPhone,
  },
  { kind: 'phone', pattern: new RegExp(String.raw`\b${DIGIT_WORDS}(?:[\s,.-]+${DIGIT_WORDS}){6,}\b`, 'giu') },
  // Guatemalan addresses: "zona 18", "4a. calle 5-23", "km 14.5", "casa No. 5", "lote 4", "manzana B".
  { kind: 'address', pattern: /\b(?:zona|z\.)\s*\d{1,2}\b/giu },
  { kind: 'address', pattern: /\b\d{1,2}\s*(?:a|ª|o|º|va|ta|ra|da)?\.?\s*(?:calle|avenida|av\.|ave\.|callejón|calzada)(?:\s+(?:[A-Z]\b|\d{1,3}\s*-\s*\d{1,3}))?/giu },
  {
    kind: 'address',
    pattern: /\b(?:[Cc]alle|[Aa]venida|[Aa]v\.|[Cc]allejón|[Cc]alzada|[Dd]iagonal|[Bb]ulevar|[Bb]oulevard)\s+(?:\d{1,3}(?:\s*-\s*\d{1,3})?|[A-ZÁÉÍÓÚÑ][\p{L}]+)/gu,
  },
  { kind: 'address', pattern: /\b(?:km|kil[oó]metro)\.?\s*\d+(?:[.,]\d+)?/giu },
  { kind: 'address', pattern: /\bcasa\s*(?:n[oº°]\.?|n[uú]mero|#)\s*\d+[A-Z]?/giu },
  { kind: 'address', pattern: /\b(?:lote|lt\.)\s*(?:n[oº°]\.?|#)?\s*\d+/giu },
  { kind: 'address', pattern: /\b(?:[Mm]anzana|[Mm]z\.?)\s+(?:\d+|[A-Z])\b/gu },
  {
    kind: 'address',
    pattern: /\b(?:[Cc]olonia|[Cc]ol\.|[Aa]ldea|[Cc]aser[ií]o|[Cc]ant[oó]n|[Bb]arrio|[Rr]esidencial(?:es)?|[Cc]ondominio|[Ll]otificaci[oó]n|[Ss]ector)\s+(?:[A-ZÁÉÍÓÚÑ][\p{L}]+|\d+)/gu,
  },
  // United States: "1234 Oak Street", "55 W Main St.", "Apt 4B", "P.O. Box 12", "TX 75001".
  {
    kind: 'address',
    pattern:
      /\b\d{1,6}\s+(?:[NSEW]\.?\s+)?(?:[A-Z][\p{L}]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Terrace|Trail)\b\.?/gu,
  },
  { kind: 'address', pattern: /\b(?:apt|apartment|suite|ste)\.?\s*#?\s*\d+[A-Z]?\b/giu },
  { kind: 'address', pattern: /\bP\.?\s?O\.?\s*Box\s*\d+/giu },
  { kind: 'address', pattern: /\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])\s+\d{5}(?:-\d{4})?\b/gu },
];

// A date as day-month-year or month-day-year ("12.05.2026") or year-month-day ("2026 05 12"), with
// fields a date can have, so a number grouped 4-2-2 ("4455 66 77") is still a phone number.
const DATE_LIKE = /^[0-3]?\d[ .-][0-3]?\d[ .-](?:\d{2}|(?:19|20)\d{2})$|^(?:19|20)\d{2}[ .-](?:0?[1-9]|1[0-2])[ .-](?:0?[1-9]|[12]\d|3[01])$/;
const YEARS = /^(?:19|20)\d{2}(?:\s*[-.]?\s*(?:19|20)\d{2})*$/;

/** A digit run is a phone number when it has the length of one: 8 digits in Guatemala, 10 in the US. */
function acceptPhone(match: string): boolean {
  const trimmed = match.trim();
  if (DATE_LIKE.test(trimmed) || YEARS.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) return digits.length >= 8;
  if (digits.length === 8) return /^[2-7]/.test(digits);
  if (digits.length === 7) return /[ \-.]/.test(trimmed) && /^[2-9]/.test(digits);
  if (digits.length === 10) return /^[2-9]/.test(digits);
  if (digits.length === 11) return digits.startsWith('1') || digits.startsWith('502');
  return digits.length >= 12 && digits.length <= 15;
}

/** Every contact detail found, in order; overlapping findings become one flag (the first kind found wins). */
export function findLetterFlags(text: string): LetterFlag[] {
  const found: LetterFlag[] = [];
  for (const detector of DETECTORS) {
    for (const match of text.matchAll(detector.pattern)) {
      const raw = match[0];
      const value = raw.replace(/[\s.,;:]+$/u, '');
      if (value.length === 0 || (detector.accept && !detector.accept(value))) continue;
      const start = match.index;
      found.push({ kind: detector.kind, start, end: start + value.length, text: value });
    }
  }
  return mergeOverlapping(text, found);
}

function mergeOverlapping(text: string, flags: LetterFlag[]): LetterFlag[] {
  const ordered = [...flags].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: LetterFlag[] = [];
  for (const flag of ordered) {
    const last = merged.at(-1);
    if (last && flag.start < last.end) {
      if (flag.end > last.end) {
        last.end = flag.end;
        last.text = text.slice(last.start, last.end);
      }
      continue;
    }
    merged.push({ ...flag });
  }
  return merged;
}

/** Replaces each span with "[retirado]"; spans may come in any order but must not overlap. */
export function redactSpans(text: string, spans: ReadonlyArray<{ start: number; end: number }>): string {
  const ordered = [...spans].sort((a, b) => b.start - a.start);
  let out = text;
  for (const span of ordered) {
    out = out.slice(0, span.start) + REDACTION_MARK + out.slice(span.end);
  }
  return out;
}
