// The account's second step and sessions from Seguridad (docs/product.md#accounts-and-sessions), and the
// ADMIN's view of staff sign-in.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import type { AccountSecurity, SessionView, StaffSecurityRow } from '@donaciones/shared/schemas/two-step';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import type { TotpSetup } from './two-step';

const keys = {
  security: () => [...queryRoots.auth, 'security'] as const,
  sessions: () => [...queryRoots.auth, 'sessions'] as const,
  staff: () => [...queryRoots.auth, 'staff-security'] as const,
  policy: () => [...queryRoots.auth, 'security-policy'] as const,
};
const quiet = { skipErrorToast: [400, 401, 404, 429] } as const;
type Message = { message: string };

export const accountSecurityQuery = () =>
  queryOptions({ queryKey: keys.security(), queryFn: async () => (await api.get<AccountSecurity>('/users/me/security')).data });
export const sessionsQuery = () =>
  queryOptions({ queryKey: keys.sessions(), queryFn: async () => (await api.get<{ sessions: SessionView[] }>('/users/me/sessions')).data.sessions });

export const useAccountSecurity = () => useQuery(accountSecurityQuery());
export const useOpenSessions = () => useQuery(sessionsQuery());
export const useStaffSecurity = () =>
  useQuery({ queryKey: keys.staff(), queryFn: async () => (await api.get<{ staff: StaffSecurityRow[] }>('/admin/staff/security')).data.staff });
export const useSecurityPolicy = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: keys.policy(),
    queryFn: async () => (await api.get<{ staff_second_step_required: boolean; always_required_for: string[] }>('/admin/settings/security')).data,
  });

function useRefreshing<T, V>(fn: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: queryRoots.auth }) });
}

export const startTotp = async () => (await api.post<TotpSetup>('/users/me/totp', undefined, quiet)).data;
export const useConfirmTotp = () => useRefreshing(async (code: string) => (await api.post<{ recovery_codes: string[] }>('/users/me/totp/confirm', { code }, quiet)).data);
export const useRemoveTotp = () => useRefreshing(async (password: string) => (await api.post<Message>('/users/me/totp/remove', { password }, quiet)).data);
export const useNewRecoveryCodes = () =>
  useRefreshing(async (password: string) => (await api.post<{ recovery_codes: string[] }>('/users/me/recovery-codes', { password }, quiet)).data);

/** Asks the browser to create a passkey for this account and saves it under the given name. */
export const useAddPasskey = () =>
  useRefreshing(async (name: string) => {
    const { data: start } = await api.post<{ challenge_id: string; options: Record<string, unknown> }>('/users/me/passkeys/options', undefined, quiet);
    const response = await startRegistration({ optionsJSON: start.options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
    return (await api.post<Message>('/users/me/passkeys', { challenge_id: start.challenge_id, response, name }, quiet)).data;
  });
export const useRemovePasskey = () => useRefreshing(async (id: number) => (await api.delete<Message>(`/users/me/passkeys/${id}`, quiet)).data);

export const useEndSession = () => useRefreshing(async (id: string) => (await api.delete<Message>(`/users/me/sessions/${id}`, quiet)).data);
export const useEndOtherSessions = () => useRefreshing(async () => (await api.post<Message>('/users/me/sessions/end-others', undefined, quiet)).data);

export const useEndStaffSessions = () => useRefreshing(async (id: number) => (await api.post<Message>(`/admin/users/${id}/sessions/end`, undefined, quiet)).data);
export const useResetStaffSecondStep = () => useRefreshing(async (id: number) => (await api.post<Message>(`/admin/users/${id}/second-step/reset`, undefined, quiet)).data);
export const useSavePolicy = () =>
  useRefreshing(async (required: boolean) => (await api.put('/admin/settings/security', { staff_second_step_required: required }, quiet)).data);
