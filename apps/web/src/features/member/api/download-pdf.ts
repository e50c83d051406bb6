// GET /receipts/{id}.pdf and /receipts/statement/{year}.pdf as file downloads.
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { memberMessages } from '@donaciones/shared/messages/member';
import { downloadFile } from '@/lib/download-file';

export const receiptPdfPath = (donationId: number) => `/receipts/${donationId}.pdf`;
export const statementPdfPath = (year: number) => `/receipts/statement/${year}.pdf`;

export function downloadPdf(path: string, fallbackName: string): Promise<string> {
  return downloadFile(path, fallbackName, { type: 'application/pdf' });
}

export function useDownloadPdf() {
  return useMutation({
    mutationFn: ({ path, fallbackName }: { path: string; fallbackName: string }) => downloadPdf(path, fallbackName),
    onError: () => toast.error(memberMessages.receipts.downloadError),
  });
}
