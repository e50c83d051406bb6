// Step 1 of "Importar": what the file holds and the file itself (CSV or XLSX).
import { Upload } from 'lucide-react';
import { importsMessages } from '@donaciones/shared/messages/imports';
import { IMPORT_KINDS, type ImportKind } from '@donaciones/shared/schemas/imports';
import { Button } from '@/components/button';
import { Select } from '@/components/form-fields';
import { SpreadsheetFileField } from '@/components/spreadsheet-file';
import type { ImportFlow } from './use-import-flow';

const s = importsMessages.screen;
const KIND_OPTIONS = IMPORT_KINDS.map((k) => ({ value: k, label: importsMessages.kinds[k] }));

export function FileStep({ flow }: { flow: ImportFlow }) {
  return (
    <form className="flex flex-col gap-4" onSubmit={flow.readFile} noValidate>
      <Select label={s.kindLabel} options={KIND_OPTIONS} value={flow.kind} required onChange={(e) => flow.setKind(e.target.value as ImportKind)} error={flow.errors.kind} />
      {flow.kind === 'monthly' && <p className="text-sm text-ink-600">{s.transferNote}</p>}
      <SpreadsheetFileField
        label={s.fileLabel}
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        chooseText={s.chooseFile}
        noFileText={s.noFile}
        file={flow.file}
        error={flow.errors.content_base64}
        onChoose={flow.setFile}
      />
      <Button type="submit" className="self-start" loading={flow.reading} loadingText={s.reading} icon={<Upload aria-hidden="true" className="size-4" />}>
        {s.read}
      </Button>
    </form>
  );
}
