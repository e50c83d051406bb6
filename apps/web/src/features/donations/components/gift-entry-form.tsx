// The staff gift form (docs/product.md#staff-gift-entry): react-hook-form with the API's own schema
// (packages/shared/src/schemas/gift-entry.ts); what only the server can check (the settings' bounds,
// CF below Q2,500, a closed month, the donor) comes back as a 400 and is shown on its field.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { CalendarCheck, ClipboardList, HandHeart, Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { guatemalaDay } from '@donaciones/shared/format';
import { giftEntryMessages as g } from '@donaciones/shared/messages/gift-entry';
import { type StaffGift, type StaffGiftInput, staffGiftSchema } from '@donaciones/shared/schemas/gift-entry';
import { Button, ButtonLink } from '@/components/button';
import { getErrorStatus } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { adminDonationDetailPath, paths } from '@/lib/paths';
import { useEnterGift } from '../api/enter-gift';
import { useGiftEntryOptions } from '../api/gift-entry-options';
import type { ChosenDonor } from './donor-picker';
import { AmountFields, type DonorMode, DonorFields, MethodFields } from './gift-entry-fields';

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-5">
      <legend className="mb-4 flex items-center gap-2 font-display text-lg font-semibold text-ink-900">
        {icon}
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

function useGiftEntryForm() {
  const form = useForm<StaffGiftInput, unknown, StaffGift>({
    resolver: zodResolver(staffGiftSchema),
    mode: 'onTouched',
    defaultValues: { donorId: null, donorName: '', donorEmail: '', donorPhone: '', receivedOn: guatemalaDay(new Date()), method: 'cash', currency: 'GTQ', programId: '' as never, nit: '', note: '', completed: false },
  });
  const [mode, setMode] = useState<DonorMode>('new');
  const [chosen, setChosen] = useState<ChosenDonor | null>(null);
  const choose = (donor: ChosenDonor | null) => {
    setChosen(donor);
    form.setValue('donorId', donor?.id ?? null);
    form.clearErrors(['donorId', 'donorName']);
  };
  const switchMode = (next: DonorMode) => {
    setMode(next);
    choose(null);
    if (next === 'existing') form.reset({ ...form.getValues(), donorName: '', donorEmail: '', donorPhone: '', donorId: null });
  };
  return { form, mode, switchMode, chosen, choose };
}

export function GiftEntryForm() {
  const navigate = useNavigate();
  const enter = useEnterGift();
  const options = useGiftEntryOptions();
  const { form, mode, switchMode, chosen, choose } = useGiftEntryForm();

  const onSubmit = form.handleSubmit((values) =>
    enter.mutate(values, {
      onSuccess: (gift) => {
        toast.success(gift.status === 'completed' ? g.createdCompleted : g.created);
        navigate(adminDonationDetailPath(gift.id));
      },
      onError: (error) => {
        if (getErrorStatus(error) !== 400) return; // the api client already showed its toast
        if (!applyServerErrors(form.setError, error)) toast.error(g.createFailed);
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-8" aria-label={g.title}>
      {options.isError && <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">{g.optionsFailed}</p>}
      <Section icon={<HandHeart aria-hidden="true" className="size-5 text-accent-600" />} title={g.donorSection}>
        <DonorFields form={form} mode={mode} onMode={switchMode} chosen={chosen} onChoose={choose} />
      </Section>
      <Section icon={<CalendarCheck aria-hidden="true" className="size-5 text-accent-600" />} title={g.paymentSection}>
        <MethodFields form={form} closedThrough={options.data?.closed_through} />
      </Section>
      <Section icon={<ClipboardList aria-hidden="true" className="size-5 text-accent-600" />} title={g.giftSection}>
        <AmountFields form={form} options={options.data} />
      </Section>
      <div className="flex flex-col-reverse gap-3 border-t border-sand-200 pt-6 sm:flex-row sm:justify-end">
        <ButtonLink to={paths.adminDonations} variant="outline">
          {g.cancel}
        </ButtonLink>
        <Button type="submit" loading={enter.isPending} loadingText={g.submitting} icon={<Save aria-hidden="true" className="size-4" />}>
          {g.submit}
        </Button>
      </div>
    </form>
  );
}
