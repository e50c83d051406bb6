// The public checkout's page (docs/product.md#screens-and-routes, #public-donation-flow): the steps'
// frame, the side column and the dialogs; the flow itself is useDonateFlow (hooks/use-donate-flow.ts)
// and each step a component. Simulated provider: only the card's last 4 digits and brand leave the
// browser. With a payment provider (docs/product.md#payments) no card field is shown: the browser goes
// to the provider's checkout page and comes back to /donate/resultado. What was typed, except the
// card, is kept in sessionStorage (hooks/donate-draft.ts), so a reload keeps it too.
import { lazy, Suspense, useEffect } from 'react';
import { HandHeart } from 'lucide-react';
import { formatMoney, toCents } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { navMessages } from '@donaciones/shared/messages/shell';
import { chargedBreakdown, checkoutCharge } from '@donaciones/shared/schemas/donate';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AmountStep } from '../components/amount-step';
import { LoadedDetailsStep, loadDetailsStep, useDetailsStepReady } from '../components/details-step-loader';
import { DonateAside } from '../components/donate-aside';
import { DonateStepper } from '../components/donate-stepper';
import { ProcessingStep } from '../components/processing-step';
import { type DonateFlow, useDonateFlow } from '../hooks/use-donate-flow';

const d = donateMessages;

// What shows only once a gift is recorded is loaded when the donor reaches the details step, not on
// the checkout's first visit (docs/performance.md, "Web first load").
const loadDepositRecorded = () => import('../components/deposit-recorded');
const loadSuccessDialog = () => import('../components/success-dialog');
const DepositRecorded = lazy(loadDepositRecorded);
const DuplicateMonthlyDialog = lazy(() => import('../components/duplicate-monthly-dialog'));
// Only when the settings offer the programmes (docs/product.md#designation), so /donate's first load does not carry it.
const ProgramChoice = lazy(() => import('../components/program-choice'));
const SuccessDialog = lazy(() => loadSuccessDialog().then((module) => ({ default: module.SuccessDialog })));

/** Step 2's code, fetched on the donor's first touch of step 1 rather than with the page. */
const preloadDetails = () => void loadDetailsStep().catch(() => undefined);

export default function DonatePage() {
  useDocumentTitle(navMessages.donate);
  const flow = useDonateFlow();
  const { site, choices, donation } = flow;
  const { step, panelRef } = flow.steps;
  const stepNumber = step === 'amount' ? 1 : step === 'details' ? 2 : 3;
  const organization = site.data?.organization;
  const monthly = choices.frequency === 'monthly';
  const deposit = choices.method === 'bank_deposit';
  useEffect(() => {
    if (step === 'amount') return;
    void (deposit ? loadDepositRecorded() : loadSuccessDialog());
  }, [step, deposit]);

  return (
    <>
      <section className="border-b border-sand-200 bg-gradient-to-b from-sand-100 to-sand-50">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-8 sm:px-6 lg:px-8">
          <p className="inline-flex items-center gap-2 text-sm font-bold tracking-wider text-accent-700 uppercase">
            <HandHeart aria-hidden="true" className="size-4" />
            {organization?.name ?? <span aria-hidden="true" className="inline-block h-4 w-48 animate-pulse rounded-lg bg-sand-200/80" />}
          </p>
          <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{d.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-ink-600">{d.subtitle}</p>
          <div className="mt-8 max-w-xl">
            <DonateStepper current={stepNumber} />
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8">
        <div ref={panelRef} onPointerDownCapture={preloadDetails} onFocusCapture={preloadDetails} className="self-start rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-8">
          <p className="mb-4 text-sm font-semibold text-ink-500">{d.stepOf(stepNumber, 3)}</p>
          <DonatePanel flow={flow} />
        </div>
        <DonateAside site={site.data} amount={choices.amount} currency={choices.currency} frequency={choices.frequency} showSecureNote={step === 'amount'} />
      </div>

      {organization && step !== 'amount' && (
        <Suspense fallback={null}>
          <SuccessDialog
            donation={donation?.payment_method === 'bank_deposit' ? null : donation}
            organization={organization}
            payments={site.data?.payments ?? null}
            onAnother={flow.reset}
            onClose={flow.reset}
            monthly={monthly}
          />
        </Suspense>
      )}
      {flow.duplicateOf !== null && (
        <Suspense fallback={null}>
          <DuplicateMonthlyDialog
            amountPerMonth={monthlyMessages.perMonth(formatMoney(choices.amount, choices.currency))}
            onCancel={() => flow.setDuplicateOf(null)}
            onConfirm={flow.confirmDuplicate}
          />
        </Suspense>
      )}
    </>
  );
}

/** The card of the current step: loading, the amount, the details, processing, or the deposit's instructions. */
// eslint-disable-next-line max-lines-per-function -- one switch over the checkout's steps, each already a component; /donate's first load is near its 130 KB budget (bench/web-load.ts, e2e/bundle-budget.spec.ts), so features/donate is not restructured
function DonatePanel({ flow }: { flow: DonateFlow }) {
  const { site, choices, steps, form, donation } = flow;
  const system = site.data?.system;
  const payments = site.data?.payments ?? null;
  const monthly = choices.frequency === 'monthly';
  const detailsReady = useDetailsStepReady(steps.step === 'details');
  if (site.isError && !site.data) return <ErrorState message={d.siteLoadError} onRetry={() => void site.refetch()} retrying={site.isFetching} />;
  if (!system || (steps.step === 'details' && !detailsReady)) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-8 w-2/3" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-18" />
          ))}
        </div>
        <Skeleton className="h-11" />
        <Skeleton className="h-13" />
      </div>
    );
  }
  if (steps.step === 'amount') {
    return (
      <AmountStep
        preset={choices.preset}
        presets={choices.presets}
        customAmount={choices.customAmount}
        amount={choices.amount}
        currency={choices.currency}
        usdRate={site.data?.payments.usd_exchange_rate ?? 0}
        bounds={choices.bounds ?? { min: system.min_donation_amount, max: system.max_donation_amount }}
        error={choices.amountError}
        maintenance={system.maintenance_mode}
        frequency={choices.frequency}
        onFrequency={choices.setFrequency}
        onPreset={choices.choosePreset}
        onCustomAmount={choices.typeAmount}
        onContinue={steps.continueToDetails}
        headingRef={steps.headingRef}
        designation={
          choices.programs.length > 0 && (
            <Suspense fallback={<Skeleton className="mt-6 h-32" />}>
              <ProgramChoice programs={choices.programs} programId={choices.programId} onProgram={choices.chooseProgram} error={choices.programError} />
            </Suspense>
          )
        }
      />
    );
  }
  if (steps.step === 'details') {
    return (
      <LoadedDetailsStep
        form={form}
        amount={choices.amount}
        maintenance={system.maintenance_mode}
        monthly={monthly}
        payments={payments}
        currency={choices.currency}
        onCurrency={choices.chooseCurrency}
        convertedFrom={choices.converted}
        coverFees={choices.coverFees}
        onCoverFees={choices.setCoverFees}
        anonymous={choices.anonymous}
        onAnonymous={choices.setAnonymous}
        method={choices.method}
        onMethod={choices.chooseMethod}
        depositAvailable={choices.depositAvailable}
        bankAccounts={site.data?.bank_accounts ?? []}
        onBack={steps.backToAmount}
        onSubmit={flow.submitDetails}
        headingRef={steps.headingRef}
      />
    );
  }
  if (donation?.payment_method === 'bank_deposit') {
    return (
      <Suspense fallback={<Skeleton className="h-64" />}>
        <DepositRecorded donation={donation} bankAccounts={site.data?.bank_accounts ?? []} donorName={form.getValues('donorName')} emailedTo={form.getValues('email')} />
      </Suspense>
    );
  }
  const charge = donation ? chargedBreakdown(donation, payments) : checkoutCharge(toCents(choices.amount), choices.coverFees && !flow.deposit, payments);
  return (
    <ProcessingStep
      charge={charge}
      currency={donation?.currency ?? choices.currency}
      monthly={monthly}
      redirecting={flow.redirecting}
      rate={payments}
      donation={donation}
      headingRef={steps.headingRef}
    />
  );
}
