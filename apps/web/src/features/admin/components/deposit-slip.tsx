// A bank deposit's slip beside what the donor declared (docs/product.md#bank-deposits): the preview, which opens
// larger in a dialog, or the PDF in a new tab; bank, date, slip number and amount; a warning when the
// amount is not the donation's; and the other donations the very same file was uploaded for.
import { useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Copy, FileText, ZoomIn } from 'lucide-react';
import { formatDay, formatMoney } from '@donaciones/shared/format';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import type { DepositSlipReview } from '@donaciones/shared/schemas/bank-statements';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';
import { adminDonationDetailPath } from '@/lib/paths';
import { getSlipBlob, useSlipPreview } from '../api/donation-deposit';

const m = bankStatementsMessages.review;

/** Opens the slip's file in a new tab; the tab is opened on the click, so no popup blocker stops it. */
async function openSlipFile(attachmentId: number) {
  const tab = window.open('', '_blank');
  const blob = await getSlipBlob(attachmentId, 'file');
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  // The tab has loaded the file well before this.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function SlipPreview({ slip, reference, size }: { slip: DepositSlipReview; reference: string; size: 'sm' | 'lg' }) {
  const [zoomed, setZoomed] = useState(false);
  const preview = useSlipPreview(slip.attachment_id, slip.has_preview);
  const isPdf = slip.content_type === 'application/pdf';

  return (
    <div className="flex flex-col items-start gap-2">
      {slip.has_preview &&
        (preview.data ? (
          <button
            type="button"
            onClick={() => setZoomed(true)}
            aria-label={m.slipZoom(reference)}
            className={cn(
              'group relative overflow-hidden rounded-xl border border-sand-200 bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600',
              size === 'sm' ? 'h-20 w-16' : 'h-56 w-full max-w-xs',
            )}
          >
            <img src={preview.data} alt="" className="size-full object-cover" />
            <span className="absolute right-1 bottom-1 rounded-full bg-white/90 p-1 text-ink-700 shadow group-hover:bg-white" aria-hidden="true">
              <ZoomIn className="size-3.5" />
            </span>
          </button>
        ) : preview.isError ? null : (
          <Skeleton className={size === 'sm' ? 'h-20 w-16' : 'h-56 w-full max-w-xs'} />
        ))}
      {isPdf && (
        <Button variant="outline" size="sm" onClick={() => void openSlipFile(slip.attachment_id)} icon={<FileText aria-hidden="true" className="size-4" />}>
          {m.slipOpenPdf}
        </Button>
      )}
      <Modal open={zoomed} onClose={() => setZoomed(false)} title={m.slipZoomTitle(reference)} size="lg">
        {preview.data && <img src={preview.data} alt={m.slipZoomTitle(reference)} className="mx-auto max-h-[70dvh] w-auto object-contain" />}
      </Modal>
    </div>
  );
}

export function DepositSlip({
  slip,
  reference,
  amount,
  currency,
  size = 'sm',
}: {
  slip: DepositSlipReview | null | undefined;
  reference: string;
  amount: number;
  currency: string;
  size?: 'sm' | 'lg';
}) {
  if (!slip) return <p className="text-sm text-ink-600">{m.slipMissing}</p>;
  const declared = [
    [m.declaredBank, slip.bank],
    [m.declaredDate, slip.deposit_date ? formatDay(slip.deposit_date) : null],
    [m.declaredSlip, slip.slip_number],
    [m.declaredAmount, slip.declared_amount != null ? formatMoney(slip.declared_amount, currency) : null],
  ] as const;

  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className={cn('flex gap-4', size === 'sm' ? 'flex-row items-start' : 'flex-col sm:flex-row sm:items-start')}>
        <SlipPreview slip={slip} reference={reference} size={size} />
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
          {declared.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="whitespace-nowrap text-ink-600">{label}</dt>
              <dd className="font-medium text-ink-900 [overflow-wrap:anywhere]">{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </div>
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
    </div>
  );
}
