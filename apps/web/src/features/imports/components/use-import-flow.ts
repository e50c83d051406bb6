// The "Importar" screen's flow (docs/product.md#imports): choose what the file holds and the file, read it
// (headers, first rows, a guess of the columns), choose the columns, a dry run listing every line, then
// the import. Each step's answer is kept so staff can go back one step without reading the file again.
import { type FormEvent, useState } from 'react';
import { importsMessages } from '@donaciones/shared/messages/imports';
import {
  IMPORT_BASE64_MAX,
  IMPORT_KIND_FIELDS,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
} from '@donaciones/shared/schemas/imports';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { fileToBase64, usePreviewImport, useRunImport } from '../api/imports';

const v = importsMessages.validation;
/** The file's base64 is a third larger than the file. */
const MAX_FILE_BYTES = (IMPORT_BASE64_MAX / 4) * 3;

export type ImportStep = 'file' | 'mapping' | 'review' | 'done';

function mappingFor(kind: ImportKind, preview: ImportPreview): ImportMapping {
  return Object.fromEntries(IMPORT_KIND_FIELDS[kind].map(({ field }) => [field, preview.suggested_mapping[field] ?? null]));
}

export function useImportFlow() {
  const [kind, setKind] = useState<ImportKind>('donors');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<{ name: string; base64: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [review, setReview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const read = usePreviewImport();
  const runner = useRunImport();
  const step: ImportStep = done ? 'done' : review ? 'review' : preview ? 'mapping' : 'file';

  const fail = (error: unknown) => {
    setErrors(getFieldErrors(error));
    setFormError(getErrorMessage(error, importsMessages.api.notText));
  };

  const readFile = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!file) return setErrors({ content_base64: v.fileRequired });
    if (file.size > MAX_FILE_BYTES) return setErrors({ content_base64: v.fileTooLarge });
    setErrors({});
    try {
      const base64 = await fileToBase64(file);
      const answer = await read.mutateAsync({ kind, file_name: file.name, content_base64: base64 });
      setContent({ name: file.name, base64 });
      setMapping(mappingFor(kind, answer));
      setPreview(answer);
    } catch (error) {
      fail(error);
    }
  };

  const run = async (dryRun: boolean) => {
    if (!content) return;
    const missing = IMPORT_KIND_FIELDS[kind].filter((f) => f.required && !mapping[f.field]);
    if (missing.length > 0) return setErrors(Object.fromEntries(missing.map((f) => [`mapping.${f.field}`, v.columnRequired])));
    setErrors({});
    setFormError(null);
    try {
      const result = await runner.mutateAsync({ kind, file_name: content.name, content_base64: content.base64, mapping, dry_run: dryRun });
      if (dryRun) setReview(result);
      else setDone(result);
    } catch (error) {
      fail(error);
    }
  };

  const reset = () => {
    [setContent, setPreview, setReview, setDone, setFile].forEach((set) => set(null));
    setErrors({});
    setFormError(null);
  };
  const back = () => (review ? setReview(null) : reset());

  return {
    step, kind, setKind, file, setFile, preview, mapping, setMapping, review, done, errors, formError,
    readFile, dryRun: () => run(true), importNow: () => run(false), back, reset,
    reading: read.isPending, running: runner.isPending,
  };
}
export type ImportFlow = ReturnType<typeof useImportFlow>;
