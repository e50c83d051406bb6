// Files the API generates (reports, receipts) are fetched with the bearer token, which lives in
// memory so a plain link could not send it, and then handed to the browser as a download.
import type { RequestConfig } from './http';
import { api } from './api-client';

/** `attachment; filename="reporte.csv"` -> `reporte.csv` */
export function filenameFrom(disposition: string | undefined, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** Hands `blob` to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GETs `path` as a file and saves it under the server's file name (or `fallbackName`); returns the name used. */
export async function downloadFile(path: string, fallbackName: string, options: { params?: RequestConfig['params']; type?: string } = {}): Promise<string> {
  const res = await api.get<Blob>(path, { params: options.params, responseType: 'blob', skipErrorToast: true });
  const filename = filenameFrom(res.headers['content-disposition'], fallbackName);
  saveBlob(options.type ? new Blob([res.data], { type: options.type }) : res.data, filename);
  return filename;
}

/** POSTs `body` to `path` (an export the server audits, hence not a GET) and saves the answer the same way. */
export async function downloadPosted(path: string, body: unknown, fallbackName: string): Promise<string> {
  const res = await api.post<Blob>(path, body, { responseType: 'blob', skipErrorToast: true });
  const filename = filenameFrom(res.headers['content-disposition'], fallbackName);
  saveBlob(res.data, filename);
  return filename;
}
