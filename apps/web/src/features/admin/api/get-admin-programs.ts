// GET /admin/programs (ADMIN): every program, active or not, in display order.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProgram } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { systemKeys } from './system-keys';

export async function getAdminPrograms(): Promise<AdminProgram[]> {
  const { data } = await api.get<{ programs: AdminProgram[] }>('/admin/programs', { skipErrorToast: true });
  return data.programs;
}

export const adminProgramsQueryOptions = () => queryOptions({ queryKey: systemKeys.programs(), queryFn: getAdminPrograms });

export function useAdminPrograms() {
  return useQuery(adminProgramsQueryOptions());
}
