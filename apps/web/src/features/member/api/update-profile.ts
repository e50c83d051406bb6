// PUT /users/me/profile: names, phone, address and NIT or CUI (the email is read-only there).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Profile, updateProfileSchema } from '@donaciones/shared/schemas/profile';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { settingsKeys } from './keys';

export type ProfileValues = z.output<typeof updateProfileSchema>;

export async function updateProfile(values: ProfileValues): Promise<Profile> {
  // Validation answers are shown on the fields; anything else also gets the toast of docs/product.md#errors.
  const { data } = await api.put<Profile>('/users/me/profile', values, { skipErrorToast: [400] });
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(settingsKeys.profile(), profile);
      // The name shown in the dashboard greeting comes from the session.
      await session.reloadUser().catch(() => {});
    },
  });
}
