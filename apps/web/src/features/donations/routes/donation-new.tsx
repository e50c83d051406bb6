// Register a gift received by staff (/donations/new, docs/product.md#screens-and-routes): in-kind, services or cash,
// through POST /donations, validated inline with the same schema as the API (docs/product.md#validation-rules).
// Staff who may enter gifts (gifts.enter: ADMIN, FINANCE, VOLUNTEER) only: donors have one flow,
// /donate, and anyone else who opens this address is taken there. The gift is recorded pending.
import { Navigate, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { ClipboardList, HandHeart, Save } from 'lucide-react';
import { DONATION_TYPES } from '@donaciones/shared/constants';
import { can } from '@donaciones/shared/permissions';
import { donationTypeLabel, donationsMessages } from '@donaciones/shared/messages/donations';
import { type CreateDonation, type CreateDonationInput, createDonationSchema } from '@donaciones/shared/schemas/donations';
import { ButtonLink, Button } from '@/components/button';
import { Card } from '@/components/card';
import { Select, TextArea, TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { getErrorStatus } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { donationDetailPath, paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateDonation } from '../api/create-donation';
import { PageFrame } from '../components/page-frame';

const f = donationsMessages.form;
const TYPE_OPTIONS = DONATION_TYPES.map((t) => ({ value: t, label: donationTypeLabel(t) }));
const CURRENCY_OPTIONS = Object.entries(f.currencies).map(([value, label]) => ({ value, label }));
const FIELDS = ['donor_name', 'donor_email', 'amount', 'currency', 'donation_type', 'description'] as const;

export default function NewDonationPage() {
  const session = useSession();
  if (!can(session.roles, 'gifts.enter')) return <Navigate to={paths.donate} replace />;
  return <RegisterGiftForm />;
}

function RegisterGiftForm() {
  useDocumentTitle(f.title);
  const navigate = useNavigate();
  const create = useCreateDonation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateDonationInput, unknown, CreateDonation>({
    resolver: zodResolver(createDonationSchema),
    mode: 'onTouched',
    // The donor is someone else: staff type their name and email.
    defaultValues: { donor_name: '', donor_email: '', currency: 'GTQ', donation_type: 'goods', description: '' },
  });

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (donation) => {
        toast.success(f.created);
        navigate(donationDetailPath(donation.id));
      },
      onError: (error) => {
        if (getErrorStatus(error) !== 400) return; // the api client already showed its toast
        if (!applyServerErrors(setError, error, FIELDS)) toast.error(f.createFailed);
      },
    }),
  );

  return (
    <PageFrame narrow>
      <PageHeader eyebrow={f.eyebrow} title={f.title} description={f.subtitle} />
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-8" aria-label={f.title}>
            <fieldset className="flex flex-col gap-5">
              <legend className="mb-4 flex items-center gap-2 font-display text-lg font-semibold text-ink-900">
                <HandHeart aria-hidden="true" className="size-5 text-accent-600" />
                {f.donorSection}
              </legend>
              <div className="grid gap-5 sm:grid-cols-2">
                <TextInput label={f.donorName} required autoComplete="name" error={errors.donor_name?.message} {...register('donor_name')} />
                <TextInput label={f.donorEmail} required type="email" autoComplete="email" inputMode="email" error={errors.donor_email?.message} {...register('donor_email')} />
              </div>
            </fieldset>

            <fieldset className="flex flex-col gap-5">
              <legend className="mb-4 flex items-center gap-2 font-display text-lg font-semibold text-ink-900">
                <ClipboardList aria-hidden="true" className="size-5 text-accent-600" />
                {f.donationSection}
              </legend>
              <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
                <TextInput
                  label={f.amount}
                  required
                  type="number"
                  inputMode="decimal"
                  min={1}
                  max={10000}
                  step="0.01"
                  hint={f.amountHint}
                  error={errors.amount?.message}
                  {...register('amount', { valueAsNumber: true })}
                />
                <Select label={f.currency} required options={CURRENCY_OPTIONS} error={errors.currency?.message} {...register('currency')} />
              </div>
              <Select label={f.type} required options={TYPE_OPTIONS} error={errors.donation_type?.message} {...register('donation_type')} />
              <TextArea label={f.description} optional rows={4} maxLength={1000} hint={f.descriptionHint} error={errors.description?.message} {...register('description')} />
            </fieldset>

            <div className="flex flex-col-reverse gap-3 border-t border-sand-200 pt-6 sm:flex-row sm:justify-end">
              <ButtonLink to={paths.donations} variant="outline">
                {f.cancel}
              </ButtonLink>
              <Button type="submit" loading={create.isPending} loadingText={f.submitting} icon={<Save aria-hidden="true" className="size-4" />}>
                {f.submit}
              </Button>
            </div>
          </form>
        </Card>

        <aside className="rounded-card bg-brand-800 p-6 text-brand-50 shadow-card">
          <h2 className="font-display text-lg font-semibold text-white">{f.asideTitle}</h2>
          <ol className="mt-4 flex flex-col gap-4">
            {f.asideSteps.map((step, i) => (
              <li key={step} className="flex gap-3 text-sm leading-relaxed">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-400 font-bold text-ink-900">{i + 1}</span>
                {step}
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </PageFrame>
  );
}
