// The staff's letters queue (docs/product.md#sponsorship-letters): GET /admin/letters?status=, approve
// (with redactions or a reason), redact the letter's image, return with a reason, mark delivered, a child's reply with its scan,
// and the print-ready PDF.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApproveLetterInput, ImageBox, ReplyInput, StaffLetter } from '@donaciones/shared/schemas/letters';
import type { LetterStatus } from '@donaciones/shared/schemas/letter-codes';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { letterKeys } from './sponsor-letters';

export async function getLetterQueue(status: LetterStatus): Promise<StaffLetter[]> {
  const { data } = await api.get<{ letters: StaffLetter[] }>('/admin/letters', { params: { status }, skipErrorToast: true });
  return data.letters;
}

export function useLetterQueue(status: LetterStatus) {
  return useQuery({ queryKey: letterKeys.queue(status), queryFn: () => getLetterQueue(status) });
}

function useLetterAction<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: letterKeys.staff() }) });
}

export function useApproveLetter() {
  return useLetterAction(async ({ id, body }: { id: number; body: ApproveLetterInput }) => {
    await api.post(`/admin/letters/${id}/approve`, body, { skipErrorToast: [400, 409] });
  });
}

/**
 * Burns boxes into the letter's image (decision 0056), drawn on `imageVersion`; the letter then names
 * the redacted image's version, which is fetched anew.
 */
export function useRedactLetterImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, boxes, imageVersion }: { id: number; boxes: ImageBox[]; imageVersion: string | null }) => {
      await api.post(`/admin/letters/${id}/image-redactions`, { boxes, ...(imageVersion ? { imageVersion } : {}) }, { skipErrorToast: [400, 409] });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: letterKeys.staff() }),
  });
}

export function useReturnLetter() {
  return useLetterAction(async ({ id, reason }: { id: number; reason: string }) => {
    await api.post(`/admin/letters/${id}/return`, { reason }, { skipErrorToast: [400, 409] });
  });
}

export function useDeliverLetter() {
  return useLetterAction(async (id: number) => {
    await api.post(`/admin/letters/${id}/deliver`);
  });
}

/** The reply was stored, its scan was not (refused or cut off): the form attaches another file to it instead of storing the reply again. */
export class ScanNotAttached extends Error {
  constructor(
    readonly reply: StaffLetter,
    readonly reason: unknown,
  ) {
    super('scan not attached');
  }
}

async function putScan(replyId: number, scan: File): Promise<void> {
  await api.put(`/admin/letters/${replyId}/scan`, scan, {
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: 120_000,
    skipErrorToast: [400, 409, 413, 415],
  });
}

export function useAddReply() {
  return useLetterAction(async ({ input, scan }: { input: ReplyInput; scan: File | null }) => {
    const { data } = await api.post<StaffLetter>('/admin/letter-replies', input, { skipErrorToast: [400] });
    if (scan) {
      try {
        await putScan(data.id, scan);
      } catch (error) {
        throw new ScanNotAttached(data, error);
      }
    }
    return data;
  });
}

/** A scan for a reply already stored without one. */
export function useAttachScan() {
  return useLetterAction(({ replyId, scan }: { replyId: number; scan: File }) => putScan(replyId, scan));
}

export function downloadPrintPdf() {
  return downloadFile('/admin/letters/print.pdf', 'cartas-para-entregar.pdf');
}
