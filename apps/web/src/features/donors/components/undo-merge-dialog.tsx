// "Deshacer fusión" on the surviving donor's page (docs/product.md#donors, donors.manage): a
// confirmation saying both donors come back apart as they were, then the undo, sent once.
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Undo2 } from 'lucide-react';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useUndoMerge } from '../api/donors';

const t = donorsMessages.duplicates;

export function UndoMergeButton({ mergeId, survivorId, mergedId }: { mergeId: number; survivorId: number; mergedId: number }) {
  const [open, setOpen] = useState(false);
  const undo = useUndoMerge();
  const close = () => {
    if (!undo.isPending) setOpen(false);
  };
  const run = useSingleFlight(async () => {
    try {
      await undo.mutateAsync(mergeId);
      toast.success(t.undone);
      setOpen(false);
    } catch (e) {
      toast.error(getErrorMessage(e, t.undoError));
    }
  });
  return (
    <>
      <Button variant="outline" size="sm" className="ml-2" onClick={() => setOpen(true)} icon={<Undo2 aria-hidden="true" className="size-4" />}>
        {t.undo}
      </Button>
      <Modal
        open={open}
        onClose={close}
        role="alertdialog"
        dismissible={!undo.isPending}
        title={t.undoTitle}
        description={t.undoText(survivorId, mergedId)}
        footer={
          <>
            <Button variant="outline" onClick={close} disabled={undo.isPending}>
              {t.cancel}
            </Button>
            <Button onClick={() => void run()} loading={undo.isPending} loadingText={t.undoing} icon={<Undo2 aria-hidden="true" className="size-4" />}>
              {t.undo}
            </Button>
          </>
        }
      />
    </>
  );
}
