// POST /admin/programs and PUT /admin/programs/{id} (ADMIN).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminProgram, programInputSchema } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

export type ProgramValues = z.output<typeof programInputSchema>;

export async function saveProgram(id: number | undefined, values: ProgramValues): Promise<AdminProgram> {
  const { data } = id
    ? await api.put<AdminProgram>(`/admin/programs/${id}`, values, { skipErrorToast: [400, 404] })
    : await api.post<AdminProgram>('/admin/programs', values, { skipErrorToast: [400] });
  return data;
}

export function useSaveProgram() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: ProgramValues }) => saveProgram(id, values),
    onSuccess: () => refresh(systemKeys.programs()),
  });
}
