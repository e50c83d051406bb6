// One of the donor's own gifts inside the donor area (/donor/donations/{id}, docs/product.md#screens-and-routes,
// decision 0083): the dashboard layout's menu stays, "Mis donaciones" current. What "Mis donaciones" and the
// dashboard's recent donations open. Only the account's own gift (GET /users/me/donations/{id}), of any
// status, cancelled from here while pending; another's is not found. Its heading gives the day "Mis
// donaciones" gives it: when it completed, or when it was made while it has not (decision 0076).
// "Volver a …" returns to the page it was opened from, its filter and page kept (decision 0082): "Mi panel",
// else "Mis donaciones"; an unknown id goes back there too.
import { useLocation } from 'react-router';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import { memberMessages } from '@donaciones/shared/messages/member';
import { navMessages } from '@donaciones/shared/messages/shell';
import { readBack } from '@/lib/back-link';
import { paths } from '@/lib/paths';
import { useRouteId } from '@/lib/route-id';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOwnDonation } from '../api/get-own-donation';
import { type BackLink, DonationRecord, DonationRecordSkeleton, useLeaveOnFailure } from '../components/donation-record';

const t = donationsMessages.detail;

/** The donor's own pages that open their gifts here, each named as the donor knows it. */
const BACK_LABELS = {
  [paths.donorDonations]: t.backTo(memberMessages.donations.title),
  [paths.dashboard]: t.backTo(navMessages.donor[0]),
} as const;

/** The page the gift was opened from (its filter and page kept); opened any other way (a new tab, an address), "Mis donaciones". */
function useBackLink(): BackLink {
  const back = readBack(useLocation().state, Object.keys(BACK_LABELS) as (keyof typeof BACK_LABELS)[]);
  return back ? { to: back.to, label: BACK_LABELS[back.pathname] } : { to: paths.donorDonations, label: BACK_LABELS[paths.donorDonations] };
}

export default function DonorDonationPage() {
  const id = useRouteId();
  const query = useOwnDonation(id);
  const back = useBackLink();
  useDocumentTitle(id ? t.heading(id) : null);
  useLeaveOnFailure(id, query, back.to);

  return query.data ? <DonationRecord donation={query.data} back={back} date="own" /> : <DonationRecordSkeleton />;
}
