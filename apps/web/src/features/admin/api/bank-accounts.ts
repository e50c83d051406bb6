// GET/PUT /admin/settings/bank-accounts (ADMIN): the organisation's accounts shown to donors who give
// by bank deposit (docs/product.md#bank-deposits).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BankAccountsSettings } from '@donaciones/shared/schemas/deposits';
import { api } from '@/lib/api-client';
import { systemKeys, useRefreshContent } from './system-keys';

const bankAccountsKey = () => [...systemKeys.all, 'bank-accounts'] as const;

export async function getBankAccounts(): Promise<BankAccountsSettings> {
  const { data } = await api.get<BankAccountsSettings>('/admin/settings/bank-accounts', { skipErrorToast: true });
  return data;
}

export function useBankAccounts() {
  return useQuery({ queryKey: bankAccountsKey(), queryFn: getBankAccounts });
}

export async function updateBankAccounts(values: BankAccountsSettings): Promise<BankAccountsSettings> {
  const { data } = await api.put<BankAccountsSettings>('/admin/settings/bank-accounts', values, { skipErrorToast: [400] });
  return data;
}

export function useUpdateBankAccounts() {
  const refresh = useRefreshContent();
  // The public site carries the visible accounts for the deposit instructions: refreshed too.
  return useMutation({ mutationFn: updateBankAccounts, onSuccess: () => refresh(bankAccountsKey()) });
}
