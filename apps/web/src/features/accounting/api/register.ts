// GET /admin/register, its export, and the monthly close (GET/POST /admin/close/:month).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CloseCheck, Register } from '@donaciones/shared/schemas/accounting';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

const keys = {
  register: (from: string, to: string) => ['admin', 'register', from, to] as const,
  close: (month: string) => ['admin', 'close', month] as const,
};

export const registerQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: keys.register(from, to),
    queryFn: async () => (await api.get<Register>('/admin/register', { params: { from, to }, skipErrorToast: true })).data,
  });

export function useRegister(from: string, to: string) {
  return useQuery(registerQueryOptions(from, to));
}

export function useDownloadRegister() {
  return useMutation({
    mutationFn: ({ from, to, format }: { from: string; to: string; format: 'csv' | 'xlsx' }) =>
      downloadFile('/admin/register/export', `contabilidad-${from}-a-${to}.${format}`, { params: { from, to, format } }),
  });
}

export function useCloseCheck(month: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.close(month),
    queryFn: async () => (await api.get<CloseCheck>(`/admin/close/${month}`, { skipErrorToast: true })).data,
    enabled,
  });
}

export function useCloseMonth() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (month: string) => (await api.post<CloseCheck>(`/admin/close/${month}`, undefined, { skipErrorToast: [409] })).data,
    onSuccess: (check) => client.setQueryData(keys.close(check.month), check),
  });
}
