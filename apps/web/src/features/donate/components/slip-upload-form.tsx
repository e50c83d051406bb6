// The deposit slip upload (docs/product.md#bank-deposits): the photo or PDF and what the slip says
// (the bank, chosen among the organisation's accounts; date, slip number, amount). The type is checked
// by the server from the file's bytes; here an empty file, or one the browser names as another type
// than JPG, PNG, HEIC or PDF (a .txt), is refused when chosen, in the server's words, and a photo
// over 5 MB is first redrawn smaller (lib/shrink-photo.ts). A declared amount other than the gift's is
// pointed out, not refused: staff check it against the bank. Every refusal shows next to its field.
// While the file goes up the button says how much of it was sent (a slow connection takes a while);
// a failure leaves the file chosen, so that sending again is one click.
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Upload } from 'lucide-react';
import { formatCents, formatMoney, formatNumber, formatPercent } from '@donaciones/shared/format';
import { SLIP_MAX_BYTES, depositMessages } from '@donaciones/shared/messages/deposits';
import { DEPOSIT_DATE_MIN, type DepositStatus, type PublicBankAccount, type SlipForm, declaredCents as readDeclaredCents, slipFormSchema } from '@donaciones/shared/schemas/deposits';
import { Button } from '@/components/button';
import { FormField, Select, TextInput } from '@/components/form-fields';
import { httpMessages } from '@donaciones/shared/messages/shell';
import { getErrorMessage, getErrorStatus, getFieldErrors } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { cn } from '@/lib/cn';
import { SLIP_TYPES, acceptOf, refusedType } from '@/lib/file-types';
import { useUploadSlip } from '../api/deposits';
import { shrinkPhoto } from '@/lib/shrink-photo';

const m = depositMessages.upload;
const e = depositMessages.errors;

/** What the file picker offers; HEIC photos of iPhones included. */
const ACCEPT = acceptOf(SLIP_TYPES);

/** Why a chosen file cannot go, known at once: it is empty, or of a type the server refuses. */
function fileProblem(file: File | null): string | null {
  if (!file) return null;
  if (file.size === 0) return e.fileEmpty;
  if (refusedType(file, SLIP_TYPES)) return e.fileType;
  return null;
}

const megabytes = (bytes: number) => `${formatNumber(bytes / (1024 * 1024), 1)} MB`;

/** Today on the donor's calendar, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export interface SlipUploadFormProps {
  donationId: number;
  token?: string | null;
  amountCents: number;
  accounts: PublicBankAccount[];
  onUploaded?: (status: DepositStatus) => void;
}

// eslint-disable-next-line max-lines-per-function -- one form whose fields share the watched amount and the file's checks; /donate's first load is near its 130 KB budget (bench/web-load.ts, e2e/bundle-budget.spec.ts), so features/donate is not restructured
export function SlipUploadForm({ donationId, token, amountCents, accounts, onUploaded }: SlipUploadFormProps) {
  const upload = useUploadSlip();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const [shrunkNote, setShrunkNote] = useState<string | null>(null);
  /** The share of the file sent, 0 to 100, while it goes up; null otherwise. */
  const [percent, setPercent] = useState<number | null>(null);
  const latest = useRef<File | null>(null);
  const banks = [...new Set(accounts.map((a) => a.bank))];
  const form = useForm<SlipForm>({
    resolver: zodResolver(slipFormSchema),
    defaultValues: { bank: banks.length === 1 ? banks[0] : '', depositDate: today(), slipNumber: '', amount: (amountCents / 100).toFixed(2) },
  });
  const {
    register,
    formState: { errors },
  } = form;

  const choose = async (chosen: File | null) => {
    latest.current = chosen;
    setFormError(null);
    setShrunkNote(null);
    setFile(chosen);
    const problem = fileProblem(chosen);
    setFileError(problem);
    if (!chosen || problem || chosen.size <= SLIP_MAX_BYTES) return;
    setShrinking(true);
    const smaller = await shrinkPhoto(chosen, SLIP_MAX_BYTES);
    // Another file may have been chosen meanwhile: only the last one counts.
    if (latest.current !== chosen) return;
    setShrinking(false);
    if (!smaller) return setFileError(e.fileTooLarge);
    setFile(smaller);
    setShrunkNote(m.shrunk(megabytes(chosen.size), megabytes(smaller.size)));
  };
  const declared = useWatch({ control: form.control, name: 'amount' }) ?? '';
  // Read as the schema and the API read it (decision 0074): `1,500.50` differs from a Q1,500.00 deposit.
  const declaredCents = readDeclaredCents(declared);
  const differs = Number.isFinite(declaredCents) && declaredCents > 0 && declaredCents !== amountCents;

  const submit = form.handleSubmit(async (fields) => {
    if (!file) return setFileError(e.fileRequired);
    if (fileError || shrinking) return;
    setFormError(null);
    setPercent(0);
    const onProgress = (sent: number, total: number) => total > 0 && setPercent(Math.min(100, Math.floor((sent * 100) / total)));
    try {
      const status = await upload.mutateAsync({ donationId, file, fields, token, onProgress });
      setFile(null);
      form.reset({ ...fields, slipNumber: '' });
      onUploaded?.(status);
    } catch (err) {
      const fieldErrors = getFieldErrors(err);
      if (fieldErrors.file) setFileError(fieldErrors.file);
      else if (Object.keys(fieldErrors).length) applyServerErrors(form.setError, err, ['bank', 'depositDate', 'slipNumber', 'amount']);
      else setFormError(getErrorStatus(err) === undefined ? e.uploadInterrupted : getErrorMessage(err, httpMessages.serverError));
    } finally {
      setPercent(null);
    }
    // Every missing field at once: the file's error too, not only once the others are right.
  }, () => !file && setFileError(e.fileRequired));

  return (
    <form noValidate onSubmit={(ev) => void submit(ev)} className="space-y-4" aria-labelledby="slip-upload-title" data-testid="slip-upload-form">
      <div>
        <h3 id="slip-upload-title" className="text-xl font-semibold">
          {m.title}
        </h3>
        <p className="mt-1 text-sm text-ink-600">{m.intro}</p>
      </div>
      <FormField label={m.file} required hint={m.fileHint} error={fileError ?? undefined}>
        {({ inputId, describedBy, invalid }) => (
          // The browser's own file button speaks the browser's language: a Spanish one stands in for it.
          <div className={cn('flex items-center gap-3 rounded-xl border bg-white p-1.5', invalid ? 'border-red-600' : 'border-sand-300')}>
            <input
              id={inputId}
              type="file"
              accept={ACCEPT}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(ev) => void choose(ev.target.files?.[0] ?? null)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              onClick={() => document.getElementById(inputId)?.click()}
              className="inline-flex h-11 shrink-0 cursor-pointer items-center gap-2 rounded-lg bg-brand-50 px-4 text-sm font-semibold text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:bg-brand-100"
            >
              <Upload className="size-4" />
              {m.chooseFile}
            </span>
            <span className="min-w-0 truncate text-sm text-ink-700">{shrinking ? m.shrinking : (file?.name ?? m.noFile)}</span>
          </div>
        )}
      </FormField>
      {shrunkNote && (
        <p className="text-sm text-ink-700" role="status" data-testid="slip-shrunk">
          {shrunkNote}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={m.bank}
          required
          placeholder={banks.length === 1 ? undefined : m.bankPlaceholder}
          options={banks.map((b) => ({ value: b, label: b }))}
          hint={m.bankHint}
          error={errors.bank?.message}
          {...register('bank')}
        />
        <TextInput label={m.depositDate} type="date" required min={DEPOSIT_DATE_MIN} max={today()} error={errors.depositDate?.message} {...register('depositDate')} />
        <TextInput label={m.slipNumber} required autoComplete="off" inputMode="text" error={errors.slipNumber?.message} inputClassName="tabular-nums" {...register('slipNumber')} />
        <TextInput label={m.amount} required inputMode="decimal" prefix="Q" error={errors.amount?.message} inputClassName="tabular-nums" {...register('amount')} />
      </div>
      {differs && (
        <p className="rounded-2xl bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200" role="status" data-testid="slip-amount-differs">
          {m.amountDiffers(formatMoney(declaredCents / 100), formatCents(amountCents))}
        </p>
      )}
      {formError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formError}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        loading={upload.isPending || shrinking}
        loadingText={shrinking ? m.shrinking : percent === null ? m.sending : percent < 100 ? m.sendingPercent(formatPercent(percent, { decimals: 0 })) : m.checkingFile}
        icon={<Upload aria-hidden="true" className="size-5" />}
      >
        {m.submit}
      </Button>
      {percent !== null && <UploadProgress percent={percent} />}
    </form>
  );
}

/** How much of the file has gone up, under the button that says it in words. */
function UploadProgress({ percent }: { percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={m.progressLabel}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-sand-200"
      data-testid="slip-upload-progress"
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
    </div>
  );
}
