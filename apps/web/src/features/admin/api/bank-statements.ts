// The bank reconciliation's endpoints (docs/product.md#bank-deposits): GET /admin/bank-statements (imports and
// banks with saved columns), POST .../preview, POST /admin/bank-statements (import), GET .../{id},
// POST .../{id}/lines/{lineId}/confirm and .../donation. Both complete a donation, so they refresh the whole console.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ColumnMappingInput,
  StatementFile,
  StatementImport,
  StatementImportList,
  StatementLineDonation,
  StatementPreview,
  StatementSection,
} from '@donaciones/shared/schemas/bank-statements';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { adminKeys } from './keys';

export const bankStatementKeys = {
  all: () => [...adminKeys.all, 'bank-statements'] as const,
  list: () => [...bankStatementKeys.all(), 'list'] as const,
  detail: (id: number) => [...bankStatementKeys.all(), 'detail', id] as const,
  page: (id: number, section: StatementSection, page: number) => [...bankStatementKeys.detail(id), section, page] as const,
};

export async function getStatementImports(): Promise<StatementImportList> {
  const { data } = await api.get<StatementImportList>('/admin/bank-statements', { skipErrorToast: true });
  return data;
}

export function useStatementImports() {
  return useQuery({ queryKey: bankStatementKeys.list(), queryFn: getStatementImports });
}

/** Without `query`: the counts and the first page of every section; with it, page `page` of one section. */
export async function getStatementImport(id: number, query?: { section: StatementSection; page: number }): Promise<StatementImport> {
  const { data } = await api.get<StatementImport>(`/admin/bank-statements/${id}`, { params: query, skipErrorToast: true });
  return data;
}

export function useStatementImport(id: number | null) {
  return useQuery({ queryKey: bankStatementKeys.detail(id ?? 0), queryFn: () => getStatementImport(id as number), enabled: id != null });
}

/** A later page of one section (the first pages come with the import itself). */
export function useStatementImportPage(id: number, section: StatementSection, page: number) {
  return useQuery({
    queryKey: bankStatementKeys.page(id, section, page),
    queryFn: () => getStatementImport(id, { section, page }),
    enabled: page > 1,
    placeholderData: keepPreviousData,
  });
}

/** The file's bytes as base64, as the API takes them inside JSON. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function previewStatement(file: StatementFile): Promise<StatementPreview> {
  const { data } = await api.post<StatementPreview>('/admin/bank-statements/preview', file, { skipErrorToast: [400] });
  return data;
}

export function usePreviewStatement() {
  return useMutation({ mutationFn: previewStatement });
}

export async function importStatement(body: StatementFile & { mapping: ColumnMappingInput }): Promise<StatementImport> {
  const { data } = await api.post<StatementImport>('/admin/bank-statements', body, { skipErrorToast: [400] });
  return data;
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSuccess: (created) => {
      queryClient.setQueryData(bankStatementKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: bankStatementKeys.list() });
    },
  });
}

export async function confirmStatementLine(input: { importId: number; lineId: number; donationId: number }): Promise<StatementImport> {
  const { data } = await api.post<StatementImport>(
    `/admin/bank-statements/${input.importId}/lines/${input.lineId}/confirm`,
    { donation_id: input.donationId },
    { skipErrorToast: [409] },
  );
  return data;
}

/** A donation was completed: the review queue, dashboard, reports and the donation screens change. */
function useDonationCompleted() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (updated: StatementImport) => queryClient.setQueryData(bankStatementKeys.detail(updated.id), updated),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.donations }),
        queryClient.invalidateQueries({ queryKey: queryRoots.member }),
      ]),
  };
}

export function useConfirmStatementLine() {
  return useMutation({ mutationFn: confirmStatementLine, ...useDonationCompleted() });
}

export async function donationFromStatementLine(input: { importId: number; lineId: number; donor: StatementLineDonation }): Promise<StatementImport> {
  const { data } = await api.post<StatementImport>(`/admin/bank-statements/${input.importId}/lines/${input.lineId}/donation`, input.donor, {
    skipErrorToast: [400, 409],
  });
  return data;
}

export function useDonationFromStatementLine() {
  return useMutation({ mutationFn: donationFromStatementLine, ...useDonationCompleted() });
}
