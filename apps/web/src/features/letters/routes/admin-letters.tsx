// /admin/cartas (sponsorship.manage, docs/product.md#sponsorship-letters): the letters queue by state,
// oldest first, each with its contact details marked; the print-ready PDF of approved letters; and
// the form for a child's reply.
import { useState } from 'react';
import { LETTER_STATUSES, type LetterStatus } from '@donaciones/shared/schemas/letter-codes';
import { letterMessages, letterScreenText as t, letterStatusLabels } from '@donaciones/shared/messages/letters';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadPrintPdf, useLetterQueue } from '../api/staff-letters';
import { LetterReview } from '../components/letter-review';
import { ReplyForm } from '../components/reply-form';

export default function AdminLettersPage() {
  useDocumentTitle(t.queueTitle);
  const [status, setStatus] = useState<LetterStatus>('in_review');
  const [pdfError, setPdfError] = useState<string | null>(null);
  const queue = useLetterQueue(status);

  const onPdf = () => {
    setPdfError(null);
    downloadPrintPdf().catch((error: unknown) => setPdfError(getErrorMessage(error, letterMessages.noPrintable)));
  };

  return (
    <div className="space-y-6">
      <PageHeader eyebrow="Apadrinamiento" title={t.queueTitle} description="Ninguna carta llega a una niña, a un niño o a quien apadrina sin revisión." actions={
          // The long label wraps on a phone instead of running past the edge.
          <Button variant="outline" className="h-auto! min-h-11 py-2 text-center whitespace-normal!" onClick={onPdf}>
            {t.printPdf}
          </Button>
        } />
      {pdfError && <p role="alert" className="text-sm font-semibold text-red-700">{pdfError}</p>}
      <div role="tablist" aria-label="Estado de las cartas" className="flex flex-wrap gap-2">
        {LETTER_STATUSES.map((s) => (
          <Button key={s} role="tab" aria-selected={s === status} variant={s === status ? 'primary' : 'outline'} size="sm" onClick={() => setStatus(s)}>
            {letterStatusLabels[s]}
          </Button>
        ))}
      </div>
      <div role="tabpanel" aria-label={letterStatusLabels[status]} className="space-y-4">
        {queue.isPending && <Skeleton className="h-40" />}
        {queue.isError && <ErrorState message="No se pudo cargar la cola de cartas." onRetry={() => void queue.refetch()} />}
        {queue.data?.length === 0 && <EmptyState title={t.queueEmpty} />}
        {queue.data?.map((letter) => <LetterReview key={`${letter.id}-${letter.status}-${letter.childLeft}`} letter={letter} />)}
      </div>
      <ReplyForm />
    </div>
  );
}
