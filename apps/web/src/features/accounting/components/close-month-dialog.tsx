// "Cerrar el mes" (docs/product.md#the-register-and-the-close, close.manage): closing a month cannot be
// undone and locks everything dated up to its end, so it asks first, saying so; the close is sent once
// (a double click too) and the API's refusal is shown in the dialog.
import { useState } from 'react';
import { accountingScreenMessages as ui } from '@donaciones/shared/messages/accounting';
import { Button } from '@/components/button';
import { ErrorMessage } from '@/components/flash-message';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useCloseMonth } from '../api/register';

export function CloseMonthButton({ month }: { month: string }) {
  const [open, setOpen] = useState(false);
  const close = useCloseMonth();
  const dismiss = () => {
    if (close.isPending) return;
    close.reset();
    setOpen(false);
  };
  const confirm = useSingleFlight(async () => {
    try {
      await close.mutateAsync(month);
      setOpen(false);
    } catch {
      // Shown in the dialog from close.error.
    }
  });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {ui.closeMonth}
      </Button>
      <Modal
        open={open}
        onClose={dismiss}
        role="alertdialog"
        dismissible={!close.isPending}
        title={ui.closeConfirmTitle(month)}
        description={ui.closeConfirmText(month)}
        footer={
          <>
            <Button variant="outline" onClick={dismiss} disabled={close.isPending}>
              {ui.cancel}
            </Button>
            <Button variant="danger" onClick={() => void confirm()} loading={close.isPending} loadingText={ui.closing}>
              {ui.closeMonth}
            </Button>
          </>
        }
      >
        {close.error && <ErrorMessage message={getErrorMessage(close.error, ui.closeError)} />}
      </Modal>
    </>
  );
}
