// The checkout's success dialog (docs/product.md#screens-and-routes): organisation, the charge in parts
// (gift + commission + IVA = charged, as before paying), the server's reference,
// the masked card, the organisation's phone, and that the receipt arrives by email (docs/product.md#receipts).
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CircleCheck, HeartHandshake, Mail, Phone } from 'lucide-react';
import { formatMoney } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { CARD_BRAND_LABELS, chargedBreakdown, maskCard, type CardBrand } from '@donaciones/shared/schemas/donate';
import { type PaymentSettings, demoProvider } from '@donaciones/shared/schemas/payments';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { cn } from '@/lib/cn';
import { profilePreferencesPath } from '@/lib/paths';
import { telHref } from '@/lib/public-site';
import { ChargeBreakdown } from './charge-breakdown';

const d = donateMessages;

export type SuccessDonation = Omit<PublicDonationResponse, 'payment_provider'> & { payment_provider: string | null };

export interface SuccessDialogProps {
  /** The recorded gift; on the return page of a hosted checkout its provider is the status answer's name. */
  donation: SuccessDonation | null;
  organization: { name: string; phone: string; email: string };
  /** The IVA rate that splits a covered fee, and the dollar's reference rate; null while unknown. */
  payments: PaymentSettings | null;
  onAnother: () => void;
  onClose: () => void;
  /** The first payment of a monthly gift: the title and the amount say so. */
  monthly?: boolean;
}

// eslint-disable-next-line max-lines-per-function -- the dialog's content in reading order (thanks, charge in parts, reference, card, contact); /donate's first load is near its 130 KB budget (bench/web-load.ts, e2e/bundle-budget.spec.ts), so features/donate is not restructured
export function SuccessDialog({ donation, organization, payments, onAnother, onClose, monthly = false }: SuccessDialogProps) {
  const anotherRef = useRef<HTMLButtonElement>(null);
  const open = donation !== null;

  // The dialog has its own 'Cerrar' button (no corner X), and Escape closes it like that button. The
  // Modal, not dismissible, stops Escape at the document (capture phase), so this listens on window,
  // whose capture phase runs first.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, onClose]);

  const rows = donation
    ? [
        { label: d.successOrganization, value: organization.name },
        // With a covered fee or in dollars the amount is shown in parts, across the row.
        donation.covered_fee > 0 || donation.currency === 'USD'
          ? {
              label: d.successAmount,
              value: (
                <ChargeBreakdown
                  className="font-normal"
                  charge={chargedBreakdown(donation, payments)}
                  currency={donation.currency}
                  paid
                  rate={payments}
                  suffix={monthly ? ` ${monthlyMessages.perMonthSuffix}` : ''}
                  testId="success-charge"
                />
              ),
              testId: 'success-amount',
              wide: true,
            }
          : {
              label: d.successAmount,
              value: monthly ? monthlyMessages.perMonth(formatMoney(donation.amount, donation.currency)) : formatMoney(donation.amount, donation.currency),
              testId: 'success-amount',
            },
        { label: d.successReference, value: donation.reference_code, testId: 'success-reference', mono: true },
        ...(donation.card_last4
          ? [{ label: d.successCard, value: `${CARD_BRAND_LABELS[(donation.card_brand ?? 'other') as CardBrand]} ${maskCard(donation.card_last4)}`, testId: 'success-card', mono: true }]
          : []),
      ]
    : [];

  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={false}
      initialFocus={anotherRef}
      title={
        <span className="flex items-center gap-3">
          <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-brand-600" />
          {monthly ? monthlyMessages.successTitle : d.successTitle}
        </span>
      }
      description={monthly ? monthlyMessages.successBody : d.successBody}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {d.close}
          </Button>
          <Button ref={anotherRef} onClick={onAnother} icon={<HeartHandshake aria-hidden="true" className="size-4" />}>
            {d.another}
          </Button>
        </>
      }
    >
      {demoProvider(donation?.payment_provider) && (
        <p className="mb-4 rounded-2xl bg-amber-50 p-3 text-sm font-semibold text-amber-900 ring-1 ring-amber-200" data-testid="demo-note">
          {d.demoNote}
        </p>
      )}
      <dl className="divide-y divide-sand-200 rounded-2xl bg-sand-50 px-4 ring-1 ring-sand-200">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-3">
            <dt className="text-sm text-ink-600">{row.label}</dt>
            <dd
              data-testid={row.testId}
              className={cn(row.mono ? 'text-base font-bold tracking-wide text-ink-900 tabular-nums' : 'text-base font-semibold text-ink-900', 'wide' in row && row.wide && 'basis-full')}
            >
              {row.value}
            </dd>
          </div>
        ))}
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-3">
          <dt className="text-sm text-ink-600">{d.successPhone}</dt>
          <dd>
            <a href={telHref(organization.phone)} className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:underline">
              <Phone aria-hidden="true" className="size-4" />
              {organization.phone}
            </a>
          </dd>
        </div>
      </dl>
      <p className="mt-4 flex items-start gap-2.5 rounded-2xl bg-accent-50 p-4 text-sm text-accent-900 ring-1 ring-accent-200" data-testid="receipt-note">
        <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {d.receiptNote.before}
          <Link to={profilePreferencesPath} className="font-semibold underline underline-offset-2 hover:text-accent-950">
            {d.receiptNote.place}
          </Link>
          {d.receiptNote.after}
        </span>
      </p>
    </Modal>
  );
}
