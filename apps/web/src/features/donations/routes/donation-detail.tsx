// One donation in the public layout (/donations/{id}, docs/product.md#screens-and-routes): what the public
// list, /stats and a shared link open. Anyone sees a completed gift, masked; staff and the signed-in owner
// see it in full and, while it is pending, may act on it. Its day is the day it was made, as the public list
// gives it. "Volver a donaciones" returns to the public list, and an unknown id goes back there.
// The donor's own gift opens in the donor area instead (/donor/donations/{id}, donor-donation.tsx).
import { donationsMessages } from '@donaciones/shared/messages/donations';
import { paths } from '@/lib/paths';
import { useRouteId } from '@/lib/route-id';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDonation } from '../api/get-donation';
import { DonationRecord, DonationRecordSkeleton, useLeaveOnFailure } from '../components/donation-record';
import { PageFrame } from '../components/page-frame';

const t = donationsMessages.detail;
const back = { to: paths.donations, label: t.back };

export default function DonationDetailPage() {
  const id = useRouteId();
  const query = useDonation(id);
  useDocumentTitle(id ? t.heading(id) : null);
  useLeaveOnFailure(id, query, back.to);

  return <PageFrame narrow>{query.data ? <DonationRecord donation={query.data} back={back} date="made" /> : <DonationRecordSkeleton />}</PageFrame>;
}
