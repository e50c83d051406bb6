// A deposit slip's file (docs/product.md#bank-deposits, decisions 0023 and 0035): its type read from its
// bytes, images checked by their declared size and re-encoded without their metadata (HEIC decoded off
// the main thread), PDFs with active content refused, and the name it is served under.
import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { SLIP_MAX_BYTES, depositMessages } from '@donaciones/shared/messages/deposits';
import type { donationAttachments } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { decodeHeicOffThread } from './heic-decoder';
import { inspectPdf } from './pdf-inspection';
import { loadSharp } from '../../platform/libraries';

const e = depositMessages.errors;

type AttachmentRow = typeof donationAttachments.$inferSelect;
export type SlipContentType = AttachmentRow['contentType'];

/** A refusal of the file itself, answered as a validation error of the field `file`. */
export class SlipRefusedError extends InvalidInputError {
  constructor(detail: string) {
    super(detail, { file: detail });
  }
}


export interface ProcessedSlip {
  contentType: SlipContentType;
  extension: 'jpg' | 'png' | 'pdf';
  data: Buffer;
  /** A small JPEG of an image; null for a PDF. */
  preview: Buffer | null;
}

/** Larger photos are scaled down to this many pixels on their longer side: still readable, much smaller. */
const MAX_SIDE = 3000;
/** A decompression bomb (a small file declaring a huge image) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * A HEIC is decoded in JavaScript, much slower than sharp: beyond a phone photo's size (12 MP, 48 MP
 * phones save 12 or 24 MP by default) it is refused by the size its header declares.
 */
const MAX_HEIC_PIXELS = 16_000_000;
const PREVIEW_SIDE = 480;
const HEIC_TYPES = new Set(['image/heic', 'image/heif']);

/** Names that make a PDF run something: scripts, actions on open or on events, launching programs. */
const PDF_ACTIVE_NAME = /\/(?:JS|JavaScript|AA|Launch)(?![A-Za-z0-9])/;
/** Total inflated bytes of a PDF's streams scanned for those names. */
const PDF_INFLATE_BUDGET = 64 * 1024 * 1024;

/** `/J#61vaScript` is `/JavaScript`: names may spell any character as #xx. */
function decodePdfNames(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * True when the PDF holds JavaScript or an automatic action, in its plain objects or inside its
 * compressed streams (object streams hide dictionaries there).
 */
export function pdfHasActiveContent(pdf: Buffer): boolean {
  const text = pdf.toString('latin1');
  if (PDF_ACTIVE_NAME.test(decodePdfNames(text))) return true;
  let budget = PDF_INFLATE_BUDGET;
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(text); m; m = streams.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streams.lastIndex = end;
    if (budget <= 0) return true; // too much to inspect: refused rather than waved through
    try {
      const inflated = inflateSync(pdf.subarray(start, end), { maxOutputLength: budget });
      budget -= inflated.length;
      if (PDF_ACTIVE_NAME.test(decodePdfNames(inflated.toString('latin1')))) return true;
    } catch {
      // Not a Flate stream (an image, a font in another filter): nothing to read.
    }
  }
  return false;
}

async function reencode(image: Buffer, as: 'jpeg' | 'png'): Promise<{ data: Buffer; contentType: SlipContentType; extension: 'jpg' | 'png' }> {
  // rotate() applies the EXIF orientation to the pixels; sharp writes no metadata unless asked to,
  // so EXIF (GPS, camera, dates), XMP, IPTC and ICC comments are gone from what is kept.
  const sharp = await loadSharp();
  const base = () =>
    sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (as === 'png') {
    const png = await base().png({ compressionLevel: 9 }).toBuffer();
    if (png.length <= SLIP_MAX_BYTES) return { data: png, contentType: 'image/png', extension: 'png' };
  }
  const jpeg = await base().flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  return { data: jpeg, contentType: 'image/jpeg', extension: 'jpg' };
}

/**
 * Checks a slip by its bytes (never its name) and makes what is kept: JPEG and PNG re-encoded,
 * HEIC/HEIF decoded and kept as JPEG, PDF kept as sent unless it holds scripts or actions.
 */
export async function processSlipFile(file: Buffer): Promise<ProcessedSlip> {
  if (file.length === 0) throw new SlipRefusedError(e.fileEmpty);
  if (file.length > SLIP_MAX_BYTES) throw new SlipRefusedError(e.fileTooLarge);
  const detected = await fileTypeFromBuffer(file);
  const mime = detected?.mime ?? '';

  if (mime === 'application/pdf') {
    // The document as pdf-lib parses it (object streams decoded, whatever their filters), with the
    // scan of its raw and inflated bytes kept as a second look.
    const verdict = await inspectPdf(file);
    if (verdict === 'unreadable') throw new SlipRefusedError(e.pdfUnreadable);
    if (verdict === 'active' || pdfHasActiveContent(file)) throw new SlipRefusedError(e.pdfScript);
    return { contentType: 'application/pdf', extension: 'pdf', data: file, preview: null };
  }
  if (mime !== 'image/jpeg' && mime !== 'image/png' && !HEIC_TYPES.has(mime)) throw new SlipRefusedError(e.fileType);

  // The size the header declares, read before any pixel is decoded (sharp reads HEIC headers too).
  // No pixel limit on reading the header itself: sharp's default one would call a bomb unreadable.
  const sharp = await loadSharp();
  const header = await sharp(file, { limitInputPixels: false }).metadata().catch(() => null);
  if (!header?.width || !header.height) throw new SlipRefusedError(e.imageUnreadable);
  const limit = HEIC_TYPES.has(mime) ? MAX_HEIC_PIXELS : MAX_INPUT_PIXELS;
  if (header.width * header.height > limit) throw new SlipRefusedError(e.imageTooManyPixels(limit / 1_000_000));

  let image: Buffer = file;
  try {
    if (HEIC_TYPES.has(mime)) image = await decodeHeicOffThread(file);
    const kept = await reencode(image, mime === 'image/png' ? 'png' : 'jpeg');
    const preview = await sharp(kept.data)
      .resize({ width: PREVIEW_SIDE, height: PREVIEW_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return { ...kept, preview };
  } catch {
    throw new SlipRefusedError(e.imageUnreadable);
  }
}

/**
 * A photo (a child's, a progress report's, a sponsor's letter's): the same pipeline, but an image only.
 * A PDF, or any type the pipeline does not take, is refused with `notImage`, which names the image
 * types alone: the slips' "JPG, PNG, HEIC o PDF" would invite a PDF that is then refused too.
 */
export async function processPhotoFile(file: Buffer, notImage: string): Promise<ProcessedSlip> {
  if (file.subarray(0, 5).toString('latin1') === '%PDF-') throw new SlipRefusedError(notImage);
  try {
    return await processSlipFile(file);
  } catch (err) {
    if (err instanceof SlipRefusedError && err.detail === e.fileType) throw new SlipRefusedError(notImage);
    throw err;
  }
}

/** The name the file is served under: what the donor's device called it, cleaned, with the kept type's extension. */
export function slipFileName(given: string | undefined, extension: string): string {
  const base = (given ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 80);
  return `${base || 'boleta'}.${extension}`;
}

// ------------------------------------------------------------------------------- who may see it
