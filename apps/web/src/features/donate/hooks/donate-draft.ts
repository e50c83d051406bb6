// What survives a reload of the /donate tab (sessionStorage): the amount, the choices and the donor's
// details, never the card number, its expiry or the CVC.
import type { DonateDetailsInput } from '@donaciones/shared/schemas/donate';
import type { DonationFrequency } from '@donaciones/shared/schemas/monthly';
import type { PaymentCurrency } from '@donaciones/shared/schemas/payments';
import type { SessionUser } from '@/lib/session';

export interface Draft {
  preset: number | null;
  customAmount: string;
  currency: PaymentCurrency;
  coverFees: boolean;
  frequency: DonationFrequency;
  anonymous: boolean;
  programId: number | null;
  details: Pick<DonateDetailsInput, 'donorName' | 'email' | 'phone' | 'nit'>;
}
const DRAFT_KEY = 'donar:borrador';

export function readDraft(): Partial<Draft> {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Draft>) : {};
  } catch {
    return {};
  }
}

export function saveDraft(draft: Draft | null) {
  try {
    if (draft) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage may be full or disabled; the flow works without it.
  }
}

export const draftText = (value: unknown) => (typeof value === 'string' ? value : '');

/** The details step's empty form, with a signed-in donor's name, email and NIT or CUI (docs/product.md#validation-rules). */
export function emptyDetails(user: SessionUser | null): DonateDetailsInput {
  return {
    donorName: user ? [user.first_name, user.last_name].filter(Boolean).join(' ').trim() : '',
    email: user?.email ?? '',
    phone: '',
    cardNumber: '',
    expiryDate: '',
    cvc: '',
    nit: user?.nit ?? '',
    acceptTerms: true,
  };
}

/** The details the draft kept, over the empty form. */
export function draftDetails(draft: Partial<Draft>, user: SessionUser | null): DonateDetailsInput {
  const kept = (['donorName', 'email', 'phone', 'nit'] as const).filter((k) => draftText(draft.details?.[k])).map((k) => [k, draftText(draft.details?.[k])]);
  return { ...emptyDetails(user), ...Object.fromEntries(kept) };
}
