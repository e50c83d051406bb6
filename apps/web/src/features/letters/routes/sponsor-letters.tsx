// /donor/ahijado/:sponsorshipId/cartas (docs/product.md#sponsorship-letters): the sponsor's letters to
// their child with each one's state (and the reason of a returned one), the child's approved replies
// with translation and scan, and the form to write a new letter.
import { formatDate } from '@donaciones/shared/format';
import { letterScreenText as t } from '@donaciones/shared/messages/letters';
import type { OwnLetter } from '@donaciones/shared/schemas/letters';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, RecordError, recordFailure } from '@/components/states';
import { paths } from '@/lib/paths';
import { useRouteId } from '@/lib/route-id';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOwnLetters } from '../api/sponsor-letters';
import { LetterFile } from '../components/letter-file';
import { LetterStatusBadge } from '../components/letter-status-badge';
import { WriteLetterForm } from '../components/write-letter-form';

function LetterItem({ letter }: { letter: OwnLetter }) {
  const reply = letter.direction === 'to_sponsor';
  return (
    <li className="rounded-lg border border-sand-200 p-4" data-testid={`own-letter-${letter.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <time className="text-sm text-ink-600" dateTime={letter.createdAt}>{formatDate(letter.createdAt)}</time>
        <LetterStatusBadge status={letter.status} />
      </div>
      <p className="mt-2 break-words whitespace-pre-wrap text-ink-800">{letter.body}</p>
      {letter.returnReason && <p className="mt-2 text-sm font-semibold text-ink-800">{`${t.returnedBecause} ${letter.returnReason}`}</p>}
      {reply && letter.translation && (
        <div className="mt-3">
          <p className="text-sm font-semibold text-ink-900">{t.translation}</p>
          <p className="whitespace-pre-wrap text-ink-800">{letter.translation}</p>
        </div>
      )}
      {letter.hasPhoto && <LetterFile path={`/users/me/letters/${letter.id}/photo`} alt="Foto que enviaste con la carta" />}
      {reply && letter.hasScan && <LetterFile path={`/users/me/letters/${letter.id}/scan`} alt="Carta escaneada de tu ahijado o ahijada" />}
    </li>
  );
}

export default function SponsorLettersPage() {
  const sponsorshipId = useRouteId('sponsorshipId');
  const letters = useOwnLetters(sponsorshipId);
  const data = letters.data;
  useDocumentTitle(data ? t.sponsorTitle(data.childFirstName) : 'Cartas');

  const failure = recordFailure(sponsorshipId, letters);
  if (failure) {
    return (
      <div className="space-y-4">
        <RecordError failure={failure} notFound="No encontramos este apadrinamiento." loadFailed="No pudimos cargar tus cartas." onRetry={() => void letters.refetch()} retrying={letters.isFetching} />
        <ButtonLink to={paths.donorSponsorships} variant="outline">Volver a Mi ahijado/a</ButtonLink>
      </div>
    );
  }
  const own = data?.letters.filter((l) => l.direction === 'to_child') ?? [];
  const replies = data?.letters.filter((l) => l.direction === 'to_sponsor') ?? [];
  return (
    <div className="space-y-6">
      <PageHeader eyebrow="Mi ahijado/a" title={data ? t.sponsorTitle(data.childFirstName) : 'Cartas'} description="Las cartas viajan siempre a través de la fundación: el equipo las revisa antes de entregarlas, para proteger a los niños." />
      {/* Until the letters are read, no card says there are none. */}
      {!data ? (
        <Skeleton className="h-40" />
      ) : (
        <>
          <Card title={t.replies}>
            {replies.length === 0 ? <EmptyState title={t.noReplies} /> : <ul className="space-y-3">{replies.map((l) => <LetterItem key={l.id} letter={l} />)}</ul>}
          </Card>
          {data.canWrite ? <WriteLetterForm sponsorshipId={data.sponsorshipId} /> : <p className="rounded-lg bg-sand-100 p-3 text-sm text-ink-800">{t.endedNote}</p>}
          <Card title={t.yourLetters}>
            {own.length === 0 ? <EmptyState title={t.noLetters} /> : <ul className="space-y-3">{own.map((l) => <LetterItem key={l.id} letter={l} />)}</ul>}
          </Card>
        </>
      )}
    </div>
  );
}
