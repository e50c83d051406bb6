// Step 2 of "Importar": which column of the file holds each field, above the file's first rows.
import { importsMessages } from '@donaciones/shared/messages/imports';
import { IMPORT_KIND_FIELDS, type ImportPreview } from '@donaciones/shared/schemas/imports';
import { Button } from '@/components/button';
import { Select } from '@/components/form-fields';
import { SheetPreviewTable } from '@/components/spreadsheet-file';
import type { ImportFlow } from './use-import-flow';

const s = importsMessages.screen;


export function MappingStep({ flow, preview }: { flow: ImportFlow; preview: ImportPreview }) {
  const options = preview.headers.map((h) => ({ value: h, label: h }));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-700">{s.mappingIntro}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {IMPORT_KIND_FIELDS[flow.kind].map(({ field, required }) => (
          <Select
            key={field}
            label={importsMessages.fields[field]}
            required={required}
            optional={!required}
            options={options}
            placeholder={s.notInFile}
            value={flow.mapping[field] ?? ''}
            error={flow.errors[`mapping.${field}`]}
            onChange={(e) => flow.setMapping({ ...flow.mapping, [field]: e.target.value || null })}
          />
        ))}
      </div>
      <SheetPreviewTable
        headers={preview.headers}
        rows={preview.rows}
        caption={<caption className="px-3 py-2 text-left text-sm text-ink-600">{s.previewCaption(preview.rows.length, preview.data_lines)}</caption>}
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={flow.dryRun} loading={flow.running} loadingText={s.checking}>
          {s.dryRun}
        </Button>
        <Button variant="ghost" onClick={flow.back}>
          {s.back}
        </Button>
      </div>
    </div>
  );
}
