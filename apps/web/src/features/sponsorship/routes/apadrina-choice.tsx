// /apadrina/eleccion?token=…, the page of the signed link a sponsor without an account gets when the
// sponsored child left (docs/product.md#sponsorship, decision 0051): the same choice as "Mi ahijado/a"
// (another waiting child with the same monthly gift, keep giving where most needed, or cancel), for
// that one sponsorship, without signing in. A link that is not valid, expired or already used says so.
import { useSearchParams } from 'react-router';
import { sponsorshipLifecycleMessages as lm } from '@donaciones/shared/messages/sponsorship-lifecycle';
import { ButtonLink } from '@/components/button';
import { SuccessMessage } from '@/components/flash-message';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { getErrorStatus } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChooseLinkOffer, useLinkOffer } from '../api/sponsorship-offers';
import { useNoIndex } from '../components/child-card';
import { ChoiceRefused, OfferCard, chosenMessage } from '../components/child-left-offer';

export default function ApadrinaChoicePage() {
  useDocumentTitle(lm.linkTitle);
  useNoIndex();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const offer = useLinkOffer(token);
  const choose = useChooseLinkOffer(token);
  const status = getErrorStatus(offer.error);
  const done = chosenMessage(choose.data);

  let body;
  if (done) body = <SuccessMessage message={done} />;
  else if (token === '' || status === 401 || status === 400) body = <EmptyState title={lm.linkInvalid} action={<ButtonLink to={paths.apadrina}>{lm.linkToList}</ButtonLink>} />;
  else if (status === 409) body = <EmptyState title={lm.linkClosed} action={<ButtonLink to={paths.apadrina}>{lm.linkToList}</ButtonLink>} />;
  else if (offer.isError) body = <ErrorState message={lm.failed} onRetry={() => void offer.refetch()} retrying={offer.isFetching} />;
  else if (!offer.data) body = <Skeleton className="h-64" />;
  else
    body = (
      <>
        <ChoiceRefused choose={choose} />
        <OfferCard offer={offer.data} choose={choose} />
      </>
    );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6 lg:px-8">
      <PageHeader title={lm.linkTitle} />
      {body}
    </div>
  );
}
