// A bank deposit's slip beside what the donor declared (docs/product.md#bank-deposits): the preview, which opens
// at full size in a dialog, or the PDF in a new tab; bank, date, slip number and amount; a warning when the
// amount is not the donation's; and the other donations the very same file was uploaded for.
import { useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Copy, FileText, ZoomIn } from 'lucide-react';
import { formatDay, formatMoney } from '@donaciones/shared/format';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import type { OfficeEntry } from '@donaciones/shared/schemas/admin';
import type { DepositSlipReview } from '@donaciones/shared/schemas/bank-statements';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { adminDonationDetailPath } from '@/lib/paths';
import { useSlipPreview } from '../api/donation-deposit';
import { openSlipFile, SlipViewer } from './slip-viewer';

const m = bankStatementsMessages.review;

function SlipPreview({ slip, reference }: { slip: DepositSlipReview; reference: string }) {
  const [zoomed, setZoomed] = useState(false);
  const preview = useSlipPreview(slip.attachment_id, slip.has_preview);

  return (
    <div className="flex flex-col items-start gap-2">
      {slip.has_preview &&
        (preview.data ? (
          <button
            type="button"
            onClick={() => setZoomed(true)}
            aria-label={m.slipZoom(reference)}
            className="group relative h-20 w-16 shrink-0 overflow-hidden rounded-xl border border-sand-200 bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <img src={preview.data} alt="" className="size-full object-cover" />
            <span className="absolute right-1 bottom-1 rounded-full bg-white/90 p-1 text-ink-700 shadow group-hover:bg-white" aria-hidden="true">
              <ZoomIn className="size-3.5" />
            </span>
          </button>
        ) : preview.isError ? null : (
          <Skeleton className="h-20 w-16 shrink-0" />
        ))}
      <Modal open={zoomed} onClose={() => setZoomed(false)} title={m.slipZoomTitle(reference)} size="lg">
        {zoomed && <SlipViewer slip={slip} reference={reference} />}
      </Modal>
    </div>
  );
}

/** What the donor declared, each label above its value so a narrow column never breaks a word. */
export function DeclaredData({ slip, currency }: { slip: DepositSlipReview; currency: string }) {
  const declared = [
    [m.declaredBank, slip.bank],
    [m.declaredDate, slip.deposit_date ? formatDay(slip.deposit_date) : null],
    [m.declaredSlip, slip.slip_number],
    [m.declaredAmount, slip.declared_amount != null ? formatMoney(slip.declared_amount, currency) : null],
  ] as const;
  return (
    <dl data-testid="declared-data" className="grid min-w-0 flex-1 grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-x-4 gap-y-2">
      {declared.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-ink-600">{label}</dt>
          <dd className="font-medium break-words text-ink-900 tabular-nums">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The warnings staff must see before deciding: a declared amount other than the gift's, a file used twice. */
export function SlipFlags({ slip, amount, currency }: { slip: DepositSlipReview; amount: number; currency: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-2 empty:hidden">
      {slip.amount_differs && slip.declared_amount != null && (
        <p className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-2 py-1.5 font-medium text-amber-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {m.amountDiffers(formatMoney(slip.declared_amount, currency), formatMoney(amount, currency))}
        </p>
      )}
      {slip.duplicates.length > 0 && (
        <div className="rounded-lg bg-red-50 px-2 py-1.5 text-red-900">
          <p className="flex items-start gap-1.5 font-medium">
            <Copy aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {m.duplicate}
          </p>
          <ul className="mt-1 ml-6 list-disc">
            {slip.duplicates.map((d) => (
              <li key={d.donation_id}>
                <Link to={adminDonationDetailPath(d.donation_id)} className="font-mono underline">
                  {d.reference_code}
                </Link>{' '}
                ({d.donor_name})
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * A deposit without a slip: one the office entered awaits none (who entered it and the bank's reference instead),
 * one made through /donate waits for its donor's. A transfer the office entered (`transfer`) never has one: its
 * reference is the transfer's.
 */
export function NoSlip({ office, transfer = false }: { office: OfficeEntry | null | undefined; transfer?: boolean }) {
  if (!office) return <p className="text-sm text-ink-600">{m.slipMissing}</p>;
  return (
    <div data-testid="office-entry" className="flex min-w-0 flex-col gap-2 text-left text-sm">
      <p className="font-medium text-ink-900">{m.officeEntered(office.entered_by)}</p>
      {office.reference && (
        <dl>
          <dt className="text-ink-600">{transfer ? m.transferReference : m.officeReference}</dt>
          <dd className="font-medium break-words text-ink-900 tabular-nums">{office.reference}</dd>
        </dl>
      )}
      <p className="text-ink-600">{transfer ? m.officeCheckTransfer : m.officeCheck}</p>
    </div>
  );
}

/** A slip in a row of "Depósitos y transferencias por verificar": its preview, the declared data and the warnings. */
export function DepositSlip({
  slip,
  office,
  transfer,
  reference,
  amount,
  currency,
}: {
  slip: DepositSlipReview | null | undefined;
  office?: OfficeEntry | null;
  /** A transfer the office entered, listed with the deposits: it has no slip, only its reference. */
  transfer?: boolean;
  reference: string;
  amount: number;
  currency: string;
}) {
  if (!slip) return <NoSlip office={office} transfer={transfer} />;
  return (
    <div className="flex min-w-0 flex-col gap-2 text-left text-sm">
      <div className="flex min-w-0 items-start gap-3">
        <SlipPreview slip={slip} reference={reference} />
        <DeclaredData slip={slip} currency={currency} />
      </div>
      {/* Below the data, not beside it: beside, the button's width squeezed the declared values to a letter a line. */}
      {slip.content_type === 'application/pdf' && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => void openSlipFile(slip.attachment_id)} icon={<FileText aria-hidden="true" className="size-4" />}>
          {m.slipOpenPdf}
        </Button>
      )}
      <SlipFlags slip={slip} amount={amount} currency={currency} />
    </div>
  );
}
