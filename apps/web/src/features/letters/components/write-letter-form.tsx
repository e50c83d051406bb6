// The sponsor writes a letter (docs/product.md#sponsorship-letters): the text (react-hook-form with the
// shared schema), an optional photo, and a warning while the text seems to hold contact details, which
// staff will redact before delivery. A photo of another type than JPG, PNG or HEIC is refused when it is
// chosen; one over the upload's limit is redrawn smaller in the browser (lib/photo-to-send.ts), as a
// phone's photo often is, or refused when the browser cannot redraw it: either way before anything is
// sent. A photo refused after the letter was stored says so, and the letter is not offered again.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { findLetterFlags } from '@donaciones/shared/letter-flags';
import { LETTER_FILE_MAX_BYTES, letterMessages, letterScreenText as t } from '@donaciones/shared/messages/letters';
import { letterInputSchema, type LetterInput } from '@donaciones/shared/schemas/letters';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextArea, TextInput } from '@/components/form-fields';
import { getErrorMessage } from '@/lib/api-client';
import { PHOTO_TYPES, acceptOf } from '@/lib/file-types';
import { applyServerErrors } from '@/lib/form-errors';
import { useChosenPhoto } from '@/lib/use-chosen-photo';
import { PhotoNotAttached, useWriteLetter } from '../api/sponsor-letters';

const LETTER_PHOTO = { maxBytes: LETTER_FILE_MAX_BYTES, notImage: t.photoWrongType, tooLarge: t.photoTooLarge };

export function WriteLetterForm({ sponsorshipId }: { sponsorshipId: number }) {
  const { photo, choose, clear, preparing } = useChosenPhoto(LETTER_PHOTO);
  // What the server answered about the photo or the letter, when it is not a field's.
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  // A new key empties the file field (its value cannot be set) once a letter has gone.
  const [fileField, setFileField] = useState(0);
  const write = useWriteLetter(sponsorshipId);
  const { register, handleSubmit, control, reset, setError, formState } = useForm<LetterInput>({ resolver: zodResolver(letterInputSchema), defaultValues: { body: '' } });
  const body = useWatch({ control, name: 'body' });
  const hasContact = findLetterFlags(body ?? '').length > 0;

  const choosePhoto = (file: File | null) => {
    setPhotoError(undefined);
    void choose(file);
  };

  const afterSent = (message: string) => {
    reset({ body: '' });
    clear();
    setFileField((n) => n + 1);
    setSent(message);
  };

  const onSubmit = handleSubmit((input) => {
    setSent(null);
    // A photo being redrawn or refused keeps the letter here: it never goes without the photo chosen.
    if (preparing || photo?.problem) return;
    setPhotoError(undefined);
    write.mutate(
      { input, photo: photo?.ready ?? null },
      {
        onSuccess: () => afterSent(t.sent),
        onError: (error) => {
          if (error instanceof PhotoNotAttached) afterSent(t.sentWithoutPhoto(getErrorMessage(error.reason, t.photoCutOff)));
          else if (!applyServerErrors(setError, error, ['body'])) setPhotoError(getErrorMessage(error, t.send));
        },
      },
    );
  });

  return (
    <Card title={t.write}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <TextArea label="Tu carta" rows={7} required {...register('body')} error={formState.errors.body?.message} hint={hasContact ? letterMessages.contactWarning : undefined} />
        <TextInput
          key={fileField}
          label={t.photoLabel}
          type="file"
          accept={acceptOf(PHOTO_TYPES)}
          optional
          hint={t.photoHelp}
          onChange={(e) => choosePhoto(e.currentTarget.files?.[0] ?? null)}
          error={photo?.problem ?? photoError}
        />
        {sent && <p role="status" className="text-sm font-semibold text-brand-700">{sent}</p>}
        <Button type="submit" loading={write.isPending || preparing}>{t.send}</Button>
      </form>
    </Card>
  );
}
