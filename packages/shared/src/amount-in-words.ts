// Amounts written out in Spanish, for receipts and for the donor to check before paying:
// "Ciento ochenta y cinco quetzales con cincuenta centavos".

const UNITS = [
  'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve',
  'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve',
  'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];

/** `apocope`: "uno" becomes "un" before a noun ("veintiún quetzales", "treinta y un mil"). */
function below100(n: number, apocope: boolean): string {
  if (n < 30) {
    if (apocope && n === 1) return 'un';
    if (apocope && n === 21) return 'veintiún';
    return UNITS[n];
  }
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  if (unit === 0) return TENS[tens];
  return `${TENS[tens]} y ${apocope && unit === 1 ? 'un' : UNITS[unit]}`;
}

function below1000(n: number, apocope: boolean): string {
  if (n === 100) return 'cien';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(HUNDREDS[hundreds]);
  if (rest) parts.push(below100(rest, apocope));
  return parts.join(' ');
}

const MAX = 999_999_999_999;

/** A whole number from 0 to 999 999 999 999 in Spanish words. */
export function integerToWords(n: number, apocope = false): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX) throw new RangeError(`No se puede escribir en letras: ${n}`);
  if (n === 0) return 'cero';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const units = n % 1000;
  const parts: string[] = [];
  if (millions) parts.push(millions === 1 ? 'un millón' : `${integerToWords(millions, true)} millones`);
  if (thousands) parts.push(thousands === 1 ? 'mil' : `${below1000(thousands, true)} mil`);
  if (units) parts.push(below1000(units, apocope));
  return parts.join(' ');
}

const CURRENCY_NAMES: Record<string, [singular: string, plural: string]> = {
  GTQ: ['quetzal', 'quetzales'],
  USD: ['dólar', 'dólares'],
  EUR: ['euro', 'euros'],
  MXN: ['peso', 'pesos'],
};

/** Integer cents to words: 18550 -> "Ciento ochenta y cinco quetzales con cincuenta centavos". */
export function amountInWords(cents: number, currency = 'GTQ'): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Monto no válido: ${cents}`);
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  const [singular, plural] = CURRENCY_NAMES[currency.toUpperCase()] ?? [currency.toUpperCase(), currency.toUpperCase()];
  // "un millón de quetzales", but "un millón quinientos mil quetzales".
  const of = whole >= 1_000_000 && whole % 1_000_000 === 0 ? 'de ' : '';
  let text = `${integerToWords(whole, true)} ${of}${whole === 1 ? singular : plural}`;
  if (fraction) text += ` con ${integerToWords(fraction, true)} ${fraction === 1 ? 'centavo' : 'centavos'}`;
  else text += whole === 1 ? ' exacto' : ' exactos';
  return text.charAt(0).toUpperCase() + text.slice(1);
}
