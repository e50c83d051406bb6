// "Editar" on a donor's page (docs/product.md#donors, donors.manage): the shared donorUpdateSchema checks the
// form (emails and phones one per line, tags separated by commas), and the API's Spanish message for a
// field (a NIT or CUI that is not valid, an email already on another donor) is shown next to that field;
// an email another donor holds names that donor, with a link to their page and "Unir estos dos donantes".
import { useState } from 'react';
import { Link } from 'react-router';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import { DONOR_KINDS, type Donor, type DonorEditRefusal, type DonorUpdate, donorUpdateSchema } from '@donaciones/shared/schemas/donors';
import { Button } from '@/components/button';
import { Checkbox, Select, TextArea, TextInput } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { adminDonorDetailPath } from '@/lib/paths';
import { useUpdateDonor } from '../api/donors';

const f = donorsMessages.form;
const KIND_OPTIONS = DONOR_KINDS.map((kind) => ({ value: kind, label: donorsMessages.kinds[kind] }));

/** The form's values: the lists as text, one item a line (tags: separated by commas). */
export interface DonorFormValues {
  kind: string;
  name: string;
  contactPerson: string;
  taxId: string;
  emails: string;
  phones: string;
  address: string;
  consentEmail: boolean;
  consentWhatsapp: boolean;
  notes: string;
  tags: string;
}
type FieldName = keyof DonorFormValues;
const FIELDS = new Set<string>(['kind', 'name', 'contactPerson', 'taxId', 'emails', 'phones', 'address', 'consentEmail', 'consentWhatsapp', 'notes', 'tags']);

const lines = (text: string) => text.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
const orNull = (text: string) => (text.trim() ? text.trim() : null);

export function formValuesOf(d: Donor): DonorFormValues {
  return {
    kind: d.kind, name: d.name, contactPerson: d.contactPerson ?? '', taxId: d.taxId ?? '', emails: d.emails.join('\n'), phones: d.phones.join('\n'),
    address: d.address ?? '', consentEmail: d.consentEmail, consentWhatsapp: d.consentWhatsapp, notes: d.notes ?? '', tags: d.tags.join(', '),
  };
}

export function updateOf(v: DonorFormValues): unknown {
  return {
    kind: v.kind, name: v.name, contactPerson: orNull(v.contactPerson), taxId: orNull(v.taxId), emails: lines(v.emails), phones: lines(v.phones),
    address: orNull(v.address), consentEmail: v.consentEmail, consentWhatsapp: v.consentWhatsapp, notes: orNull(v.notes),
    tags: v.tags.split(',').map((t) => t.trim()).filter(Boolean),
  };
}

/** The shared schema on the body the form sends; each message on its field (an email's on "Correos"). */
const resolver: Resolver<DonorFormValues, unknown, DonorUpdate> = async (values) => {
  const parsed = donorUpdateSchema.safeParse(updateOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Partial<Record<FieldName, { type: string; message: string }>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as FieldName] ??= { type: 'validation', message: issue.message };
  return { values: {}, errors };
};

type OtherDonor = NonNullable<DonorEditRefusal['otherDonor']>;

/** The donor an answer names as holding one of the emails (staff who may read donors only). */
function otherDonorOf(error: unknown): OtherDonor | null {
  const data = (error as { response?: { data?: DonorEditRefusal } } | null)?.response?.data;
  return data?.otherDonor ?? null;
}

function EmailHolder({ other, onMerge }: { other: OtherDonor; onMerge: () => void }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 sm:col-span-2">
      <span>
        {f.emailHolder}{' '}
        <Link to={adminDonorDetailPath(other.id)} className="font-semibold text-brand-800 underline underline-offset-2">
          {other.name} · #{other.id}
        </Link>
      </span>
      <Button variant="outline" onClick={onMerge}>
        {f.mergeWith}
      </Button>
    </div>
  );
}

export function DonorEditModal({ donor, onClose, onMerge }: { donor: Donor; onClose: () => void; onMerge?: (other: OtherDonor) => void }) {
  const save = useUpdateDonor(donor.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [other, setOther] = useState<OtherDonor | null>(null);
  const form = useForm<DonorFormValues, unknown, DonorUpdate>({ resolver, defaultValues: formValuesOf(donor) });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    setOther(null);
    try {
      await save.mutateAsync(body);
      toast.success(f.saved);
      onClose();
    } catch (error) {
      setOther(otherDonorOf(error));
      let placed = false;
      for (const [key, message] of Object.entries(getFieldErrors(error))) {
        const name = key.split('.')[0];
        if (!FIELDS.has(name)) continue;
        form.setError(name as FieldName, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      }
      if (!placed) setFormError(getErrorMessage(error, f.saveError));
    }
  });

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!save.isPending}
      size="lg"
      title={f.title}
      description={donor.name}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {f.cancel}
          </Button>
          <Button type="submit" form="donor-form" loading={save.isPending} loadingText={f.saving}>
            {f.save}
          </Button>
        </>
      }
    >
      <form id="donor-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        {formError && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
            {formError}
          </p>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select label={f.kind} required options={KIND_OPTIONS} error={errors.kind?.message} {...form.register('kind')} />
          <TextInput label={f.name} required autoComplete="off" error={errors.name?.message} {...form.register('name')} />
          {kind === 'company' && <TextInput label={f.contactPerson} optional autoComplete="off" error={errors.contactPerson?.message} {...form.register('contactPerson')} />}
          <TextInput label={f.taxId} optional hint={f.taxIdHint} autoComplete="off" error={errors.taxId?.message} {...form.register('taxId')} />
          <TextArea label={f.emails} hint={f.emailsHint} rows={2} error={errors.emails?.message} {...form.register('emails')} />
          {other && onMerge && <EmailHolder other={other} onMerge={() => onMerge(other)} />}
          <TextArea label={f.phones} hint={f.phonesHint} rows={2} error={errors.phones?.message} {...form.register('phones')} />
        </div>
        <TextInput label={f.address} optional autoComplete="off" error={errors.address?.message} {...form.register('address')} />
        <div className="flex flex-col gap-2">
          <Checkbox label={f.consentEmail} {...form.register('consentEmail')} />
          <Checkbox label={f.consentWhatsapp} {...form.register('consentWhatsapp')} />
        </div>
        <TextInput label={f.tags} optional hint={f.tagsHint} autoComplete="off" error={errors.tags?.message} {...form.register('tags')} />
        <TextArea label={f.notes} optional rows={4} error={errors.notes?.message} {...form.register('notes')} />
      </form>
    </Modal>
  );
}
