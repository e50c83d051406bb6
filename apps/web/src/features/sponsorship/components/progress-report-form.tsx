// The staff's new progress report (docs/product.md#sponsorship): the shared schema's Spanish errors
// under each field, including the contact details the detector finds in a text the sponsor reads
// (checked here before sending and again by the API, which refuses to publish while any remain). A
// photo of a type the API refuses (a GIF, a .txt) is refused as soon as it is chosen, in the API's
// words, and one over the API's 5 MB is redrawn smaller first, as a child's photo (lib/photo-to-send.ts),
// or refused when the browser cannot redraw it; the report does not go while a refused photo is
// chosen, nor while one is being redrawn: it would be published without it.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LETTER_FILE_MAX_BYTES } from '@donaciones/shared/messages/letters';
import { progressReportMessages, progressReportTexts as t } from '@donaciones/shared/messages/progress-reports';
import { REPORT_DATE_MIN, type ProgressReportInput, progressReportInputSchema } from '@donaciones/shared/schemas/progress-reports';
import { guatemalaDay } from '@donaciones/shared/format';
import { Button } from '@/components/button';
import { ErrorMessage, SuccessMessage } from '@/components/flash-message';
import { TextArea, TextInput } from '@/components/form-fields';
import { getErrorMessage } from '@/lib/api-client';
import { PHOTO_TYPES, acceptOf } from '@/lib/file-types';
import { applyServerErrors } from '@/lib/form-errors';
import { useChosenPhoto } from '@/lib/use-chosen-photo';
import { usePublishProgressReport } from '../api/progress-reports';

/** A report's photo goes up as a letter's file does (up to 5 MB); a larger one is redrawn under it first. */
export const REPORT_PHOTO = { maxBytes: LETTER_FILE_MAX_BYTES, notImage: progressReportMessages.photoNotImage, tooLarge: progressReportMessages.photoTooLarge };

const FIELDS = ['period', 'reportDate', 'schoolGrade', 'attendancePercent', 'achievement', 'health', 'messageToSponsor', 'staffNotes'] as const;

const empty = (): ProgressReportInput => ({
  period: '',
  reportDate: guatemalaDay(new Date()),
  schoolGrade: '',
  attendancePercent: null,
  achievement: '',
  health: '',
  messageToSponsor: '',
  staffNotes: '',
});

export function ProgressReportForm({ childId, childName }: { childId: number; childName: string }) {
  const publish = usePublishProgressReport(childId);
  const form = useForm<ProgressReportInput>({ resolver: zodResolver(progressReportInputSchema) as never, defaultValues: empty() });
  // The chosen photo, then the file to send (redrawn when it was larger) or why it is not sent.
  const { photo, choose: choosePhoto, clear: clearPhoto, preparing } = useChosenPhoto(REPORT_PHOTO);
  const [photoKey, setPhotoKey] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setDone(null);
    setPhotoError(null);
    if (photo?.problem || preparing) return;
    try {
      const result = await publish.mutateAsync({ values, photo: photo?.ready ?? null });
      form.reset(empty());
      clearPhoto();
      setPhotoKey((k) => k + 1);
      setDone(t.published(childName));
      if (result.photoError) setPhotoError(`El informe se publicó sin foto: ${getErrorMessage(result.photoError, 'no pudimos subirla')}.`);
    } catch (error) {
      applyServerErrors(form.setError, error, FIELDS);
    }
  });
  const sponsorReads = t.sponsorVisibleHint;
  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate aria-label={t.newReport}>
      <TextInput label={t.period} required placeholder="Primer semestre 2026" {...form.register('period')} error={e.period?.message} />
      <TextInput label={t.reportDate} type="date" required min={REPORT_DATE_MIN} max={guatemalaDay(new Date())} {...form.register('reportDate')} error={e.reportDate?.message} />
      <TextInput label={t.schoolGrade} optional placeholder="Cuarto primaria" {...form.register('schoolGrade')} error={e.schoolGrade?.message} />
      <TextInput
        label={t.attendance}
        optional
        inputMode="numeric"
        {...form.register('attendancePercent', { setValueAs: (v) => (v === '' || v == null ? null : Number(v)) })}
        error={e.attendancePercent?.message}
      />
      <TextArea className="sm:col-span-2" label={t.achievement} optional rows={2} hint={sponsorReads} {...form.register('achievement')} error={e.achievement?.message} />
      <TextArea className="sm:col-span-2" label={t.health} optional rows={2} hint={sponsorReads} {...form.register('health')} error={e.health?.message} />
      <TextArea className="sm:col-span-2" label={t.message} required rows={4} hint={sponsorReads} {...form.register('messageToSponsor')} error={e.messageToSponsor?.message} />
      <TextArea className="sm:col-span-2" label={t.staffNotes} optional rows={2} hint={t.staffNotesHint} {...form.register('staffNotes')} error={e.staffNotes?.message} />
      <TextInput
        key={photoKey}
        className="sm:col-span-2"
        label={t.photo}
        type="file"
        accept={acceptOf(PHOTO_TYPES)}
        hint={t.photoHint}
        error={photo?.problem}
        onChange={(event) => void choosePhoto(event.currentTarget.files?.[0] ?? null)}
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" loading={publish.isPending || preparing}>{t.publish}</Button>
      </div>
      <div className="sm:col-span-2">
        <SuccessMessage message={done} />
        <ErrorMessage message={photoError} />
      </div>
    </form>
  );
}
