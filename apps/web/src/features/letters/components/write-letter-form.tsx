// The sponsor writes a letter (docs/product.md#sponsorship-letters): the text (react-hook-form with the
// shared schema), an optional photo, and a warning while the text seems to hold contact details, which
// staff will redact before delivery. A photo over the upload's limit or of another type than JPG, PNG
// or HEIC is refused before anything is sent; a photo refused after the letter was stored says so,
// and the letter is not offered again.
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
import { PHOTO_TYPES, acceptOf, refusedType } from '@/lib/file-types';
import { applyServerErrors } from '@/lib/form-errors';
import { PhotoNotAttached, useWriteLetter } from '../api/sponsor-letters';

/** Why the chosen photo cannot go, known before anything is sent (so the letter never leaves without it). */
function photoProblem(file: File | null): string | undefined {
  if (file === null) return undefined;
  if (file.size > LETTER_FILE_MAX_BYTES) return t.photoTooLarge;
  if (refusedType(file, PHOTO_TYPES)) return t.photoWrongType;
  return undefined;
}

export function WriteLetterForm({ sponsorshipId }: { sponsorshipId: number }) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  // A new key empties the file field (its value cannot be set) once a letter has gone.
  const [fileField, setFileField] = useState(0);
  const write = useWriteLetter(sponsorshipId);
  const { register, handleSubmit, control, reset, setError, formState } = useForm<LetterInput>({ resolver: zodResolver(letterInputSchema), defaultValues: { body: '' } });
  const body = useWatch({ control, name: 'body' });
  const hasContact = findLetterFlags(body ?? '').length > 0;

  const choosePhoto = (file: File | null) => {
    setPhoto(file);
    setPhotoError(photoProblem(file));
  };

  const afterSent = (message: string) => {
    reset({ body: '' });
    setPhoto(null);
    setFileField((n) => n + 1);
    setSent(message);
  };

  const onSubmit = handleSubmit((input) => {
    setSent(null);
    const problem = photoProblem(photo);
    if (problem) {
      setPhotoError(problem);
      return;
    }
    setPhotoError(undefined);
    write.mutate(
      { input, photo },
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
          error={photoError}
        />
        {sent && <p role="status" className="text-sm font-semibold text-brand-700">{sent}</p>}
        <Button type="submit" loading={write.isPending}>{t.send}</Button>
      </form>
    </Card>
  );
}
