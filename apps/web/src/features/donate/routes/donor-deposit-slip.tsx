// /donor/donations/{id}/boleta (docs/product.md#bank-deposits): the slip upload and status of one of the
// signed-in donor's deposits, inside the donor area ("Mis donaciones" current), as its gift's page is
// (decision 0083). "Volver a Mis donaciones" returns to the list's filter and page it was opened from.
import { Link, useLocation } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import { navMessages } from '@donaciones/shared/messages/shell';
import { readBack } from '@/lib/back-link';
import { paths } from '@/lib/paths';
import { useRouteId } from '@/lib/route-id';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DepositSlipBody } from '../components/deposit-slip-body';

export default function DonorDepositSlipPage() {
  useDocumentTitle(depositMessages.upload.pageTitle);
  const id = useRouteId();
  const back = readBack(useLocation().state, [paths.donorDonations])?.to ?? paths.donorDonations;

  return (
    <>
      <Link to={back} className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {donationsMessages.detail.backTo(navMessages.donor[1])}
      </Link>
      <div className="mt-4 max-w-3xl rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-8">
        <DepositSlipBody depositRef={id ? { donationId: id } : null} />
      </div>
    </>
  );
}
