// Staff type a child's reply (docs/product.md#sponsorship-letters): the sponsorship it answers, the
// transcription, an optional translation and the scanned letter; it then waits in the queue like any
// letter. Field refusals are shown next to their field; the sponsorship's number is on the child's
// record ("Quienes apadrinan"). A scan of a type the API refuses (a GIF, a .docx) is refused as soon as
// it is chosen and the reply does not go while it is chosen: it would be stored without its scan. A
// reply sent empties the form, its file field included; the server's word on a scan goes once another
// file is chosen.
import { useState, type FormEvent } from 'react';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { letterScreenText as t } from '@donaciones/shared/messages/letters';
import { replyInputSchema } from '@donaciones/shared/schemas/letters';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextArea, TextInput } from '@/components/form-fields';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { SLIP_TYPES, acceptOf, refusedType } from '@/lib/file-types';
import { useAddReply } from '../api/staff-letters';

/** The API's refusal of the scan's type (its slips' pipeline), known before anything is sent. */
const scanProblem = (file: File | null): string | undefined => (file && refusedType(file, SLIP_TYPES) ? depositMessages.errors.fileType : undefined);

export function ReplyForm() {
  const [sponsorshipId, setSponsorshipId] = useState('');
  const [body, setBody] = useState('');
  const [translation, setTranslation] = useState('');
  const [scan, setScan] = useState<File | null>(null);
  // A file input cannot be emptied through its value prop: a new key gives a new, empty one.
  const [scanKey, setScanKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const add = useAddReply();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setDone(false);
    if (scanProblem(scan)) return;
    // Digits only: Number('') is 0 and Number('abc') NaN, which the JSON body turned into a raw zod message.
    const number = replyInputSchema.shape.sponsorshipId.safeParse(/^\s*\d+\s*$/.test(sponsorshipId) ? Number(sponsorshipId) : Number.NaN);
    if (!number.success) {
      setErrors({ sponsorshipId: number.error.issues[0].message });
      return;
    }
    add.mutate(
      { input: { sponsorshipId: number.data, body, ...(translation.trim() ? { translation } : {}) }, scan },
      {
        onSuccess: () => {
          setBody('');
          setTranslation('');
          setScan(null);
          setScanKey((k) => k + 1);
          setDone(true);
        },
        onError: (error) => {
          const fields = getFieldErrors(error);
          setErrors(Object.keys(fields).length ? fields : { file: getErrorMessage(error, t.uploadReply) });
        },
      },
    );
  };

  return (
    <Card title={t.uploadReply} headingLevel="h2">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <TextInput label="N.º de apadrinamiento" hint={t.replyNumberHint} inputMode="numeric" value={sponsorshipId} onChange={(e) => setSponsorshipId(e.currentTarget.value)} error={errors.sponsorshipId} required />
        <TextArea label={t.transcription} rows={4} value={body} onChange={(e) => setBody(e.currentTarget.value)} error={errors.body} required />
        <TextArea label={t.translation} optional rows={3} value={translation} onChange={(e) => setTranslation(e.currentTarget.value)} error={errors.translation} />
        <TextInput
          key={scanKey}
          label={t.scanLabel}
          type="file"
          accept={acceptOf(SLIP_TYPES)}
          onChange={(e) => {
            setScan(e.currentTarget.files?.[0] ?? null);
            setErrors(({ file: _refused, ...others }) => others);
          }}
          error={scanProblem(scan) ?? errors.file}
          optional
        />
        {done && <p role="status" className="text-sm font-semibold text-brand-700">La respuesta quedó en revisión.</p>}
        <Button type="submit" loading={add.isPending}>{t.uploadReply}</Button>
      </form>
    </Card>
  );
}
