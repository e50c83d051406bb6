// /boleta (docs/product.md#bank-deposits): a bank deposit's instructions, slip upload and status,
// opened without signing in by the signed link of its email (`?token=`), or by the signed-in donor
// from the donor area (`?donacion=<id>`).
import { useSearchParams } from 'react-router';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { httpMessages } from '@donaciones/shared/messages/shell';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorStatus } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type DepositRef, useDeposit } from '../api/deposits';
import { DepositPanel } from '../components/deposit-panel';

const m = depositMessages.upload;

function refOf(params: URLSearchParams): DepositRef | null {
  const token = params.get('token');
  if (token) return { token };
  const id = Number(params.get('donacion'));
  return Number.isSafeInteger(id) && id > 0 ? { donationId: id } : null;
}

export default function DepositSlipPage() {
  useDocumentTitle(m.pageTitle);
  const [params] = useSearchParams();
  const ref = refOf(params);
  const deposit = useDeposit(ref);
  const status = deposit.error ? getErrorStatus(deposit.error) : undefined;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="text-sm font-bold tracking-wider text-accent-700 uppercase">{m.pageTitle}</p>
      <div className="mt-4 rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-8">
        {!ref || status === 400 || status === 401 || status === 403 || status === 404 ? (
          <div role="alert">
            <h1 className="text-2xl font-semibold">{m.pageTitle}</h1>
            <p className="mt-3 text-ink-700">{m.linkInvalid}</p>
          </div>
        ) : deposit.isError ? (
          <ErrorState message={httpMessages.generic} onRetry={() => void deposit.refetch()} retrying={deposit.isFetching} />
        ) : !deposit.data ? (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-24" />
            <Skeleton className="h-40" />
          </div>
        ) : (
          <DepositPanel
            key={deposit.data.donation.id}
            status={deposit.data}
            token={'token' in ref ? ref.token : null}
            headingLevel="h1"
            inDonorArea={'donationId' in ref}
          />
        )}
      </div>
    </div>
  );
}
