// One letter in the staff queue (docs/product.md#sponsorship-letters): its text with the contact
// details marked, a checkbox per detail to replace it with "[retirado]" (all checked at first), the
// text the other side will receive, and approve (a reason is asked when a detail is left) or return
// with a reason. A letter with an image in review shows the redactor (decision 0056) and, until boxes
// are burned in, asks staff to confirm the image shows no contact details. The server's refusals are
// shown next to their field. A sponsor's letter to a child who left the programme is marked "Salió del
// programa" and can only be returned to its sponsor (ChildLeftReturn), never approved nor delivered.
import { useMemo, useState } from 'react';
import { LETTER_FLAG_LABELS, redactSpans } from '@donaciones/shared/letter-flags';
import { letterDirectionLabels, letterScreenText as t } from '@donaciones/shared/messages/letters';
import type { ApproveLetterInput, StaffLetter } from '@donaciones/shared/schemas/letters';
import { formatDateTime } from '@donaciones/shared/format';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Checkbox, TextArea } from '@/components/form-fields';
import { Badge } from '@/components/badge';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { useApproveLetter, useDeliverLetter, useReturnLetter } from '../api/staff-letters';
import { ChildLeftReturn } from './child-left-return';
import { HighlightedLetter } from './highlighted-letter';
import { ImageRedactor } from './image-redactor';
import { LetterFile } from './letter-file';
import { LetterStatusBadge } from './letter-status-badge';

/** What the approval sends: only the fields staff filled, and the image version they looked at. */
function approvalOf(letter: StaffLetter, form: { spans: ApproveLetterInput['redactions']; overrideReason: string; translation: string; imageConfirmed: boolean }): ApproveLetterInput {
  return {
    redactions: form.spans,
    ...(form.overrideReason.trim() ? { overrideReason: form.overrideReason } : {}),
    ...(form.translation.trim() ? { translation: form.translation } : {}),
    ...(form.imageConfirmed ? { imageConfirmed: true } : {}),
    ...(letter.imageVersion ? { imageVersion: letter.imageVersion } : {}),
  };
}

export function LetterReview({ letter }: { letter: StaffLetter }) {
  const [redact, setRedact] = useState<boolean[]>(() => letter.flags.map(() => true));
  const [overrideReason, setOverrideReason] = useState('');
  const [translation, setTranslation] = useState(letter.translation ?? '');
  const [returnReason, setReturnReason] = useState('');
  const [imageConfirmed, setImageConfirmed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const approve = useApproveLetter();
  const giveBack = useReturnLetter();
  const deliver = useDeliverLetter();
  const spans = useMemo(() => letter.flags.filter((_, i) => redact[i]).map(({ start, end }) => ({ start, end })), [letter.flags, redact]);
  // A letter to a child who left cannot be handed over: returning it is the only way on.
  const undeliverable = letter.childLeft && letter.direction === 'to_child' && (letter.status === 'in_review' || letter.status === 'approved');
  const inReview = letter.status === 'in_review' && !undeliverable;
  const imagePath = letter.hasPhoto ? `/admin/letters/${letter.id}/photo` : letter.hasScan ? `/admin/letters/${letter.id}/scan` : null;
  const imageAlt = letter.hasPhoto ? `Foto de la carta ${letter.id}` : `Carta escaneada ${letter.id}`;
  const heading = `${letterDirectionLabels[letter.direction]} · ${letter.childFirstName} (${letter.community || '—'})`;

  const fail = (error: unknown, field: string) => {
    const fields = getFieldErrors(error);
    setErrors(Object.keys(fields).length ? fields : { [field]: getErrorMessage(error, t.approve) });
  };
  const onApprove = () => {
    setErrors({});
    approve.mutate({ id: letter.id, body: approvalOf(letter, { spans, overrideReason, translation, imageConfirmed }) }, { onError: (e) => fail(e, 'overrideReason') });
  };
  const onReturn = () => {
    setErrors({});
    giveBack.mutate({ id: letter.id, reason: returnReason }, { onError: (e) => fail(e, 'reason') });
  };

  return (
    <Card title={heading} headingLevel="h3" description={`${letter.sponsorName || '—'} · ${formatDateTime(letter.createdAt)} · ${t.serviceTime}: ${letter.serviceHours} h`}
      actions={<>{letter.childLeft && <Badge tone="danger">{t.childLeftBadge}</Badge>}<LetterStatusBadge status={letter.status} /></>}
      data-testid={`letter-${letter.id}`}>
      <HighlightedLetter body={letter.body} flags={letter.flags} />
      {imagePath && !inReview && <LetterFile path={imagePath} alt={imageAlt} version={letter.imageVersion} />}
      {imagePath && inReview && <ImageRedactor letterId={letter.id} path={imagePath} version={letter.imageVersion} alt={imageAlt} imageBoxes={letter.imageBoxes} />}
      {letter.returnReason && <p className="mt-3 text-sm text-ink-700">{`${t.returnLetter}: ${letter.returnReason}`}</p>}
      {letter.overrideReason && <p className="mt-3 text-sm text-ink-700">{`${t.overrideReason}: ${letter.overrideReason}`}</p>}
      {inReview && (
        <div className="mt-4 space-y-4">
          <fieldset className="space-y-3">
            <legend className="mb-2 font-semibold text-ink-900">{t.flagsHeading}</legend>
            {letter.flags.length === 0 && <p className="text-sm text-ink-600">{t.noFlags}</p>}
            {letter.flags.map((flag, i) => (
              <Checkbox
                key={`${flag.start}-${flag.end}`}
                label={`${t.redactSelected}: ${LETTER_FLAG_LABELS[flag.kind]} «${flag.text}»`}
                checked={redact[i] ?? false}
                onChange={(e) => setRedact((r) => r.map((v, j) => (j === i ? e.currentTarget.checked : v)))}
              />
            ))}
          </fieldset>
          <div>
            <p className="text-sm font-semibold text-ink-900">{t.preview}</p>
            <p className="mt-1 rounded-lg bg-sand-50 p-3 text-sm break-words whitespace-pre-wrap text-ink-800" data-testid="letter-preview">{redactSpans(letter.body, spans)}</p>
          </div>
          {imagePath && letter.imageBoxes === 0 && (
            <Checkbox label={t.imageConfirm} checked={imageConfirmed} onChange={(e) => setImageConfirmed(e.currentTarget.checked)} error={errors.imageConfirmed} />
          )}
          <TextArea label={t.translation} optional rows={2} value={translation} onChange={(e) => setTranslation(e.currentTarget.value)} error={errors.translation} />
          <TextArea label={t.overrideReason} optional rows={2} value={overrideReason} onChange={(e) => setOverrideReason(e.currentTarget.value)} error={errors.overrideReason} />
          <TextArea label={t.returnLetter} optional rows={2} value={returnReason} onChange={(e) => setReturnReason(e.currentTarget.value)} error={errors.reason} />
          <div className="flex flex-wrap gap-3">
            <Button onClick={onApprove} loading={approve.isPending}>{t.approve}</Button>
            <Button variant="outline" onClick={onReturn} loading={giveBack.isPending}>{t.returnLetter}</Button>
          </div>
        </div>
      )}
      {undeliverable && <ChildLeftReturn letter={letter} />}
      {letter.status === 'approved' && letter.direction === 'to_child' && !undeliverable && (
        <div className="mt-4">
          <p className="rounded-lg bg-sand-50 p-3 text-sm whitespace-pre-wrap text-ink-800">{letter.sharedBody}</p>
          <Button className="mt-3" variant="outline" onClick={() => deliver.mutate(letter.id)} loading={deliver.isPending}>{t.markDelivered}</Button>
        </div>
      )}
    </Card>
  );
}
