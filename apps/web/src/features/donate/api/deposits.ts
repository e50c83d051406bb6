// Bank deposits, donor side (docs/product.md#bank-deposits): a deposit's status by its signed link or
// by its owner, and the slip upload (the file as the raw body, its declared data in the query).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositStatus, PublicBankAccount, SlipForm } from '@donaciones/shared/schemas/deposits';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const depositKeys = {
  byToken: (token: string) => [...queryRoots.deposit, 'token', token] as const,
  byId: (id: number) => [...queryRoots.deposit, 'id', id] as const,
};

/** The deposit a link or the donor area opens: `token` (no sign-in) or the signed-in owner's donation id. */
export type DepositRef = { token: string } | { donationId: number };

export async function getDeposit(ref: DepositRef): Promise<DepositStatus> {
  const { data } =
    'token' in ref
      ? await api.get<DepositStatus>('/deposit', { params: { token: ref.token }, skipErrorToast: [400, 403, 404] })
      : await api.get<DepositStatus>(`/donations/${ref.donationId}/deposit`, { skipErrorToast: [403, 404] });
  return data;
}

export function useDeposit(ref: DepositRef | null) {
  return useQuery({
    queryKey: ref ? ('token' in ref ? depositKeys.byToken(ref.token) : depositKeys.byId(ref.donationId)) : [...queryRoots.deposit, 'none'],
    queryFn: () => getDeposit(ref!),
    enabled: ref !== null,
    retry: false,
  });
}

export interface SlipUpload {
  donationId: number;
  file: File;
  fields: SlipForm;
  /** The signed link's token; absent when the owner is signed in. */
  token?: string | null;
  /** The bytes of the file sent so far and their total, while it goes up. */
  onProgress?: (sent: number, total: number) => void;
}

export async function uploadSlip({ donationId, file, fields, token, onProgress }: SlipUpload): Promise<DepositStatus> {
  const { data } = await api.post<DepositStatus>(`/donations/${donationId}/slip`, file, {
    params: { ...fields, fileName: file.name, ...(token ? { token } : {}) },
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: 120_000,
    onUploadProgress: onProgress,
    // The form shows every failure itself: a refusal next to its field, anything else (a connection
    // cut mid-upload included) above the button, with the file still chosen for another try.
    skipErrorToast: true,
  });
  return data;
}

export function useUploadSlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSlip,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryRoots.deposit }), queryClient.invalidateQueries({ queryKey: queryRoots.member })]),
  });
}

/** The status of a deposit just recorded by /donate: pending, no slip yet, the site's accounts. */
export function depositStatusOf(donation: PublicDonationResponse, accounts: PublicBankAccount[], donorName: string): DepositStatus {
  return {
    donation: {
      id: donation.id,
      reference_code: donation.reference_code,
      donor_name: donorName,
      amount_cents: Math.round(donation.amount * 100),
      currency: donation.currency,
      status: 'pending',
      created_at: donation.created_at,
    },
    accepts_slips: true,
    slips: [],
    accounts,
  };
}
