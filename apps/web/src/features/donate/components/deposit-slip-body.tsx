// The body of a bank deposit's slip page (docs/product.md#bank-deposits): its instructions, the upload and
// the status, or why it cannot be shown. The public /boleta (by the email's signed link) and the donor
// area's /donor/donations/{id}/boleta render it.
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { httpMessages } from '@donaciones/shared/messages/shell';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorStatus } from '@/lib/api-client';
import { type DepositRef, useDeposit } from '../api/deposits';
import { DepositPanel } from './deposit-panel';

const m = depositMessages.upload;

export function DepositSlipBody({ depositRef }: { depositRef: DepositRef | null }) {
  const deposit = useDeposit(depositRef);
  const status = deposit.error ? getErrorStatus(deposit.error) : undefined;

  if (!depositRef || status === 400 || status === 401 || status === 403 || status === 404) {
    return (
      <div role="alert">
        <h1 className="text-2xl font-semibold">{m.pageTitle}</h1>
        <p className="mt-3 text-ink-700">{m.linkInvalid}</p>
      </div>
    );
  }
  if (deposit.isError) return <ErrorState message={httpMessages.generic} onRetry={() => void deposit.refetch()} retrying={deposit.isFetching} />;
  if (!deposit.data) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-24" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  return (
    <DepositPanel
      key={deposit.data.donation.id}
      status={deposit.data}
      token={'token' in depositRef ? depositRef.token : null}
      headingLevel="h1"
      inDonorArea={'donationId' in depositRef}
    />
  );
}
