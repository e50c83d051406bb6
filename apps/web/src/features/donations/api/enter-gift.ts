// POST /admin/gifts: staff record a gift the office received (docs/product.md#staff-gift-entry).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnteredGift, StaffGift } from '@donaciones/shared/schemas/gift-entry';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { donationKeys } from './keys';

export async function enterGift(input: StaffGift): Promise<EnteredGift> {
  // The form shows 400 answers next to its fields itself.
  const { data } = await api.post<EnteredGift>('/admin/gifts', input, { skipErrorToast: [400] });
  return data;
}

export function useEnterGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterGift,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: donationKeys.all }),
        // The review queue, the donors and the register are the console's.
        queryClient.invalidateQueries({ queryKey: queryRoots.admin }),
      ]),
  });
}
