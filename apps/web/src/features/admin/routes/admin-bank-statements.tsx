// "Conciliación bancaria" (/admin/bank-statements, docs/product.md#bank-deposits): staff upload the account's
// movement file, choose its columns once per bank (with a preview of the first rows), and confirm with
// one click each proposed match; near-misses, unmatched lines and deposits without a line are listed.
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FileSpreadsheet, Landmark, Search, Upload } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { formatDateTime } from '@donaciones/shared/format';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import {
  type ColumnMappingInput,
  STATEMENT_BASE64_MAX,
  type StatementImport,
  type StatementPreview,
} from '@donaciones/shared/schemas/bank-statements';
import { ImportDetail } from '../components/statement-import-detail';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Select, TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { SheetPreviewTable, SpreadsheetFileField } from '@/components/spreadsheet-file';
import { ErrorState } from '@/components/states';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  fileToBase64,
  useImportStatement,
  usePreviewStatement,
  useStatementImports,
} from '../api/bank-statements';

const m = bankStatementsMessages.screen;
const v = bankStatementsMessages.validation;

type MappingKey = keyof ColumnMappingInput;
const MAPPING_FIELDS: { key: MappingKey; label: string; optional: boolean }[] = [
  { key: 'date', label: m.columnDate, optional: false },
  { key: 'description', label: m.columnDescription, optional: false },
  { key: 'reference', label: m.columnReference, optional: true },
  { key: 'credit', label: m.columnCredit, optional: false },
  { key: 'debit', label: m.columnDebit, optional: true },
];

/** The file's base64 is a third larger than the file. */
const MAX_FILE_BYTES = (STATEMENT_BASE64_MAX / 4) * 3;
type Mapping = Record<MappingKey, string>;

/** The import form's state and its two actions: read the file (a preview and the suggested columns), then import it. */
function useImportForm(onImported: (imported: StatementImport) => void) {
  const [bank, setBank] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<{ name: string; base64: string } | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [mapping, setMapping] = useState<Mapping>({ date: '', description: '', reference: '', credit: '', debit: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const read = usePreviewStatement();
  const importer = useImportStatement();

  const readFile = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const missing: Record<string, string> = {};
    if (bank.trim().length < 2) missing.bank = v.bankRequired;
    if (!file) missing.content_base64 = v.fileRequired;
    else if (file.size > MAX_FILE_BYTES) missing.content_base64 = v.fileTooLarge;
    setErrors(missing);
    if (!file || Object.keys(missing).length) return;
    try {
      const base64 = await fileToBase64(file);
      const answer = await read.mutateAsync({ bank: bank.trim(), file_name: file.name, content_base64: base64 });
      setContent({ name: file.name, base64 });
      setPreview(answer);
      const suggested = answer.saved_mapping ?? answer.suggested_mapping;
      setMapping({
        date: suggested.date ?? '',
        description: suggested.description ?? '',
        reference: suggested.reference ?? '',
        credit: suggested.credit ?? '',
        debit: suggested.debit ?? '',
      });
    } catch (error) {
      setPreview(null);
      setErrors(getFieldErrors(error));
      setFormError(getErrorMessage(error, m.loadError));
    }
  };

  const runImport = async () => {
    if (!preview || !content) return;
    const missing: Record<string, string> = {};
    for (const f of MAPPING_FIELDS) if (!f.optional && !mapping[f.key]) missing[`mapping.${f.key}`] = v.columnRequired;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setFormError(null);
    try {
      const imported = await importer.mutateAsync({
        bank: preview.bank,
        file_name: content.name,
        content_base64: content.base64,
        mapping: { ...mapping, reference: mapping.reference || null, debit: mapping.debit || null },
      });
      toast.success(m.imported(imported.credit_lines));
      setPreview(null);
      setContent(null);
      setFile(null);
      onImported(imported);
    } catch (error) {
      setFormError(getErrorMessage(error, m.loadError));
    }
  };

  const reading = read.isPending;
  const importing = importer.isPending;
  return { bank, setBank, file, setFile, preview, setPreview, mapping, setMapping, errors, formError, readFile, runImport, reading, importing };
}

/** The bank and the file, Leer archivo, then the preview, the columns and Importar. */
function ImportForm({ banks, onImported }: { banks: string[]; onImported: (imported: StatementImport) => void }) {
  const listId = useId();
  const { bank, setBank, file, setFile, preview, setPreview, mapping, setMapping, errors, formError, readFile, runImport, reading, importing } = useImportForm(onImported);

  return (
    <Card title={m.importTitle}>
      <form onSubmit={readFile} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={m.bank}
          hint={m.bankHint}
          value={bank}
          list={listId}
          autoComplete="off"
          onChange={(e) => {
            setBank(e.target.value);
            setPreview(null);
          }}
          error={errors.bank}
          required
        />
        <datalist id={listId}>
          {banks.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
        <SpreadsheetFileField
          label={m.file}
          hint={m.fileHint}
          accept=".csv,.txt,text/csv,text/plain"
          chooseText={m.chooseFile}
          noFileText={m.noFile}
          file={file}
          error={errors.content_base64}
          onChoose={(chosen) => {
            setFile(chosen);
            setPreview(null);
          }}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="outline" loading={reading} icon={<Search aria-hidden="true" className="size-4" />}>
            {m.readFile}
          </Button>
        </div>
      </form>

      {formError && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {formError}
        </p>
      )}

      {preview && (
        <div className="mt-6 flex flex-col gap-5">
          <StatementPreviewTable preview={preview} />
          <ColumnMapping preview={preview} mapping={mapping} errors={errors} onChange={(key, column) => setMapping((current) => ({ ...current, [key]: column }))} />
          <div>
            <Button onClick={runImport} loading={importing} loadingText={m.importing} icon={<Upload aria-hidden="true" className="size-4" />}>
              {m.import}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

/** The first rows of the file, as read, under its headers. */
function StatementPreviewTable({ preview }: { preview: StatementPreview }) {
  return (
    <div>
      <h3 className="font-semibold text-ink-900">{m.preview}</h3>
      <div className="mt-2">
        <SheetPreviewTable headers={preview.headers} rows={preview.rows} caption={<caption className="sr-only">{m.previewCaption(preview.rows.length)}</caption>} />
      </div>
    </div>
  );
}

/** Which column holds the date, description, reference, credit and debit (remembered per bank once imported). */
function ColumnMapping({ preview, mapping, errors, onChange }: { preview: StatementPreview; mapping: Mapping; errors: Record<string, string>; onChange: (key: MappingKey, column: string) => void }) {
  const columnOptions = preview.headers.map((h) => ({ value: h, label: h }));
  return (
    <fieldset>
      <legend className="font-semibold text-ink-900">{m.mappingTitle}</legend>
      <p className="mt-1 text-sm text-ink-600">{preview.saved_mapping ? m.mappingSaved : m.mappingNew}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {MAPPING_FIELDS.map((f) => (
          <Select
            key={f.key}
            label={f.label}
            options={columnOptions}
            placeholder={f.optional ? m.noColumn : m.choose}
            value={mapping[f.key] ?? ''}
            onChange={(e) => onChange(f.key, e.target.value)}
            error={errors[`mapping.${f.key}`]}
            required={!f.optional}
          />
        ))}
      </div>
    </fieldset>
  );
}

const IMPORT_PARAM = 'importacion';

export default function AdminBankStatementsPage() {
  useDocumentTitle(m.title);
  const [params, setParams] = useSearchParams();
  const list = useStatementImports();
  const selectedParam = Number(params.get(IMPORT_PARAM));
  const selected = Number.isInteger(selectedParam) && selectedParam > 0 ? selectedParam : (list.data?.imports[0]?.id ?? null);

  const select = (id: number) => {
    const next = new URLSearchParams(params);
    next.set(IMPORT_PARAM, String(id));
    setParams(next, { replace: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={m.title} description={m.subtitle} />
      <ImportForm banks={list.data?.banks ?? []} onImported={(imported) => select(imported.id)} />
      <Card title={m.history}>
        {list.isError ? (
          <ErrorState message={m.loadError} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : !list.data ? (
          <Skeleton className="h-16" />
        ) : list.data.imports.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-ink-600">
            <FileSpreadsheet aria-hidden="true" className="size-4" />
            {m.historyEmpty}
          </p>
        ) : (
          <ul className="divide-y divide-sand-200">
            {list.data.imports.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 text-sm">
                  <Landmark aria-hidden="true" className="mr-1.5 inline size-4 text-ink-500" />
                  <span className="font-semibold text-ink-900">{m.importSummary(i.bank, i.file_name)}</span>
                  <span className="block text-xs text-ink-600">
                    {formatDateTime(i.created_at)} · {m.historyCounts(i.credit_lines, i.confirmed_lines)}
                  </span>
                </span>
                <Button size="sm" variant={i.id === selected ? 'secondary' : 'ghost'} aria-current={i.id === selected ? 'true' : undefined} onClick={() => select(i.id)}>
                  {m.open}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {selected != null && <ImportDetail id={selected} />}
    </div>
  );
}
