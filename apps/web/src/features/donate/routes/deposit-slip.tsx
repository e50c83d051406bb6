// /boleta (docs/product.md#bank-deposits): a bank deposit's instructions, slip upload and status, opened
// without signing in by the signed link of its email (`?token=`), in the public layout. `?donacion=<id>`,
// the signed-in donor's address before the donor area had its own, leads to /donor/donations/{id}/boleta.
import { Navigate, useSearchParams } from 'react-router';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { depositSlipPath } from '@/lib/paths';
import { parseRouteId } from '@/lib/route-id';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DepositSlipBody } from '../components/deposit-slip-body';

const m = depositMessages.upload;

export default function DepositSlipPage() {
  useDocumentTitle(m.pageTitle);
  const [params] = useSearchParams();
  const token = params.get('token');
  const donationId = token ? null : parseRouteId(params.get('donacion') ?? undefined);
  if (donationId) return <Navigate to={depositSlipPath(donationId)} replace />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="text-sm font-bold tracking-wider text-accent-700 uppercase">{m.pageTitle}</p>
      <div className="mt-4 rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-8">
        <DepositSlipBody depositRef={token ? { token } : null} />
      </div>
    </div>
  );
}
