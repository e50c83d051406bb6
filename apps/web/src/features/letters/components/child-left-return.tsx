// A sponsor's letter to a child who left the programme, in the staff queue (docs/product.md#sponsorship-letters):
// it can no longer be approved nor delivered (the server answers 409 too), so staff only read why and
// return it to its sponsor with a reason, suggested and editable; the sponsor reads it with the letter.
import { useState } from 'react';
import { letterMessages as m, letterScreenText as t } from '@donaciones/shared/messages/letters';
import type { StaffLetter } from '@donaciones/shared/schemas/letters';
import { Button } from '@/components/button';
import { TextArea } from '@/components/form-fields';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { useReturnLetter } from '../api/staff-letters';

export function ChildLeftReturn({ letter }: { letter: StaffLetter }) {
  const [reason, setReason] = useState<string>(t.childLeftReturnReason);
  const [error, setError] = useState<string | undefined>();
  const giveBack = useReturnLetter();
  const onReturn = () => {
    setError(undefined);
    giveBack.mutate({ id: letter.id, reason }, { onError: (e) => setError(getFieldErrors(e).reason ?? getErrorMessage(e, t.returnLetter)) });
  };
  return (
    <div className="mt-4 space-y-4">
      <p role="note" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800">{m.childLeft}</p>
      <TextArea label={t.returnLetter} rows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} />
      <Button variant="outline" onClick={onReturn} loading={giveBack.isPending}>{t.returnLetter}</Button>
    </div>
  );
}
