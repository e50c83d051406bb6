// A letter's photo or scan, fetched with the session and shown inline (an image) or as a link (a PDF).
import { letterScreenText as t } from '@donaciones/shared/messages/letters';
import { useLetterFileUrl } from '../api/sponsor-letters';

export function LetterFile({ path, alt, version }: { path: string; alt: string; version?: string | null }) {
  const file = useLetterFileUrl(path, version);
  if (!file.data) return null;
  if (file.data.type === 'application/pdf') {
    return (
      <a className="font-semibold text-brand-700 underline" href={file.data.url} target="_blank" rel="noreferrer">
        {t.viewScan}
      </a>
    );
  }
  return <img src={file.data.url} alt={alt} className="mt-2 max-h-72 rounded-lg border border-sand-200 object-contain" />;
}
