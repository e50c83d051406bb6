// Step 3 of /donate: "procesando" while the donation is recorded (or the browser leaves for the
// provider's page), then the recorded donation behind the success dialog. Both show the charge in
// parts (ChargeBreakdown), so the amount seen while processing is the one seen after paying.
import type { Ref } from 'react';
import { CircleCheck } from 'lucide-react';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import type { ChargeBreakdown as Charge, PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { PaymentSettings } from '@donaciones/shared/schemas/payments';
import { Spinner } from '@/components/spinner';
import { ChargeBreakdown } from './charge-breakdown';

const d = donateMessages;

export interface ProcessingStepProps {
  charge: Charge;
  currency: string;
  monthly: boolean;
  redirecting: boolean;
  rate: PaymentSettings | null;
  /** The recorded donation, once the processing time is over. */
  donation: PublicDonationResponse | null;
  headingRef: Ref<HTMLHeadingElement>;
}

export function ProcessingStep({ charge, currency, monthly, redirecting, rate, donation, headingRef }: ProcessingStepProps) {
  const breakdown = (
    <ChargeBreakdown
      className="mt-4 w-full max-w-sm text-left"
      charge={charge}
      currency={currency}
      paid={donation !== null}
      rate={rate}
      suffix={monthly ? ` ${monthlyMessages.perMonthSuffix}` : ''}
      testId="processing-charge"
    />
  );
  if (donation) {
    return (
      <div className="flex flex-col items-center px-2 py-12 text-center">
        <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <CircleCheck aria-hidden="true" className="size-10" />
        </span>
        <h2 className="mt-8 text-2xl font-semibold">{monthly ? monthlyMessages.successTitle : d.successTitle}</h2>
        {breakdown}
        <p className="mt-3 text-sm font-semibold text-ink-600 tabular-nums">{donation.reference_code}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center px-2 py-12 text-center">
      <span className="relative flex size-24 items-center justify-center">
        <span aria-hidden="true" className="absolute inset-0 animate-ping rounded-full bg-accent-200/60" />
        <span className="relative flex size-20 items-center justify-center rounded-full bg-white shadow-lift ring-1 ring-sand-200">
          <Spinner size="lg" label={d.processing} />
        </span>
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="mt-8 text-2xl font-semibold outline-none" aria-live="polite">
        {redirecting ? d.redirecting : d.processing}
      </h2>
      {breakdown}
      <p className="mt-3 max-w-sm text-sm text-ink-600">{d.processingNote}</p>
    </div>
  );
}
