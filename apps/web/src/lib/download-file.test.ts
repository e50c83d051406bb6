import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdapter } from '@/test/http';
import { api } from './api-client';
import { downloadFile, filenameFrom } from './download-file';

afterEach(() => vi.restoreAllMocks());

describe('filenameFrom', () => {
  it('takes the name of a Content-Disposition, quoted or not, and falls back without one', () => {
    expect(filenameFrom('attachment; filename="recibo-000123.pdf"', 'x.pdf')).toBe('recibo-000123.pdf');
    expect(filenameFrom('attachment; filename=reporte.csv', 'x.csv')).toBe('reporte.csv');
    expect(filenameFrom(undefined, 'reporte-month.csv')).toBe('reporte-month.csv');
  });
});

describe('downloadFile', () => {
  it('GETs the file as a blob with its params and clicks a download link with the file name', async () => {
    const { adapter, requests } = fakeAdapter(() => ({ status: 200, data: new Blob(['a,b']) }));
    api.defaults.adapter = adapter;
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:file'));
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });

    expect(await downloadFile('/receipts/7.pdf', 'recibo.pdf', { params: { year: 2026 }, type: 'application/pdf' })).toBe('recibo.pdf');
    expect(requests[0].url).toBe('/receipts/7.pdf');
    expect(requests[0].config.params).toEqual({ year: 2026 });
    expect(requests[0].config.responseType).toBe('blob');
    expect(created[0].type).toBe('application/pdf');
    expect(clicked).toEqual(['recibo.pdf blob:file']);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
