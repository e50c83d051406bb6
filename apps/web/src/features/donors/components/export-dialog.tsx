// "Exportar" on the "Donantes" list (docs/product.md#donors, donors.manage): the segment of the current
// search and filters as CSV or Excel, with the donor-record columns staff choose (never card data or tokens).
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import { DONOR_EXPORT_COLUMNS, type DonorExportColumn, donorExportSchema } from '@donaciones/shared/schemas/donors';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { type DonorListFilters, donorQueryParams, useExportDonors } from '../api/donors';

const t = donorsMessages.export;
const DEFAULT_COLUMNS: DonorExportColumn[] = ['name', 'taxId', 'emails', 'phones', 'giftCount', 'lifetime', 'lastGiftAt'];

export function ExportDialog({ filters, onClose }: { filters: DonorListFilters; onClose: () => void }) {
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const [columns, setColumns] = useState<DonorExportColumn[]>(DEFAULT_COLUMNS);
  const [error, setError] = useState<string | null>(null);
  const run = useExportDonors();
  const toggle = (column: DonorExportColumn) => setColumns((cs) => (cs.includes(column) ? cs.filter((c) => c !== column) : [...cs, column]));

  const download = async () => {
    // In the order of the list, so the file's columns read the same way every time.
    const parsed = donorExportSchema.safeParse({ ...donorQueryParams(filters), format, columns: DONOR_EXPORT_COLUMNS.filter((c) => columns.includes(c)) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t.error);
    setError(null);
    try {
      toast.success(t.done(await run.mutateAsync(parsed.data)));
      onClose();
    } catch {
      setError(t.error);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!run.isPending}
      size="lg"
      title={t.title}
      description={t.description}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={run.isPending}>
            {t.cancel}
          </Button>
          <Button onClick={download} loading={run.isPending} loadingText={t.downloading}>
            {t.download}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
            {error}
          </p>
        )}
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="mb-1 text-sm font-semibold text-ink-800">{t.format}</legend>
          {(['xlsx', 'csv'] as const).map((f) => (
            <label key={f} className="flex items-center gap-2 text-ink-900">
              <input type="radio" name="formato" checked={format === f} onChange={() => setFormat(f)} className="size-4 accent-brand-700" />
              {t[f]}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink-800">{t.columns}</legend>
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={() => setColumns([...DONOR_EXPORT_COLUMNS])}>
              {t.all}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setColumns([])}>
              {t.none}
            </Button>
          </div>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {DONOR_EXPORT_COLUMNS.map((c) => (
              <Checkbox key={c} label={donorsMessages.columns[c]} checked={columns.includes(c)} onChange={() => toggle(c)} />
            ))}
          </div>
        </fieldset>
      </div>
    </Modal>
  );
}
