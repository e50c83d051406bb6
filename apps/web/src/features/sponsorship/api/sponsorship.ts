// Children's sponsorship (docs/product.md#sponsorship): the public waiting list and profile, the hold
// and the sponsor's start, "Mi ahijado/a", and the staff's child records.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChildInput,
  ChildStatusInput,
  ConsentInput,
  HoldResponse,
  MySponsorships,
  PublicChild,
  PublicChildrenQuery,
  PublicChildrenResponse,
  SponsorStart,
  StaffChild,
  StaffChildDetail,
} from '@donaciones/shared/schemas/sponsorship';
import type { SponsorTransferInstructions } from '@donaciones/shared/schemas/sponsorship-transfer';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const sponsorshipKeys = {
  /** Every filter's waiting list, to read again when a child in it turned out to be taken. */
  waitingAll: () => ['public', 'sponsorship', 'children'] as const,
  waiting: (q: PublicChildrenQuery) => ['public', 'sponsorship', 'children', q] as const,
  child: (id: number) => ['public', 'sponsorship', 'child', id] as const,
  mine: () => [...queryRoots.member, 'sponsorships'] as const,
  staffList: () => [...queryRoots.admin, 'sponsorship', 'children'] as const,
  staffChild: (id: number) => [...queryRoots.admin, 'sponsorship', 'child', id] as const,
  photo: (url: string) => [...queryRoots.member, 'sponsorship-photo', url] as const,
};

export function useWaitingChildren(q: PublicChildrenQuery) {
  return useQuery(
    queryOptions({
      queryKey: sponsorshipKeys.waiting(q),
      queryFn: async () => (await api.get<PublicChildrenResponse>('/sponsorship/children', { params: q, skipErrorToast: true })).data,
    }),
  );
}

/** `null`: the page's address names no child, and nothing is asked. */
export function usePublicChild(id: number | null) {
  return useQuery({
    queryKey: sponsorshipKeys.child(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await api.get<PublicChild>(`/sponsorship/children/${id}`, { skipErrorToast: true })).data,
  });
}

export function useHold() {
  return useMutation({
    // `replaces`: the hold this tab had, whose place goes back to the list when another child is chosen.
    mutationFn: async ({ childId, replaces }: { childId: number | null; replaces?: string }) =>
      (await api.post<HoldResponse>('/sponsorship/holds', { childId, replaces }, { skipErrorToast: [404, 409] })).data,
  });
}

export interface StartAnswer {
  sponsorshipId: number;
  referenceCode: string;
  checkoutUrl: string | null;
  childFirstName: string;
  /** The instructions of a sponsorship by transfer (decision 0054); null by card. */
  transfer: SponsorTransferInstructions | null;
}

export function useStartSponsorship() {
  return useMutation({
    mutationFn: async ({ token, body }: { token: string; body: SponsorStart }) =>
      (await api.post<StartAnswer>(`/sponsorship/holds/${encodeURIComponent(token)}/start`, body, { skipErrorToast: [400, 402, 409] })).data,
  });
}

/** "Mi ahijado/a"; also read by the navigation of an account without DONOR (`enabled`), to offer the page to whoever has a sponsorship. */
export function useMySponsorships({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sponsorshipKeys.mine(),
    enabled,
    // The page shows its own error state; the navigation simply leaves the entry out.
    queryFn: async () => (await api.get<MySponsorships>('/member/sponsorships', { skipErrorToast: true })).data,
  });
}

/** Whether the account has anything to see in "Mi ahijado/a": a place held or active, or one that ended. */
export const hasSponsorships = (mine: MySponsorships | undefined) => mine != null && mine.sponsorships.length + mine.past.length > 0;

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer la foto'));
    reader.readAsDataURL(blob);
  });
}

/** A photo the API serves only with the bearer token (a sponsored child's, a staff one), as an object URL. */
export function usePhotoUrl(url: string | null) {
  return useQuery({
    queryKey: sponsorshipKeys.photo(url ?? ''),
    enabled: url !== null,
    staleTime: Infinity,
    // A data: URL: the page's CSP allows img-src data:, not blob:.
    queryFn: async () => dataUrlOf((await api.get<Blob>(url!.replace(/^\/api\/v1/, ''), { responseType: 'blob', skipErrorToast: true })).data),
  });
}

export function useStaffChildren() {
  return useQuery({ queryKey: sponsorshipKeys.staffList(), queryFn: async () => (await api.get<{ children: StaffChild[] }>('/admin/sponsorship/children')).data.children });
}

/** `null`: the page's address names no child, and nothing is asked. */
export function useStaffChild(id: number | null) {
  return useQuery({
    queryKey: sponsorshipKeys.staffChild(id ?? 0),
    enabled: id !== null,
    // The page says it itself ('No encontramos esta ficha.').
    queryFn: async () => (await api.get<StaffChildDetail>(`/admin/sponsorship/children/${id}`, { skipErrorToast: true })).data,
  });
}

/** Every staff change answers the child's whole record, which replaces the cached one. */
function useStaffChange<V>(send: (v: V) => Promise<StaffChildDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => {
      client.setQueryData(sponsorshipKeys.staffChild(detail.child.id), detail);
      void client.invalidateQueries({ queryKey: sponsorshipKeys.staffList() });
    },
  });
}

const quiet = { skipErrorToast: [400, 404, 413, 415] };
export const useCreateChild = () => useStaffChange(async (input: ChildInput) => (await api.post<StaffChildDetail>('/admin/sponsorship/children', input, quiet)).data);
export const useUpdateChild = (id: number) => useStaffChange(async (input: ChildInput) => (await api.put<StaffChildDetail>(`/admin/sponsorship/children/${id}`, input, quiet)).data);
export const useChildStatus = (id: number) =>
  useStaffChange(async (input: ChildStatusInput) => (await api.post<StaffChildDetail>(`/admin/sponsorship/children/${id}/status`, input, quiet)).data);
export const useAddConsent = (id: number) =>
  useStaffChange(async (input: ConsentInput) => (await api.post<StaffChildDetail>(`/admin/sponsorship/children/${id}/consents`, input, quiet)).data);
export const useAddPhoto = (id: number) =>
  useStaffChange(
    async (file: File) =>
      (await api.post<StaffChildDetail>(`/admin/sponsorship/children/${id}/photos`, file, { headers: { 'Content-Type': 'application/octet-stream' }, timeout: 120_000, ...quiet })).data,
  );
/** Withdraws a consent (204): the record is read again, since what it covered is hidden from now on. */
export function useRevokeConsent(childId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (consentId: number) => {
      await api.post(`/admin/sponsorship/consents/${consentId}/revoke`, undefined, { skipErrorToast: true });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sponsorshipKeys.staffChild(childId) });
      void client.invalidateQueries({ queryKey: sponsorshipKeys.staffList() });
    },
  });
}
