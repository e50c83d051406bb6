// /apadrina/:id (docs/product.md#sponsorship): a waiting child's public profile and "Apadrinar".
import { formatDateTime, formatMoney } from '@donaciones/shared/format';
import { sponsorshipMessages, sponsorshipTexts as t } from '@donaciones/shared/messages/sponsorship';
import { Button, ButtonLink } from '@/components/button';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { paths } from '@/lib/paths';
import { useRouteId } from '@/lib/route-id';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePublicChild } from '../api/sponsorship';
import { ChildFacts, ChildPhoto, useNoIndex } from '../components/child-card';
import { liveHoldOf, useChooseChild } from '../components/use-choose-child';

export default function ApadrinaChildPage() {
  const id = useRouteId();
  const child = usePublicChild(id);
  useDocumentTitle(child.data ? t.seeProfile(child.data.firstName) : t.pageTitle);
  useNoIndex();
  const { choose, pending, error } = useChooseChild();

  // An address that names no child ('/apadrina/abc') reads as a child no longer waiting.
  if (id === null || child.isError) {
    // Back from the held place's form, the child is off the waiting list because the visitor holds them.
    const own = id === null ? null : liveHoldOf(id);
    if (own) {
      return (
        <div className="mx-auto max-w-3xl px-4 py-10">
          <h1 className="text-3xl font-semibold">{own.child.firstName}</h1>
          <p role="status" className="mt-4 text-lg text-ink-800">{t.heldByYou(own.child.firstName, formatDateTime(own.heldUntil))}</p>
          <ButtonLink className="mt-6" to={paths.apadrinaStart}>{t.continueHold}</ButtonLink>
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="sr-only">{t.pageTitle}</h1>
        <ErrorState message={`${sponsorshipMessages.notWaiting}.`} />
        <ButtonLink className="mt-4" to={paths.apadrina} variant="outline">{t.pageTitle}</ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {child.isPending && <Skeleton className="h-96" />}
      {child.data && (
        <article className="grid gap-8 sm:grid-cols-2">
          <ChildPhoto child={child.data} src={child.data.photoUrl} />
          <div>
            <p className="text-sm font-bold tracking-wider text-accent-700 uppercase">Apadrina</p>
            <h1 className="text-4xl font-semibold">{child.data.firstName}</h1>
            <p className="mt-1 text-lg font-semibold text-brand-700">{t.perMonth(formatMoney(child.data.monthlyAmount))}</p>
            <ChildFacts child={child.data} />
            {child.data.story && <p className="mt-4 text-lg text-ink-800">{child.data.story}</p>}
            <Button className="mt-6 w-full sm:w-auto" onClick={() => choose(child.data.id)} loading={pending}>
              {t.choose(child.data.firstName)}
            </Button>
            {error && <p role="alert" className="mt-3 font-semibold text-danger-700">{error}</p>}
            <p className="mt-4 text-sm text-ink-600">{t.intro}</p>
          </div>
        </article>
      )}
    </div>
  );
}
