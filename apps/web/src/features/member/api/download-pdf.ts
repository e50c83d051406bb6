// GET /receipts/{id}.pdf and /receipts/statement/{year}.pdf: fetched with the bearer token (it lives
// in memory, so a plain link could not send it) and handed to the browser as a file download.
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { memberMessages } from '@donaciones/shared/messages/member';
import { api } from '@/lib/api-client';

export const receiptPdfPath = (donationId: number) => `/receipts/${donationId}.pdf`;
export const statementPdfPath = (year: number) => `/receipts/statement/${year}.pdf`;

/** `attachment; filename="recibo-000123.pdf"` -> `recibo-000123.pdf` */
export function filenameFrom(disposition: string | undefined, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

export async function downloadPdf(path: string, fallbackName: string): Promise<string> {
  const res = await api.get<Blob>(path, { responseType: 'blob', skipErrorToast: true });
  const filename = filenameFrom(res.headers['content-disposition'] as string | undefined, fallbackName);
  const url = URL.createObjectURL(new Blob([res.data], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}

export function useDownloadPdf() {
  return useMutation({
    mutationFn: ({ path, fallbackName }: { path: string; fallbackName: string }) => downloadPdf(path, fallbackName),
    onError: () => toast.error(memberMessages.receipts.downloadError),
  });
}
