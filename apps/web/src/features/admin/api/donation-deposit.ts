// GET /admin/donations/{id}/deposit and the slip's files (docs/product.md#bank-deposits). The files are served
// only with the bearer token, which lives in memory, so an <img src> could not send it: they are
// fetched as blobs and shown through object URLs.
import { useQuery } from '@tanstack/react-query';
import type { DepositSlipReview } from '@donaciones/shared/schemas/bank-statements';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const donationDepositKey = (id: number) => [...adminKeys.donation(id), 'deposit'] as const;
export const slipPreviewKey = (attachmentId: number) => [...adminKeys.all, 'attachments', attachmentId, 'preview'] as const;

export async function getDonationDeposit(id: number): Promise<DepositSlipReview | null> {
  const { data } = await api.get<DepositSlipReview | null>(`/admin/donations/${id}/deposit`, { skipErrorToast: true });
  return data;
}

export function useDonationDeposit(id: number) {
  return useQuery({ queryKey: donationDepositKey(id), queryFn: () => getDonationDeposit(id), enabled: Number.isInteger(id) && id > 0 });
}

export async function getSlipBlob(attachmentId: number, which: 'preview' | 'file'): Promise<Blob> {
  const path = which === 'preview' ? `/attachments/${attachmentId}/preview` : `/attachments/${attachmentId}`;
  const { data } = await api.get<Blob>(path, { responseType: 'blob', skipErrorToast: true });
  return data;
}

/** A blob as a `data:` URL: an image source that needs no object URL to revoke. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The slip's JPEG preview as a `data:` URL (a slip never changes: kept for the session). */
export function useSlipPreview(attachmentId: number, enabled: boolean) {
  return useQuery({
    queryKey: slipPreviewKey(attachmentId),
    queryFn: async () => blobToDataUrl(await getSlipBlob(attachmentId, 'preview')),
    enabled,
    staleTime: Infinity,
  });
}

/** The slip's own image at full size (a photo's digits must be readable), as a `data:` URL. */
export function useSlipImage(attachmentId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.all, 'attachments', attachmentId, 'file'] as const,
    queryFn: async () => blobToDataUrl(await getSlipBlob(attachmentId, 'file')),
    enabled,
    staleTime: Infinity,
  });
}
