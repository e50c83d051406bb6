// The "Donantes" staff API (docs/product.md#donors): GET /admin/donors (search, filters, pages by cursor),
// GET /admin/donors/{id} (the donor's page) and, with donors.manage, PUT /admin/donors/{id} (edit), the
// duplicate proposals, the merge with its preview, the undo of a merge, and the segment export.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Donor, DonorExportRequest, DonorList, DonorPage, DonorUpdate, DuplicateProposal, MergePreview } from '@donaciones/shared/schemas/donors';
import { api } from '@/lib/api-client';
import { downloadPosted } from '@/lib/download-file';
import { publicSiteQueryOptions } from '@/lib/public-site';
import { queryRoots } from '@/lib/query-keys';

/** The list's filters as they live in the address: empty strings for "any". */
export interface DonorListFilters {
  q: string;
  firstFrom: string;
  firstTo: string;
  lastFrom: string;
  lastTo: string;
  minTotal: string;
  maxTotal: string;
  monthly: string;
  tag: string;
  programId: string;
}

export const DONOR_FILTER_KEYS = ['q', 'firstFrom', 'firstTo', 'lastFrom', 'lastTo', 'minTotal', 'maxTotal', 'monthly', 'tag', 'programId'] as const;

export const donorKeys = {
  all: [...queryRoots.admin, 'donors'] as const,
  list: (filters: DonorListFilters, cursor: string | null) => [...donorKeys.all, 'list', filters, cursor] as const,
  detail: (id: number) => [...donorKeys.all, 'detail', id] as const,
  duplicates: () => [...donorKeys.all, 'duplicates'] as const,
};

/** Only the filters given, so the API sees no empty parameters. */
export function donorQueryParams(filters: DonorListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of DONOR_FILTER_KEYS) if (filters[key].trim()) params[key] = filters[key].trim();
  return params;
}

export async function getDonors(filters: DonorListFilters, cursor: string | null): Promise<DonorList> {
  const params = { ...donorQueryParams(filters), ...(cursor ? { cursor } : {}) };
  const { data } = await api.get<DonorList>('/admin/donors', { params, skipErrorToast: true });
  return data;
}

/** `enabled` false while a filter is invalid (the screen shows the field's message instead). */
export function useDonors(filters: DonorListFilters, cursor: string | null, enabled = true) {
  return useQuery({ queryKey: donorKeys.list(filters, cursor), queryFn: () => getDonors(filters, cursor), placeholderData: keepPreviousData, enabled });
}

export async function getDonorPage(id: number): Promise<DonorPage> {
  const { data } = await api.get<DonorPage>(`/admin/donors/${id}`, { skipErrorToast: true });
  return data;
}

/** `null`: the page's address names no donor, and nothing is asked. */
export function useDonorPage(id: number | null) {
  return useQuery({ queryKey: donorKeys.detail(id ?? 0), queryFn: () => getDonorPage(id ?? 0), enabled: id !== null });
}

export async function updateDonor(id: number, body: DonorUpdate): Promise<Donor> {
  const { data } = await api.put<Donor>(`/admin/donors/${id}`, body, { skipErrorToast: [400, 404, 409] });
  return data;
}

export function useUpdateDonor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DonorUpdate) => updateDonor(id, body),
    onSuccess: (donor) => queryClient.setQueryData<DonorPage>(donorKeys.detail(id), (page) => (page ? { ...page, donor } : page)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: donorKeys.all }),
  });
}

/** The programmes of the list's filter: the site's (every staff role reads them); hidden when they cannot be read. */
export function useDonorPrograms() {
  return useQuery({ ...publicSiteQueryOptions(), select: (site) => site.programs });
}

export function useDuplicates() {
  return useQuery({
    queryKey: donorKeys.duplicates(),
    queryFn: async () => (await api.get<{ items: DuplicateProposal[] }>('/admin/donors/duplicates', { skipErrorToast: true })).data.items,
  });
}

export interface MergePair {
  survivorId: number;
  mergedId: number;
}

export function useMergePreview() {
  return useMutation({
    mutationFn: async (pair: MergePair) => (await api.post<MergePreview>('/admin/donors/merge-preview', pair, { skipErrorToast: [400, 404, 409] })).data,
  });
}

/** Merging and undoing change both donors, the list and the proposals: everything under the donors' key is refreshed. */
export function useMergeDonors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pair: MergePair) => (await api.post<{ mergeId: number; donor: Donor }>('/admin/donors/merge', pair, { skipErrorToast: [400, 404, 409] })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: donorKeys.all }),
  });
}

export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mergeId: number) => (await api.post<{ survivor: Donor; merged: Donor }>(`/admin/donors/merges/${mergeId}/undo`, undefined, { skipErrorToast: [404, 409] })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: donorKeys.all }),
  });
}

/** POST /admin/donors/export: the list's filters with the format and the columns chosen, saved as a download. */
export async function exportDonors(body: DonorExportRequest): Promise<string> {
  return downloadPosted('/admin/donors/export', body, `donantes.${body.format}`);
}

export function useExportDonors() {
  return useMutation({ mutationFn: exportDonors });
}
