// The organisation's fiscal identity (docs/product.md#receipts): legal name, NIT (check digit),
// address, registration, deductibility text, signer and optional signature image, receipt series
// and the annual statement date. The signature is read in the browser and sent in base64; the server
// tells its type from its bytes.
import { useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { fiscalMessages as m } from '@donaciones/shared/messages/fiscal';
import {
  type FiscalSettings,
  type FiscalSettingsInput,
  SIGNATURE_CONTENT_TYPES,
  SIGNATURE_MAX_BYTES,
  type SignatureImage,
  fiscalSettingsSchema,
} from '@donaciones/shared/schemas/fiscal';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { FormField, TextArea, TextInput } from '@/components/form-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdateFiscalSettings } from '../api/fiscal-settings';

const TEXT_FIELDS = ['legalName', 'nit', 'fiscalAddress', 'registration', 'deductibilityText', 'signerName', 'signerTitle', 'receiptSeries', 'annualStatementDate'] as const;
const FIELDS = [...TEXT_FIELDS, 'signatureImage'] as const;

/** The file's bytes in base64 (without the `data:` prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

type FiscalForm = UseFormReturn<FiscalSettingsInput, unknown, FiscalSettings>;

export function FiscalSettingsForm({ values }: { values: FiscalSettings }) {
  const save = useUpdateFiscalSettings();
  const form = useForm<FiscalSettingsInput, unknown, FiscalSettings>({ resolver: zodResolver(fiscalSettingsSchema), defaultValues: values });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (data) => {
      setMessage(null);
      try {
        form.reset(await save.mutateAsync(data));
        setMessage({ ok: true, text: m.saved });
      } catch (error) {
        applyServerErrors(form.setError, error, FIELDS);
        setMessage({ ok: false, text: m.saveError });
      }
    },
    () => setMessage({ ok: false, text: m.invalid }),
  );

  const text = (name: (typeof TEXT_FIELDS)[number], label: string, extra: { hint?: string; placeholder?: string; className?: string } = {}) => (
    <TextInput label={label} required error={errors[name]?.message} {...extra} {...form.register(name)} />
  );

  return (
    <Card title={m.title} description={m.intro}>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={m.title}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {text('legalName', m.legalName, { className: 'sm:col-span-2' })}
          {text('nit', m.nit, { placeholder: '1234567-9' })}
          {text('fiscalAddress', m.fiscalAddress)}
          <TextArea className="sm:col-span-2" label={m.registration} required rows={2} error={errors.registration?.message} {...form.register('registration')} />
          <TextArea className="sm:col-span-2" label={m.deductibilityText} required rows={4} error={errors.deductibilityText?.message} {...form.register('deductibilityText')} />
          {text('signerName', m.signerName)}
          {text('signerTitle', m.signerTitle)}
          <SignatureField form={form} error={errors.signatureImage?.message} />
          {text('receiptSeries', m.receiptSeries, { placeholder: 'A' })}
          {text('annualStatementDate', m.annualStatementDate, { placeholder: '01-15', hint: m.annualStatementDateHint })}
        </div>
        <div className="mt-5 flex flex-col gap-3">
          {message && (
            <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm font-semibold text-brand-700' : 'text-sm font-semibold text-red-700'}>
              {message.text}
            </p>
          )}
          <div>
            <Button type="submit" loading={save.isPending}>
              {m.save}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}

/** The optional signature image: its preview, a Spanish file button that checks type and size, and Quitar. */
function SignatureField({ form, error }: { form: FiscalForm; error: string | undefined }) {
  const signature = useWatch({ control: form.control, name: 'signatureImage' });

  const chooseSignature = async (file: File | undefined) => {
    form.clearErrors('signatureImage');
    if (!file) return;
    if (!(SIGNATURE_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      form.setError('signatureImage', { message: m.signatureType });
      return;
    }
    if (file.size > SIGNATURE_MAX_BYTES) {
      form.setError('signatureImage', { message: m.signatureTooLarge });
      return;
    }
    const image: SignatureImage = { contentType: file.type as SignatureImage['contentType'], base64: await readBase64(file) };
    form.setValue('signatureImage', image, { shouldDirty: true });
  };

  return (
    <FormField className="sm:col-span-2" label={m.signatureImage} optional hint={m.signatureHint} error={error}>
      {({ inputId, describedBy, invalid }) => (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {signature && (
            <img
              src={`data:${signature.contentType};base64,${signature.base64}`}
              alt={m.signatureCurrent}
              className="h-16 max-w-56 rounded-lg bg-white object-contain p-1 ring-1 ring-sand-200"
            />
          )}
          {/* The browser's own file button speaks its language; ours says it in Spanish. */}
          <input
            id={inputId}
            type="file"
            accept={SIGNATURE_CONTENT_TYPES.join(',')}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className="peer sr-only"
            onChange={(e) => void chooseSignature(e.target.files?.[0])}
          />
          <label
            htmlFor={inputId}
            className="inline-flex h-11 w-fit cursor-pointer items-center rounded-full bg-brand-50 px-5 text-sm font-semibold text-brand-800 ring-1 ring-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 hover:bg-brand-100"
          >
            {signature ? m.signatureChange : m.signatureChoose}
          </label>
          {signature && (
            <Button variant="outline" type="button" onClick={() => form.setValue('signatureImage', null, { shouldDirty: true })}>
              {m.signatureRemove}
            </Button>
          )}
        </div>
      )}
    </FormField>
  );
}
