// "Conciliación bancaria" (/admin/bank-statements, docs/product.md#bank-deposits): staff upload the account's
// movement file, choose its columns once per bank (with a preview of the first rows), and confirm with
// one click each proposed match; near-misses, unmatched lines and deposits without a line are listed.
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, FileSpreadsheet, Landmark, Search, Upload } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { formatDateTime, formatDay, formatMoney } from '@donaciones/shared/format';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import {
  type ColumnMappingInput,
  STATEMENT_BASE64_MAX,
  type PendingDeposit,
  type StatementCandidate,
  type StatementImport,
  type StatementLine,
  type StatementPreview,
} from '@donaciones/shared/schemas/bank-statements';
import { Badge } from '@/components/badge';
import { ConfirmStatementLineDialog, type PendingConfirmation } from '../components/confirm-statement-line-dialog';
import { LineDonationDialog } from '../components/line-donation-dialog';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { FormField, Select, TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { adminDonationDetailPath } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  fileToBase64,
  useConfirmStatementLine,
  useImportStatement,
  usePreviewStatement,
  useStatementImport,
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

function ImportForm({ banks, onImported }: { banks: string[]; onImported: (imported: StatementImport) => void }) {
  const listId = useId();
  const [bank, setBank] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<{ name: string; base64: string } | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [mapping, setMapping] = useState<Record<MappingKey, string>>({ date: '', description: '', reference: '', credit: '', debit: '' });
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

  const columnOptions = (preview?.headers ?? []).map((h) => ({ value: h, label: h }));

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
        <FormField label={m.file} hint={m.fileHint} error={errors.content_base64} required>
          {({ inputId, describedBy, invalid }) => (
            // The browser's own file button speaks the browser's language: a Spanish one stands in for it.
            <div className="flex items-center gap-3">
              <input
                id={inputId}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setPreview(null);
                }}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                onClick={() => document.getElementById(inputId)?.click()}
                className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 hover:bg-brand-100"
              >
                <FileSpreadsheet className="size-4" />
                {m.chooseFile}
              </span>
              <span className="min-w-0 truncate text-sm text-ink-700">{file?.name ?? m.noFile}</span>
            </div>
          )}
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" variant="outline" loading={read.isPending} icon={<Search aria-hidden="true" className="size-4" />}>
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
          <div>
            <h3 className="font-semibold text-ink-900">{m.preview}</h3>
            <div className="mt-2 overflow-x-auto rounded-xl border border-sand-200">
              <table className="w-full text-left text-xs">
                <caption className="sr-only">{m.previewCaption(preview.rows.length)}</caption>
                <thead className="bg-sand-100/70 font-bold text-ink-700">
                  <tr>
                    {preview.headers.map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 whitespace-nowrap">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand-200">
                  {preview.rows.map((row, i) => (
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
          </div>
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
                  onChange={(e) => setMapping((current) => ({ ...current, [f.key]: e.target.value }))}
                  error={errors[`mapping.${f.key}`]}
                  required={!f.optional}
                />
              ))}
            </div>
          </fieldset>
          <div>
            <Button onClick={runImport} loading={importer.isPending} loadingText={m.importing} icon={<Upload aria-hidden="true" className="size-4" />}>
              {m.import}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

function DepositLine({ deposit }: { deposit: PendingDeposit }) {
  return (
    <span className="min-w-0">
      <Link to={adminDonationDetailPath(deposit.donation_id)} className="font-mono font-semibold text-brand-800 underline">
        {deposit.reference_code}
      </Link>{' '}
      <span className="text-ink-800">{deposit.donor_name}</span> · <span className="font-semibold tabular-nums">{formatMoney(deposit.amount, deposit.currency)}</span>
      <span className="block text-xs text-ink-600">
        {deposit.declared_date ? m.declared(formatDay(deposit.declared_date)) : m.created(formatDateTime(deposit.created_at))}
        {deposit.slip_number ? ` · ${bankStatementsMessages.review.declaredSlip} ${deposit.slip_number}` : ''}
      </span>
    </span>
  );
}

function CandidateRow({ candidate, action }: { candidate: StatementCandidate; action?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <div className="min-w-0 flex-1">
        <DepositLine deposit={candidate} />
        <span className="mt-1 flex flex-wrap gap-1.5">
          <Badge tone={candidate.kind === 'match' ? 'success' : 'warning'}>{m.kind[candidate.kind]}</Badge>
          <Badge tone="neutral">{m.days(candidate.day_distance)}</Badge>
          {/* The longest badge may wrap on a narrow phone rather than widen the page. */}
          {candidate.reference_found && (
            <Badge tone="brand" className="whitespace-normal!">
              {m.referenceFound}
            </Badge>
          )}
        </span>
      </div>
      {action}
    </li>
  );
}

function LineHeading({ line }: { line: StatementLine }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <p className="min-w-0">
        <span className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{m.line(line.line_number)}</span>{' '}
        <span className="text-sm text-ink-700">{formatDay(line.posted_on)}</span>
        <span className="block font-medium text-ink-900 [overflow-wrap:anywhere]">
          {line.description || '—'}
          {line.reference ? <span className="text-ink-600"> · {line.reference}</span> : null}
        </span>
      </p>
      <span className="font-semibold tabular-nums">{formatMoney(line.amount)}</span>
    </div>
  );
}

function Section({ title, empty, count, children }: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <Card title={`${title} (${count})`}>
      {count === 0 ? <p className="text-sm text-ink-600">{empty}</p> : <ul className="divide-y divide-sand-200">{children}</ul>}
    </Card>
  );
}

function ImportDetail({ id }: { id: number }) {
  const query = useStatementImport(id);
  const confirm = useConfirmStatementLine();
  const [asking, setAsking] = useState<PendingConfirmation | null>(null);
  const [recording, setRecording] = useState<StatementLine | null>(null);
  const data = query.data;
  if (query.isError) return <ErrorState message={m.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (!data) return <Skeleton className="h-64" />;

  const confirmLine = async ({ line, candidate }: PendingConfirmation) => {
    try {
      await confirm.mutateAsync({ importId: data.id, lineId: line.id, donationId: candidate.donation_id });
      toast.success(m.confirmed(candidate.reference_code));
    } catch (error) {
      toast.error(getErrorMessage(error, m.loadError));
    } finally {
      setAsking(null);
    }
  };
  const busy = (line: StatementLine) => confirm.isPending && confirm.variables?.lineId === line.id;

  const proposed = data.lines.filter((l) => l.state === 'proposed');
  const near = data.lines.filter((l) => l.state === 'near_miss');
  const unmatched = data.lines.filter((l) => l.state === 'unmatched');
  const confirmed = data.lines.filter((l) => l.state === 'confirmed');

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-ink-700">
        <span className="font-semibold text-ink-900">{m.importSummary(data.bank, data.file_name)}</span> ·{' '}
        {m.counts(data.credit_lines, proposed.length, confirmed.length)}
        {data.repeated_lines > 0 && <> · {m.repeated(data.repeated_lines)}</>}
      </p>
      <LineDonationDialog importId={data.id} line={recording} onClose={() => setRecording(null)} />
      <ConfirmStatementLineDialog pending={asking} busy={confirm.isPending} onCancel={() => setAsking(null)} onConfirm={(p) => void confirmLine(p)} />
      <Section title={m.proposedTitle} empty={m.proposedEmpty} count={proposed.length}>
        {proposed.map((line) => {
          const [best, ...others] = line.candidates;
          const button = (candidate: StatementCandidate) => (
            <Button
              size="sm"
              variant="secondary"
              loading={busy(line) && confirm.variables?.donationId === candidate.donation_id}
              disabled={confirm.isPending}
              aria-label={m.confirmLabel(line.line_number, candidate.reference_code)}
              onClick={() => setAsking({ line, candidate })}
              icon={<CheckCircle2 aria-hidden="true" className="size-4" />}
            >
              {m.confirm}
            </Button>
          );
          return (
            <li key={line.id} className="py-4 first:pt-0 last:pb-0">
              <LineHeading line={line} />
              <ul className="mt-2 rounded-xl bg-brand-50/40 px-3">{best && <CandidateRow candidate={best} action={button(best)} />}</ul>
              {others.length > 0 && (
                <div className="mt-2">
                  <p className="text-xs font-semibold text-ink-600">{m.alternatives}</p>
                  <ul className="divide-y divide-sand-200 px-3">
                    {others.map((c) => (
                      <CandidateRow key={c.donation_id} candidate={c} action={c.kind === 'match' ? button(c) : undefined} />
                    ))}
                  </ul>
                </div>
              )}
            </li>
          );
        })}
      </Section>
      <Section title={m.nearTitle} empty={m.nearEmpty} count={near.length}>
        {near.map((line) => (
          <li key={line.id} className="py-4 first:pt-0 last:pb-0">
            <LineHeading line={line} />
            <ul className="mt-2 divide-y divide-sand-200 rounded-xl bg-amber-50/50 px-3">
              {line.candidates.map((c) => (
                <CandidateRow key={c.donation_id} candidate={c} />
              ))}
            </ul>
          </li>
        ))}
      </Section>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Section title={m.unmatchedLinesTitle} empty={m.unmatchedLinesEmpty} count={unmatched.length}>
          {unmatched.map((line) => (
            <li key={line.id} className="py-3 first:pt-0 last:pb-0">
              <LineHeading line={line} />
              <Button size="sm" variant="outline" className="mt-2" aria-label={m.lineDonationLabel(line.line_number)} onClick={() => setRecording(line)}>
                {m.lineDonation}
              </Button>
            </li>
          ))}
        </Section>
        <Section title={m.unmatchedDepositsTitle} empty={m.unmatchedDepositsEmpty} count={data.unmatched_deposits.length}>
          {data.unmatched_deposits.map((d) => (
            <li key={d.donation_id} className="py-3 first:pt-0 last:pb-0">
              <DepositLine deposit={d} />
            </li>
          ))}
        </Section>
      </div>
      {confirmed.length > 0 && (
        <Section title={m.confirmedTitle} empty="" count={confirmed.length}>
          {confirmed.map((line) => (
            <li key={line.id} className="py-3 first:pt-0 last:pb-0">
              <LineHeading line={line} />
              {line.confirmed_donation && (
                <p className="mt-1 flex items-center gap-1.5 text-sm text-green-800">
                  <CheckCircle2 aria-hidden="true" className="size-4" />
                  <Link to={adminDonationDetailPath(line.confirmed_donation.id)} className="font-mono underline">
                    {line.confirmed_donation.reference_code}
                  </Link>{' '}
                  {line.confirmed_donation.donor_name}
                </p>
              )}
            </li>
          ))}
        </Section>
      )}
    </div>
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
