// "Fusionar" a proposed pair of donors (docs/product.md#donors, donors.manage): staff choose which record
// stays, see the preview of the result and of what moves (completed gifts, receipts in force, monthly gifts,
// and the pending, failed or cancelled donations and the voided receipts named apart), then merge.
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import type { DonorSummary, MergePreview } from '@donaciones/shared/schemas/donors';
import { formatTaxId } from '@donaciones/shared/tax-id';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useMergeDonors, useMergePreview } from '../api/donors';

const t = donorsMessages.duplicates;
const p = donorsMessages.page;
const none = donorsMessages.list.none;

function PreviewResult({ preview }: { preview: MergePreview }) {
  const r = preview.result;
  const rows: [string, string][] = [
    [donorsMessages.form.name, r.name],
    [p.taxId, r.taxId ? formatTaxId(r.taxId) : none],
    [p.emails, r.emails.join(', ') || none],
    [p.phones, r.phones.join(', ') || none],
    [p.tags, r.tags.join(', ') || none],
  ];
  return (
    <section aria-labelledby="merge-result" className="rounded-xl bg-sand-100/60 p-4" data-testid="merge-preview">
      <h3 id="merge-result" className="mb-2 font-semibold text-ink-900">{t.result}</h3>
      <dl className="grid gap-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 sm:grid-cols-[9rem_minmax(0,1fr)]">
            <dt className="font-semibold text-ink-600">{label}</dt>
            <dd className="text-ink-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm font-medium text-ink-800" data-testid="merge-moves">
        {t.moves(preview.moves.gifts, preview.moves.receipts, preview.moves.monthlyGifts)}
        {(preview.moves.others.length > 0 || preview.moves.voidedReceipts > 0) && ` ${t.movesOthers(preview.moves.others, preview.moves.voidedReceipts)}`}
      </p>
    </section>
  );
}

export function MergeDialog({ a, b, onClose }: { a: DonorSummary; b: DonorSummary; onClose: () => void }) {
  // The record with more gifts stays by default.
  const [survivor, setSurvivor] = useState(a.giftCount >= b.giftCount ? a.id : b.id);
  const [error, setError] = useState<string | null>(null);
  const preview = useMergePreview();
  const merge = useMergeDonors();
  const pair = { survivorId: survivor, mergedId: survivor === a.id ? b.id : a.id };
  const shown = preview.data && preview.data.survivor.id === survivor ? preview.data : null;
  const busy = preview.isPending || merge.isPending;

  const run = useSingleFlight(async () => {
    setError(null);
    try {
      if (!shown) await preview.mutateAsync(pair);
      else {
        await merge.mutateAsync(pair);
        toast.success(t.merged);
        onClose();
      }
    } catch (e) {
      setError(getErrorMessage(e, t.mergeError));
    }
  });

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!busy}
      title={t.dialogTitle}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button onClick={() => void run()} loading={busy} loadingText={shown ? t.merging : t.previewing}>
            {shown ? t.confirm : t.preview}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
            {error}
          </p>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink-800">{t.keep}</legend>
          {[a, b].map((d) => (
            <label key={d.id} className="flex items-center gap-2 text-ink-900">
              <input type="radio" name="sobreviviente" checked={survivor === d.id} onChange={() => setSurvivor(d.id)} className="size-4 accent-brand-700" />
              {t.keepOption(d.name, d.id, d.giftCount)}
            </label>
          ))}
        </fieldset>
        {shown && <PreviewResult preview={shown} />}
      </div>
    </Modal>
  );
}
