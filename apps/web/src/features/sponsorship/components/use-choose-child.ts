// "Apadrinar" and "Donde más se necesite": hold the place, keep the hold for the next page, go there.
import { useNavigate } from 'react-router';
import type { HoldResponse } from '@donaciones/shared/schemas/sponsorship';
import { getErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useHold } from '../api/sponsorship';

const HOLD_KEY = 'apadrina.reserva';

export function readHold(): HoldResponse | null {
  try {
    const raw = window.sessionStorage.getItem(HOLD_KEY);
    return raw ? (JSON.parse(raw) as HoldResponse) : null;
  } catch {
    return null;
  }
}

/** This tab's hold of the child `childId`, while it still holds the place. */
export function liveHoldOf(childId: number): HoldResponse | null {
  const hold = readHold();
  return hold && hold.child.id === childId && new Date(hold.heldUntil).getTime() > Date.now() ? hold : null;
}

export function forgetHold() {
  window.sessionStorage.removeItem(HOLD_KEY);
  window.sessionStorage.removeItem(DETAILS_KEY);
}

const DETAILS_KEY = 'apadrina.reserva.datos';

/** What the sponsor typed on the held place's form (never a card's digits), kept for a reload of that tab. */
export interface HoldDetails {
  donorName: string;
  email: string;
  paymentMethod: string;
}

/** The details typed for this hold, or null (another hold's, or none). */
export function readHoldDetails(holdToken: string): HoldDetails | null {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(DETAILS_KEY) ?? 'null') as (HoldDetails & { holdToken: string }) | null;
    return saved && saved.holdToken === holdToken ? saved : null;
  } catch {
    return null;
  }
}

export function saveHoldDetails(holdToken: string, details: HoldDetails) {
  window.sessionStorage.setItem(DETAILS_KEY, JSON.stringify({ holdToken, ...details }));
}

export function useChooseChild() {
  const hold = useHold();
  const navigate = useNavigate();
  const choose = (childId: number | null) =>
    hold.mutate({ childId, replaces: readHold()?.holdToken }, {
      onSuccess: (answer) => {
        window.sessionStorage.setItem(HOLD_KEY, JSON.stringify(answer));
        void navigate(paths.apadrinaStart);
      },
    });
  return { choose, pending: hold.isPending, error: hold.isError ? getErrorMessage(hold.error, 'No pudimos reservar el lugar.') : null };
}
