// A donation's receipt for staff (docs/product.md#receipts): GET /admin/donations/{id}/receipt.pdf,
// POST .../receipt/resend and .../statement/resend.
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { receiptsMessages } from '@donaciones/shared/messages/receipts';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

export function useDownloadDonationReceipt(id: number) {
  return useMutation({
    mutationFn: () => downloadFile(`/admin/donations/${id}/receipt.pdf`, `recibo-${id}.pdf`, { type: 'application/pdf' }),
    onError: () => toast.error(receiptsMessages.downloadError),
  });
}

export function useResendReceipt(id: number) {
  return useMutation({
    mutationFn: async () => (await api.post<{ to: string; receipt: string }>(`/admin/donations/${id}/receipt/resend`)).data,
    onSuccess: (sent) => toast.success(receiptsMessages.resent(sent.to, sent.receipt)),
  });
}

export function useResendStatement(id: number) {
  return useMutation({
    mutationFn: async () => (await api.post<{ to: string; year: number }>(`/admin/donations/${id}/statement/resend`, {})).data,
    onSuccess: (sent) => toast.success(receiptsMessages.statementResent(sent.to, sent.year)),
  });
}
