// Step 1 of "Importar": what the file holds and the file itself (CSV or XLSX).
import { FileSpreadsheet, Upload } from 'lucide-react';
import { importsMessages } from '@donaciones/shared/messages/imports';
import { IMPORT_KINDS, type ImportKind } from '@donaciones/shared/schemas/imports';
import { Button } from '@/components/button';
import { FormField, Select } from '@/components/form-fields';
import type { ImportFlow } from './use-import-flow';

const s = importsMessages.screen;
const KIND_OPTIONS = IMPORT_KINDS.map((k) => ({ value: k, label: importsMessages.kinds[k] }));

function ImportFileField({ file, error, onChoose }: { file: File | null; error: string | undefined; onChoose: (file: File | null) => void }) {
  return (
    <FormField label={s.fileLabel} error={error} required>
      {({ inputId, describedBy, invalid }) => (
        // The browser's own file button speaks the browser's language: a Spanish one stands in for it.
        <div className="flex items-center gap-3">
          <input
            id={inputId}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            type="file"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            onClick={() => document.getElementById(inputId)?.click()}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 hover:bg-brand-100"
          >
            <FileSpreadsheet className="size-4" />
            {s.chooseFile}
          </span>
          <span className="min-w-0 truncate text-sm text-ink-700">{file?.name ?? s.noFile}</span>
        </div>
      )}
    </FormField>
  );
}

export function FileStep({ flow }: { flow: ImportFlow }) {
  return (
    <form className="flex flex-col gap-4" onSubmit={flow.readFile} noValidate>
      <Select label={s.kindLabel} options={KIND_OPTIONS} value={flow.kind} required onChange={(e) => flow.setKind(e.target.value as ImportKind)} error={flow.errors.kind} />
      {flow.kind === 'monthly' && <p className="text-sm text-ink-600">{s.transferNote}</p>}
      <ImportFileField file={flow.file} error={flow.errors.content_base64} onChoose={flow.setFile} />
      <Button type="submit" className="self-start" loading={flow.reading} loadingText={s.reading} icon={<Upload aria-hidden="true" className="size-4" />}>
        {s.read}
      </Button>
    </form>
  );
}
