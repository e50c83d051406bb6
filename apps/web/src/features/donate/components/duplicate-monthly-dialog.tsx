// "¿Quieres tener dos donaciones mensuales?": asked by /donate when the donor already gives the same
// amount each month (the API's DUPLICATE_MONTHLY_GIFT). Its own module, loaded only when asked.
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';

export interface DuplicateMonthlyDialogProps {
  /** "Q89.00 al mes" */
  amountPerMonth: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export default function DuplicateMonthlyDialog({ amountPerMonth, onCancel, onConfirm }: DuplicateMonthlyDialogProps) {
  return (
    <Modal
      open
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      title={monthlyMessages.duplicate}
      description={monthlyMessages.duplicateDialog.body(amountPerMonth)}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {monthlyMessages.duplicateDialog.cancel}
          </Button>
          <Button onClick={onConfirm}>{monthlyMessages.duplicateDialog.confirm}</Button>
        </>
      }
    />
  );
}
