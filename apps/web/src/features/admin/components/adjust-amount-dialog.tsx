// "Corregir monto" on the staff donation page (docs/product.md#the-donation-ledger): a pending
// deposit's amount set to the lower amount that arrived at the bank, read as a Guatemalan writes it
// (1,500.50 or 1500.50; @donaciones/shared/amount-input) in the deposit's currency, with the reason.
// The same amount is refused here, a higher one too (the API's rule); the API's field errors and
// refusals show in the dialog. A gift the office entered was recorded, not declared, and says so; one
// entered without the donor's email says nobody is emailed.
import { useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { parseAmountInput } from '@donaciones/shared/amount-input';
import { formatCents, formatMoney, toCents } from '@donaciones/shared/format';
import { correctionsMessages as m } from '@donaciones/shared/messages/corrections';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { paymentCurrency } from '@donaciones/shared/schemas/payments';
import { TextInput } from '@/components/form-fields';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useCorrectDonation } from '../api/donation-corrections';
import { CorrectionDialog, reasonProblem, refusalOf, useCorrectionForm } from './correction-dialog';
import type { CorrectedDonation } from './void-donation-dialog';

const a = m.page.adjust;

/** The amount that arrived, in cents, or why it is refused. */
function readAmount(text: string, declaredCents: number, currency: string, entered: boolean): { cents: number } | { error: string } {
  // In the deposit's own currency: "US$1,200" on a dollar deposit, and Q refused there.
  const parsed = parseAmountInput(text, paymentCurrency(currency));
  if (!parsed.ok) return { error: donateMessages.amountRefused(parsed.problem, m.amountRequired) };
  if (parsed.cents <= 0) return { error: m.amountPositive };
  if (parsed.cents === declaredCents) return { error: a.same };
  if (parsed.cents > declaredCents) return { error: m.amountNotLower(entered) };
  return { cents: parsed.cents };
}

/** `entered`: the office entered the gift (its payment's `entry`), so its amount was recorded there, not declared by the donor. */
export function AdjustAmountDialog({ donation, entered, open, onClose }: { donation: CorrectedDonation; entered: boolean; open: boolean; onClose: () => void }) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const form = useCorrectionForm(reasonRef);
  const correct = useCorrectDonation();
  const amountRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');

  const close = () => {
    if (correct.isPending) return;
    form.reset();
    setText('');
    onClose();
  };

  const submit = useSingleFlight(async () => {
    const read = readAmount(text, toCents(donation.amount), donation.currency, entered);
    const problem = reasonProblem(form.reason);
    if ('error' in read || problem) {
      form.setErrors({ amount: 'error' in read ? read.error : undefined, reason: problem });
      if ('error' in read) amountRef.current?.focus();
      else reasonRef.current?.focus();
      return;
    }
    try {
      await correct.mutateAsync({ kind: 'adjust-amount', id: donation.id, amount: read.cents / 100, reason: form.reason.trim() });
      toast.success(a.done(donation.reference, formatCents(read.cents, donation.currency)));
      form.reset();
      setText('');
      onClose();
    } catch (err) {
      form.setErrors(refusalOf(err));
    }
  });

  return (
    <CorrectionDialog
      open={open}
      onClose={close}
      title={a.title(donation.reference)}
      description={a.body(formatMoney(donation.amount, donation.currency), entered, donation.emailed)}
      confirmLabel={a.confirm}
      busy={correct.isPending}
      form={form}
      reasonRef={reasonRef}
      onSubmit={() => void submit()}
      initialFocus={amountRef}
      formId="adjust-amount"
    >
      <TextInput
        ref={amountRef}
        label={a.field}
        name="amount"
        required
        inputMode="decimal"
        autoComplete="off"
        prefix={donation.currency === 'USD' ? 'US$' : 'Q'}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          form.setErrors((errors) => ({ ...errors, amount: undefined, form: undefined }));
        }}
        error={form.errors.amount}
      />
    </CorrectionDialog>
  );
}
