// The choice of a sponsor whose child left (docs/product.md#sponsorship, decision 0051), in "Mi
// ahijado/a" or on the signed link's page of a sponsor without an account: another waiting child
// with the same monthly gift (one step, no new payment), keep giving where most needed, or cancel
// the gift. Until the deadline the gift goes where most needed.
import { useState } from 'react';
import { formatLongDate } from '@donaciones/shared/format';
import { sponsorshipLifecycleMessages as lm } from '@donaciones/shared/messages/sponsorship-lifecycle';
import type { ChildLeftOffer, OfferChoiceResponse } from '@donaciones/shared/schemas/sponsorship-lifecycle';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ErrorMessage, SuccessMessage } from '@/components/flash-message';
import { Skeleton } from '@/components/skeleton';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { useWaitingChildren } from '../api/sponsorship';
import { useChooseOffer, useSponsorshipOffers } from '../api/sponsorship-offers';
import { ChildPhoto } from './child-card';

/** How many more waiting children each "Ver más" shows (the one waiting longest first). */
const PAGE = 6;
// Long names and labels wrap inside the button (the shared button does not wrap by default).
const wrap = 'h-auto! min-h-9 whitespace-normal! break-words py-2 text-center';

/** The mutation that sends a choice: the member area's, or the signed link's (same variables). */
export type Choose = Pick<ReturnType<typeof useChooseOffer>, 'mutate' | 'isPending'>;

function WaitingChildren({ offer, choose }: { offer: ChildLeftOffer; choose: Choose }) {
  const waiting = useWaitingChildren({});
  const [shown, setShown] = useState(PAGE);
  if (waiting.isPending) return <Skeleton className="h-32" />;
  if (waiting.isError) return <p className="text-sm text-red-700">{lm.waitingFailed}</p>;
  const all = waiting.data.children;
  const children = all.slice(0, shown);
  if (children.length === 0) return <p className="text-sm text-ink-700">{lm.nobodyWaiting}</p>;
  const pick = (childId: number | null, childName?: string) => choose.mutate({ sponsorshipId: offer.sponsorshipId, body: { choice: 'another_child', childId }, childName });
  return (
    <div className="space-y-3">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {children.map((child) => (
          <li key={child.id} className="flex flex-col gap-2 rounded-lg border border-sand-200 p-2">
            <ChildPhoto child={child} src={child.photoUrl} />
            <p className="text-sm text-ink-800">
              <span className="font-semibold text-ink-900">{child.firstName}</span>, {child.age} años · {child.department}
            </p>
            <Button size="sm" variant="secondary" className={`${wrap} mt-auto w-full px-2`} disabled={choose.isPending} onClick={() => pick(child.id, child.firstName)}>
              {lm.chooseChild(child.firstName)}
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {all.length > shown && (
          <Button size="sm" variant="ghost" onClick={() => setShown((n) => n + PAGE)}>
            {lm.showMore}
          </Button>
        )}
        <Button size="sm" variant="outline" className={wrap} disabled={choose.isPending} onClick={() => pick(null)}>
          {lm.chooseLongestWaiting}
        </Button>
      </div>
    </div>
  );
}

export function OfferCard({ offer, choose }: { offer: ChildLeftOffer; choose: Choose }) {
  const [confirming, setConfirming] = useState(false);
  const send = (choice: 'keep_giving' | 'cancel') => choose.mutate({ sponsorshipId: offer.sponsorshipId, body: { choice } });
  return (
    <Card title={lm.offerTitle(offer.childFirstName)}>
      <div className="space-y-5">
        <p className="text-ink-800">{lm.offerIntro(offer.childFirstName)}</p>
        <p className="text-sm font-semibold text-ink-800">{lm.offerDeadline(formatLongDate(offer.offerUntil))}</p>
        <section aria-labelledby={`offer-${offer.sponsorshipId}-another`} className="space-y-2">
          <h3 id={`offer-${offer.sponsorshipId}-another`} className="font-semibold text-ink-900">{lm.anotherChildTitle}</h3>
          <p className="text-sm text-ink-700">{lm.anotherChildHint}</p>
          <WaitingChildren offer={offer} choose={choose} />
        </section>
        <section className="space-y-2 border-t border-sand-200 pt-4">
          <Button variant="secondary" className={wrap} disabled={choose.isPending} onClick={() => send('keep_giving')}>
            {lm.keepGiving}
          </Button>
          <p className="text-sm text-ink-700">{lm.keepGivingHint}</p>
        </section>
        <section className="space-y-2 border-t border-sand-200 pt-4">
          {confirming ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" className={wrap} loading={choose.isPending} onClick={() => send('cancel')}>
                {lm.cancelConfirm}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                {lm.cancelBack}
              </Button>
            </div>
          ) : (
            <Button variant="outline" className={wrap} disabled={choose.isPending} onClick={() => setConfirming(true)}>
              {lm.cancel}
            </Button>
          )}
          <p className="text-sm text-ink-700">{lm.cancelHint}</p>
        </section>
      </div>
    </Card>
  );
}

/**
 * Why a choice was refused. A child picked from the list who cannot be sponsored any more (409) is named,
 * with what happens now (the gift is unchanged, the list is read again); anything else keeps the API's words.
 */
export function ChoiceRefused({ choose }: { choose: Pick<ReturnType<typeof useChooseOffer>, 'isError' | 'error' | 'variables'> }) {
  if (!choose.isError) return null;
  const name = choose.variables?.body.choice === 'another_child' ? choose.variables.childName : undefined;
  if (name && getErrorStatus(choose.error) === 409) return <ErrorMessage message={lm.anotherChildUnavailable(name)} />;
  return <ErrorMessage message={lm.failed} detail={getErrorMessage(choose.error, '')} />;
}

/** What a choice did, said to the sponsor (kept once the offer is gone). */
export function chosenMessage(done: OfferChoiceResponse | undefined): string | null {
  if (!done) return null;
  return done.choice === 'another_child' ? lm.chosenAnother(done.childFirstName ?? '') : done.choice === 'keep_giving' ? lm.chosenKeep : lm.chosenCancel;
}

/** The open choices of the signed-in sponsor, and what their last choice did (kept once the offer is gone). */
export function ChildLeftOffers() {
  const offers = useSponsorshipOffers();
  const choose = useChooseOffer();
  const message = chosenMessage(choose.data);
  return (
    <>
      <SuccessMessage message={message} />
      <ChoiceRefused choose={choose} />
      {offers.data?.map((offer) => <OfferCard key={offer.sponsorshipId} offer={offer} choose={choose} />)}
    </>
  );
}
