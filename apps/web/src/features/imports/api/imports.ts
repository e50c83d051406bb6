// The import's endpoints (docs/product.md#imports): POST /admin/imports/preview (headers, first rows and a
// guess of the columns) and POST /admin/imports (a dry run, or the import). An import adds donors, gifts
// and monthly gifts, so it refreshes the whole console.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportFile, ImportPreview, ImportResult, ImportRunRequest } from '@donaciones/shared/schemas/imports';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The file's bytes as base64, as the API takes them inside JSON. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function previewImport(file: ImportFile): Promise<ImportPreview> {
  const { data } = await api.post<ImportPreview>('/admin/imports/preview', file, { skipErrorToast: [400] });
  return data;
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export async function runImport(body: ImportRunRequest): Promise<ImportResult> {
  const { data } = await api.post<ImportResult>('/admin/imports', body, { skipErrorToast: [400] });
  return data;
}

export function useRunImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    onSuccess: (result) => {
      if (result.dry_run) return;
      void client.invalidateQueries({ queryKey: queryRoots.admin });
      void client.invalidateQueries({ queryKey: queryRoots.donations });
    },
  });
}
