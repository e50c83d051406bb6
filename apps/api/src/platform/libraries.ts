// The libraries only some requests need: spreadsheets (exceljs), PDFs (pdfkit) and images (sharp).
// Each is loaded on its first use instead of when the server starts, so a server that never makes a
// spreadsheet or a PDF nor reads a photo never holds them in memory (together ~70 MB of resident
// memory; docs/performance.md, Results, round 7). A library is loaded once and shared afterwards.
import type ExcelJS from 'exceljs';
import type PDFDocument from 'pdfkit';
import type sharp from 'sharp';

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const loadExcel = once(async (): Promise<typeof ExcelJS> => (await import('exceljs')).default);
export const loadPdfDocument = once(async (): Promise<typeof PDFDocument> => (await import('pdfkit')).default);
export const loadSharp = once(async (): Promise<typeof sharp> => (await import('sharp')).default);
