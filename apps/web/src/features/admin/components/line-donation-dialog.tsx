// "Registrar como donación" on a bank credit no pending deposit explains (docs/product.md#bank-deposits): staff
// type who deposited and the NIT or CUI for the receipt (required from Q2,500, checked by the API); the amount
// and the date are the line's, shown and not editable.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { formatDay, formatMoney } from '@donaciones/shared/format';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import {
  type StatementLine,
  type StatementLineDonation,
  type StatementLineDonationInput,
  statementLineDonationSchema,
} from '@donaciones/shared/schemas/bank-statements';
import { Button } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useDonationFromStatementLine } from '../api/bank-statements';

const m = bankStatementsMessages.screen;
const FIELDS = ['donor_name', 'donor_email', 'donor_nit'] as const;

export function LineDonationDialog({ importId, line, onClose }: { importId: number; line: StatementLine | null; onClose: () => void }) {
  const save = useDonationFromStatementLine();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<StatementLineDonationInput, unknown, StatementLineDonation>({
    resolver: zodResolver(statementLineDonationSchema),
    defaultValues: { donor_name: '', donor_email: '', donor_nit: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (donor) => {
    if (!line) return;
    setFormError(null);
    try {
      const updated = await save.mutateAsync({ importId, lineId: line.id, donor });
      const reference = updated.lines.find((l) => l.id === line.id)?.confirmed_donation?.reference_code ?? '';
      toast.success(m.lineDonationDone(reference));
      close();
    } catch (error) {
      if (applyServerErrors(form.setError, error, FIELDS)) return;
      setFormError(getErrorMessage(error, m.lineDonationError));
    }
  });

  return (
    <Modal
      open={line != null}
      onClose={close}
      dismissible={!save.isPending}
      title={m.lineDonationTitle}
      description={line && m.lineDonationDescription(formatMoney(line.amount), formatDay(line.posted_on), line.line_number)}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={save.isPending}>
            {m.confirmCancel}
          </Button>
          <Button type="submit" form="line-donation-form" loading={save.isPending} loadingText={m.lineDonationSaving}>
            {m.lineDonationSave}
          </Button>
        </>
      }
    >
      <form id="line-donation-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        {formError && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
            {formError}
          </p>
        )}
        <TextInput label={m.donorName} required autoComplete="off" error={errors.donor_name?.message} {...form.register('donor_name')} />
        <TextInput label={m.donorEmail} type="email" required autoComplete="off" error={errors.donor_email?.message} {...form.register('donor_email')} />
        <TextInput label={m.donorNit} autoComplete="off" hint={m.donorNitHint} error={errors.donor_nit?.message} {...form.register('donor_nit')} />
      </form>
    </Modal>
  );
}
