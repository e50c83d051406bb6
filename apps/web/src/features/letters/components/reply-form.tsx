// Staff type a child's reply (docs/product.md#sponsorship-letters): the sponsorship it answers, the
// transcription, an optional translation and the scanned letter; it then waits in the queue like any
// letter. Field refusals are shown next to their field; the sponsorship's number is on the child's
// record ("Quienes apadrinan"). A scan of a type the API refuses (a GIF, a .docx) is refused as soon as
// it is chosen and the reply does not go while it is chosen: it would be stored without its scan. A
// reply sent empties the form, its file field included; the server's word on a scan goes once another
// file is chosen. A reply stored whose scan was then refused or cut off is not sent again: the form
// says so and attaches the next file to that reply.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { letterScreenText as t } from '@donaciones/shared/messages/letters';
import { replyInputSchema } from '@donaciones/shared/schemas/letters';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextArea, TextInput } from '@/components/form-fields';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { SLIP_TYPES, acceptOf, refusedType } from '@/lib/file-types';
import { REPLY_PARAM } from '@/lib/paths';
import { ScanNotAttached, useAddReply, useAttachScan } from '../api/staff-letters';

/** The API's refusal of the scan's type (its slips' pipeline), known before anything is sent. */
const scanProblem = (file: File | null): string | undefined => (file && refusedType(file, SLIP_TYPES) ? depositMessages.errors.fileType : undefined);

/** What staff type and choose; `empty` clears it all, the file field included. */
function useReplyFields() {
  // Opened from «Subir respuesta» on a child's record, the sponsorship's number comes in the address.
  const [params] = useSearchParams();
  const given = params.get(REPLY_PARAM) ?? '';
  const [sponsorshipId, setSponsorshipId] = useState(/^\d+$/.test(given) ? given : '');
  // The form sits under the queue: with the number given, the transcription is where staff start.
  const startAtTranscription = /^\d+$/.test(given);
  const [body, setBody] = useState('');
  const [translation, setTranslation] = useState('');
  const [scan, setScan] = useState<File | null>(null);
  // A file input cannot be emptied through its value prop: a new key gives a new, empty one.
  const [scanKey, setScanKey] = useState(0);
  const empty = () => {
    setBody('');
    setTranslation('');
    setScan(null);
    setScanKey((k) => k + 1);
  };
  return { sponsorshipId, setSponsorshipId, startAtTranscription, body, setBody, translation, setTranslation, scan, setScan, scanKey, empty };
}

type ReplyFields = ReturnType<typeof useReplyFields>;

function ReplyTextFields({ fields: f, errors }: { fields: ReplyFields; errors: Record<string, string> }) {
  const transcription = useRef<HTMLTextAreaElement>(null);
  const { startAtTranscription } = f;
  useEffect(() => {
    if (startAtTranscription) transcription.current?.focus();
  }, [startAtTranscription]);
  return (
    <>
      <TextInput label="N.º de apadrinamiento" hint={t.replyNumberHint} inputMode="numeric" value={f.sponsorshipId} onChange={(e) => f.setSponsorshipId(e.currentTarget.value)} error={errors.sponsorshipId} required />
      <TextArea ref={transcription} label={t.transcription} rows={4} value={f.body} onChange={(e) => f.setBody(e.currentTarget.value)} error={errors.body} required />
      <TextArea label={t.translation} optional rows={3} value={f.translation} onChange={(e) => f.setTranslation(e.currentTarget.value)} error={errors.translation} />
    </>
  );
}

/** A reply stored without its scan (refused or cut off): the next file goes to it, never a second copy of the reply. */
function useStoredReply(onAttached: () => void, onRefused: (message: string) => void) {
  const [stored, setStored] = useState<{ id: number; why: string } | null>(null);
  const attach = useAttachScan();
  const attachScan = (scan: File | null) => {
    if (!stored) return;
    if (!scan) {
      onRefused(t.chooseScan);
      return;
    }
    attach.mutate(
      { replyId: stored.id, scan },
      {
        onSuccess: () => {
          setStored(null);
          onAttached();
        },
        onError: (error) => onRefused(getErrorMessage(error, t.scanCutOff)),
      },
    );
  };
  return { stored, setStored, attachScan, attaching: attach.isPending };
}

export function ReplyForm() {
  const fields = useReplyFields();
  const { sponsorshipId, body, translation, scan, setScan, scanKey } = fields;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const add = useAddReply();
  const { stored, setStored, attachScan, attaching } = useStoredReply(
    () => {
      fields.empty();
      setDone(t.scanAttached);
    },
    (message) => setErrors({ file: message }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setDone(null);
    if (scanProblem(scan)) return;
    if (stored) {
      attachScan(scan);
      return;
    }
    // Digits only: Number('') is 0 and Number('abc') NaN, which the JSON body turned into a raw zod message.
    const number = replyInputSchema.shape.sponsorshipId.safeParse(/^\s*\d+\s*$/.test(sponsorshipId) ? Number(sponsorshipId) : Number.NaN);
    if (!number.success) {
      setErrors({ sponsorshipId: number.error.issues[0].message });
      return;
    }
    add.mutate(
      { input: { sponsorshipId: number.data, body, ...(translation.trim() ? { translation } : {}) }, scan },
      {
        onSuccess: (reply) => {
          fields.empty();
          setDone(t.replyStored(reply.childFirstName, reply.sponsorName, reply.sponsorshipId));
        },
        onError: (error) => {
          if (error instanceof ScanNotAttached) {
            fields.empty();
            setStored({ id: error.reply.id, why: getErrorMessage(error.reason, t.scanCutOff) });
            return;
          }
          const refused = getFieldErrors(error);
          setErrors(Object.keys(refused).length ? refused : { file: getErrorMessage(error, t.uploadReply) });
        },
      },
    );
  };

  return (
    <Card title={t.uploadReply} headingLevel="h2">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {stored ? (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">{t.replyWithoutScan(stored.id, stored.why)}</p>
        ) : (
          <ReplyTextFields fields={fields} errors={errors} />
        )}
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
          optional={!stored}
          required={!!stored}
        />
        {done && <p role="status" className="text-sm font-semibold text-brand-700">{done}</p>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={add.isPending || attaching}>{stored ? t.attachScan : t.uploadReply}</Button>
          {stored && (
            <Button type="button" variant="outline" onClick={() => { setStored(null); setErrors({}); }}>
              {t.anotherReply}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
