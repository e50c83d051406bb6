// A sponsor's letters (docs/product.md#sponsorship-letters): GET and POST
// /users/me/sponsorships/:id/letters, the optional photo (PUT, raw body) and a letter's files, fetched
// with the bearer token and shown through an object URL.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LetterInput, OwnLetter, OwnLetters } from '@donaciones/shared/schemas/letters';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const letterKeys = {
  own: (sponsorshipId: number) => [...queryRoots.member, 'letters', sponsorshipId] as const,
  staff: () => [...queryRoots.admin, 'letters'] as const,
  queue: (status: string) => [...queryRoots.admin, 'letters', status] as const,
  file: (path: string) => [...queryRoots.member, 'letter-file', path] as const,
};

export async function getOwnLetters(sponsorshipId: number): Promise<OwnLetters> {
  const { data } = await api.get<OwnLetters>(`/users/me/sponsorships/${sponsorshipId}/letters`, { skipErrorToast: true });
  return data;
}

/** `null`: the page's address names no sponsorship, and nothing is asked. */
export function useOwnLetters(sponsorshipId: number | null) {
  return useQuery({ queryKey: letterKeys.own(sponsorshipId ?? 0), queryFn: () => getOwnLetters(sponsorshipId ?? 0), enabled: sponsorshipId !== null });
}

/** The letter was stored, its photo was not (refused or cut off): the form must not offer to send the letter again. */
export class PhotoNotAttached extends Error {
  constructor(
    readonly letter: OwnLetter,
    readonly reason: unknown,
  ) {
    super('photo not attached');
  }
}

export async function writeLetter(sponsorshipId: number, input: LetterInput, photo: File | null): Promise<OwnLetter> {
  const { data } = await api.post<OwnLetter>(`/users/me/sponsorships/${sponsorshipId}/letters`, input, { skipErrorToast: [400, 409] });
  if (photo) {
    try {
      await api.put(`/users/me/letters/${data.id}/photo`, photo, {
        headers: { 'Content-Type': 'application/octet-stream' },
        timeout: 120_000,
        skipErrorToast: true,
      });
    } catch (error) {
      throw new PhotoNotAttached(data, error);
    }
  }
  return data;
}

export function useWriteLetter(sponsorshipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, photo }: { input: LetterInput; photo: File | null }) => writeLetter(sponsorshipId, input, photo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: letterKeys.own(sponsorshipId) }),
  });
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A letter's photo or scan as a URL the page can show (the API wants the bearer token, which an <img
 * src> cannot send). `version` (staff's) keeps one copy per version, so a replaced image is fetched anew.
 */
export function useLetterFileUrl(path: string | null, version?: string | null) {
  return useQuery({
    queryKey: letterKeys.file(version ? `${path ?? ''}#${version}` : (path ?? '')),
    enabled: path !== null,
    staleTime: Infinity,
    queryFn: async () => {
      const res = await api.get<Blob>(path!, { responseType: 'blob', skipErrorToast: true });
      // An image as a data: URL (the page's CSP allows img-src data:, not blob:); a PDF opens from an object URL.
      const url = res.data.type === 'application/pdf' ? URL.createObjectURL(res.data) : await blobToDataUrl(res.data);
      return { url, type: res.data.type };
    },
  });
}
