// A spreadsheet the staff upload (a bank statement, an import): the file chooser with a Spanish
// button standing in for the browser's own, and the first rows of the file as read, under its headers.
import type { ReactNode } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { FormField } from './form-fields';

interface FileChooserProps {
  label: string;
  hint?: string;
  /** The input's accept list (extensions and MIME types). */
  accept: string;
  chooseText: string;
  noFileText: string;
  file: File | null;
  error: string | undefined;
  onChoose: (file: File | null) => void;
}

export function SpreadsheetFileField({ label, hint, accept, chooseText, noFileText, file, error, onChoose }: FileChooserProps) {
  return (
    <FormField label={label} hint={hint} error={error} required>
      {({ inputId, describedBy, invalid }) => (
        // The browser's own file button speaks the browser's language: a Spanish one stands in for it.
        <div className="flex items-center gap-3">
          <input
            id={inputId}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            type="file"
            accept={accept}
            onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            onClick={() => document.getElementById(inputId)?.click()}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 hover:bg-brand-100"
          >
            <FileSpreadsheet className="size-4" />
            {chooseText}
          </span>
          <span className="min-w-0 truncate text-sm text-ink-700">{file?.name ?? noFileText}</span>
        </div>
      )}
    </FormField>
  );
}

/** The first rows of a file under its headers; `caption` names the table (shown, or for screen readers only). */
export function SheetPreviewTable({ headers, rows, caption }: { headers: string[]; rows: string[][]; caption: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-sand-200">
      <table className="w-full text-left text-xs">
        {caption}
        <thead className="bg-sand-100/70 font-bold text-ink-700">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className="px-3 py-1.5 whitespace-nowrap text-ink-800">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
