// Where the payment provider's checkout returns (docs/product.md#payments): `?ref=<reference>`, and
// `&cancelado=1` when the donor left the checkout. Shows "procesando" until the donation is final
// (the server asks the provider while it is pending), then the success dialog, a clear failure with
// "Intentar de nuevo" (a new checkout for the same donation), or that the donor cancelled. The amount
// is shown in parts (gift + commission + IVA = charged) as it was before paying.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CircleAlert, CircleX, RotateCcw } from 'lucide-react';
import { formatMoney, formatReceiptNumber } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { CARD_BRANDS, type CardBrand, chargedBreakdown } from '@donaciones/shared/schemas/donate';
import { type DonationPaymentStatus, paymentCurrency } from '@donaciones/shared/schemas/payments';
import { Button, ButtonLink } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { ErrorState } from '@/components/states';
import { getErrorStatus } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { usePublicSite } from '@/lib/public-site';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentStatus, useRetryPayment } from '../api/payment-status';
import { ChargeBreakdown } from '../components/charge-breakdown';
import { SuccessDialog, type SuccessDonation } from '../components/success-dialog';

const d = donateMessages;

/** The success dialog reads the shape of the donate answer; the status carries the same facts. */
function asDonation(status: DonationPaymentStatus): SuccessDonation {
  const brand = (CARD_BRANDS as readonly string[]).includes(status.card_network ?? '') ? (status.card_network as CardBrand) : 'other';
  return {
    id: 0,
    reference_code: status.reference_code,
    amount: status.amount,
    currency: paymentCurrency(status.currency),
    covered_fee: status.covered_fee,
    status: 'pending',
    card_last4: status.card_last4,
    card_brand: status.card_last4 ? brand : null,
    recurring_gift_id: null,
    payment_provider: status.payment_provider,
    checkout_url: null,
    created_at: '',
  };
}

// eslint-disable-next-line max-lines-per-function -- one switch over the return's outcomes (processing, success, failure, cancelled); /donate's first load is near its 130 KB budget (bench/web-load.ts, e2e/bundle-budget.spec.ts), so features/donate is not restructured
export default function DonateResultPage() {
  useDocumentTitle(d.resultTitle);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reference = params.get('ref');
  const cancelled = params.get('cancelado') === '1';
  const site = usePublicSite();
  const status = usePaymentStatus(reference, { poll: !cancelled });
  const retry = useRetryPayment();
  const [dialogOpen, setDialogOpen] = useState(true);
  const [redirecting, setRedirecting] = useState(false);

  const tryAgain = async () => {
    if (!reference) return;
    const reopened = await retry.mutateAsync(reference);
    if (reopened.checkout_url) {
      setRedirecting(true);
      window.location.assign(reopened.checkout_url);
    } else {
      await status.refetch();
    }
  };

  const data = status.data;
  const organization = site.data?.organization;
  const notFound = !reference || getErrorStatus(status.error) === 404 || getErrorStatus(status.error) === 400;

  let body: React.ReactNode;
  if (notFound) {
    body = <ErrorState message={d.resultNotFound} />;
  } else if (status.isError) {
    body = <ErrorState message={d.siteLoadError} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  } else if (!data || redirecting || (data.status === 'pending' && !cancelled)) {
    body = (
      <div className="flex flex-col items-center px-2 py-12 text-center" data-testid="result-processing">
        <Spinner size="lg" label={redirecting ? d.redirecting : d.resultProcessing} />
        <h2 className="mt-8 text-2xl font-semibold" aria-live="polite">
          {redirecting ? d.redirecting : d.resultProcessing}
        </h2>
        {!redirecting && <p className="mt-3 max-w-sm text-sm text-ink-600">{d.resultProcessingNote}</p>}
      </div>
    );
  } else {
    const payments = site.data?.payments ?? null;
    const amount =
      data.covered_fee > 0 || data.currency === 'USD' ? (
        <ChargeBreakdown className="min-w-56 font-normal" charge={chargedBreakdown(data, payments)} currency={data.currency} paid={data.status === 'completed'} rate={payments} testId="result-charge" />
      ) : (
        formatMoney(data.amount, data.currency)
      );
    const card = data.card_last4 ? `${data.card_network ?? ''} •••• ${data.card_last4}`.trim() : null;
    const facts = (
      <dl className="mt-6 w-full divide-y divide-sand-200 rounded-2xl bg-sand-50 px-4 text-left ring-1 ring-sand-200">
        {[
          { label: d.resultReference, value: data.reference_code, testId: 'result-reference' },
          { label: d.resultAmount, value: amount, testId: 'result-amount' },
          ...(card ? [{ label: d.resultCard, value: card, testId: 'result-card' }] : []),
          ...(data.receipt_number != null ? [{ label: d.resultReceipt, value: formatReceiptNumber(data.receipt_number, data.receipt_series), testId: 'result-receipt' }] : []),
        ].map((row) => (
          <div key={row.label} className="flex flex-wrap items-baseline justify-between gap-x-4 py-3">
            <dt className="text-sm text-ink-600">{row.label}</dt>
            <dd data-testid={row.testId} className="font-semibold text-ink-900 tabular-nums">
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    );
    const retryButton = (
      <Button size="lg" onClick={() => void tryAgain()} loading={retry.isPending} icon={<RotateCcw aria-hidden="true" className="size-5" />}>
        {d.retry}
      </Button>
    );
    if (data.status === 'completed') {
      body = (
        <div className="flex flex-col items-center px-2 py-8 text-center" data-testid="result-paid">
          <h2 className="text-2xl font-semibold">{d.resultPaidTitle}</h2>
          {facts}
          <ButtonLink to={paths.donate} variant="outline" size="lg" className="mt-6">
            {d.backToDonate}
          </ButtonLink>
        </div>
      );
    } else if (data.status === 'pending' && cancelled) {
      body = (
        <div className="flex flex-col items-center px-2 py-8 text-center" data-testid="result-cancelled" role="status">
          <CircleAlert aria-hidden="true" className="size-12 text-accent-700" />
          <h2 className="mt-4 text-2xl font-semibold">{d.resultCancelledTitle}</h2>
          <p className="mt-2 max-w-md text-ink-600">{d.resultCancelledNote}</p>
          {facts}
          <div className="mt-6">{retryButton}</div>
        </div>
      );
    } else if (data.status === 'failed') {
      body = (
        <div className="flex flex-col items-center px-2 py-8 text-center" data-testid="result-failed" role="alert">
          <CircleX aria-hidden="true" className="size-12 text-red-700" />
          <h2 className="mt-4 text-2xl font-semibold">{d.resultFailedTitle}</h2>
          {data.failure_reason && <p className="mt-2 max-w-md font-semibold text-red-800">{data.failure_reason}</p>}
          <p className="mt-2 max-w-md text-ink-600">{d.resultFailedNote}</p>
          {facts}
          <div className="mt-6">{retryButton}</div>
        </div>
      );
    } else {
      body = (
        <div className="flex flex-col items-center px-2 py-8 text-center" data-testid="result-closed">
          <h2 className="text-2xl font-semibold">{data.status === 'refunded' ? d.resultRefundedTitle : d.resultExpiredTitle}</h2>
          {facts}
          <ButtonLink to={paths.donate} variant="outline" size="lg" className="mt-6">
            {d.backToDonate}
          </ButtonLink>
        </div>
      );
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold">{d.resultTitle}</h1>
      <div className="mt-6 rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-8">{body}</div>
      {organization && data?.status === 'completed' && (
        <SuccessDialog
          donation={dialogOpen ? asDonation(data) : null}
          organization={organization}
          payments={site.data?.payments ?? null}
          onAnother={() => void navigate(paths.donate)}
          onClose={() => setDialogOpen(false)}
        />
      )}
    </div>
  );
}
