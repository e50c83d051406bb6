// Whether a PDF slip carries active content, read by parsing the document with pdf-lib (object
// streams, whatever their filters, are decoded by the parser) and looking at every object's
// dictionaries: scripts, actions that run or leave the document, embedded files and rich media.
// Staff open these files; a slip is a picture of a bank receipt and needs none of them.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, type PDFObject } from 'pdf-lib';

/** Keys whose presence makes a document act on its own or carry other files. */
const ACTIVE_KEYS = ['JS', 'JavaScript', 'AA', 'Launch', 'EmbeddedFiles', 'EmbeddedFile', 'EF', 'RichMedia', 'XFA', 'SubmitForm', 'GoToR', 'GoToE', 'ImportData'];
/**
 * Action types (`/S`) and object types (`/Type`, `/Subtype`) that do the same. A link's `URI` action
 * is allowed (bank receipts carry links, followed only when clicked); on opening it is refused below.
 */
const ACTIVE_NAMES = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ResetForm', 'ImportData', 'GoToR', 'GoToE', 'RichMediaExecute', 'Rendition', 'Sound', 'Movie', 'EmbeddedFile', 'RichMedia', 'FileAttachment', 'Screen', '3D']);

export type PdfVerdict = 'clean' | 'active' | 'unreadable';

function dictOf(object: PDFObject): PDFDict | null {
  if (object instanceof PDFDict) return object;
  if (object instanceof PDFStream || object instanceof PDFRawStream) return object.dict;
  return null;
}

function isActive(dict: PDFDict): boolean {
  for (const key of ACTIVE_KEYS) if (dict.has(PDFName.of(key))) return true;
  // An action on opening (a page to show is an array, a destination, and harmless).
  const onOpen = dict.get(PDFName.of('OpenAction'));
  if (onOpen && !(onOpen instanceof PDFArray)) return true;
  for (const key of ['S', 'Type', 'Subtype']) {
    const value = dict.get(PDFName.of(key));
    if (value instanceof PDFName && ACTIVE_NAMES.has(value.decodeText())) return true;
  }
  return false;
}

/** Parses the PDF and tells whether any of its objects, or the dictionaries and arrays nested in them, is active. */
export async function inspectPdf(file: Buffer): Promise<PdfVerdict> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(file, { ignoreEncryption: false, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return 'unreadable';
  }
  // Without recursion: a document may nest its dictionaries deeply.
  const pending: PDFObject[] = document.context.enumerateIndirectObjects().map(([, object]) => object);
  pending.push(document.catalog, document.context.trailerInfo.Root ?? document.catalog);
  const seen = new Set<PDFObject>();
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (seen.has(object)) continue;
    seen.add(object);
    const dict = dictOf(object);
    if (dict) {
      if (isActive(dict)) return 'active';
      for (const [, value] of dict.entries()) pending.push(value);
    } else if (object instanceof PDFArray) {
      for (let i = 0; i < object.size(); i++) pending.push(object.get(i));
    }
  }
  return 'clean';
}
