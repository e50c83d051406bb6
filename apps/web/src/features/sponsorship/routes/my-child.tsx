// /donor/ahijado "Mi ahijado/a" (docs/product.md#sponsorship): the children the signed-in sponsor
// sponsors, as a sponsor sees them (public fields plus the birthday month; a place still unpaid only as
// the public sees the child, with until when it is held), with their letters; then the ones that ended.
import { Link } from 'react-router';
import { formatDate, formatLongDate, formatMoney } from '@donaciones/shared/format';
import { yourAmount } from '@donaciones/shared/messages/sponsorship-amounts';
import { MONTH_NAMES, sponsorshipTexts as t } from '@donaciones/shared/messages/sponsorship';
import type { MySponsorships } from '@donaciones/shared/schemas/sponsorship';
import { Badge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { paths, sponsorLettersPath } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMySponsorships, usePhotoUrl } from '../api/sponsorship';
import { useSponsorshipOffers } from '../api/sponsorship-offers';
import { BirthdayGift } from '../components/birthday-gift';
import { ChildFacts, ChildPhoto, useNoIndex } from '../components/child-card';
import { ChildLeftOffers } from '../components/child-left-offer';
import { PastSponsorships } from '../components/past-sponsorships';
import { SponsorProgressReports } from '../components/sponsor-progress-reports';

type Item = MySponsorships['sponsorships'][number];

function SponsoredChild({ item }: { item: Item }) {
  const photo = usePhotoUrl(item.child.photoUrl);
  const child = item.child;
  return (
    <Card title={child.firstName} actions={<Badge tone={item.status === 'active' ? 'success' : 'warning'}>{item.status === 'active' ? t.active : t.pendingPayment}</Badge>}>
      <div className="grid gap-6 sm:grid-cols-[12rem_1fr]">
        <ChildPhoto child={child} src={photo.data ?? null} />
        <div>
          <ChildFacts child={child} />
          {/* The birthday month is the sponsor's, once the first payment made the sponsorship active. */}
          {item.status === 'active' && <p className="mt-2 font-semibold text-ink-900">{t.birthdayMonth(MONTH_NAMES[item.child.birthdayMonth - 1])}</p>}
          {item.status === 'active' && item.child.sponsoredSince && <p className="text-sm text-ink-600">{t.since(formatDate(item.child.sponsoredSince))}</p>}
          {/* The sponsorship's own amount, kept from its hold whatever the settings say now (decision 0055). */}
          <p className="text-sm text-ink-600">{yourAmount(formatMoney(item.monthlyAmount))}</p>
          {/* Held, not yet a sponsor: say the place waits for the payment, and until when. */}
          {item.status === 'held' && (
            <div className="mt-3 rounded-lg bg-sand-100 p-3 text-sm text-ink-800">
              <p className="font-semibold">
                {item.paymentMethod === 'transfer' && item.transferReference
                  ? t.heldByTransfer(child.firstName, formatLongDate(item.heldUntil), item.transferReference)
                  : t.heldByCard(child.firstName)}
              </p>
              <p className="mt-1">{t.heldNext}</p>
            </div>
          )}
          {child.story && <p className="mt-3 text-ink-800">{child.story}</p>}
          {item.status === 'active' && (
            <Link className="mt-4 inline-block font-semibold text-brand-700 underline" to={sponsorLettersPath(item.id)}>{t.writeLetters}</Link>
          )}
        </div>
      </div>
      {/* The birthday gift, in the weeks before the birthday month (decision 0055). */}
      {item.status === 'active' && <BirthdayGift sponsorshipId={item.id} childName={child.firstName} gift={item.birthdayGift} />}
      {item.status === 'active' && <SponsorProgressReports sponsorshipId={item.id} childName={child.firstName} />}
    </Card>
  );
}

export default function MyChildPage() {
  useDocumentTitle(t.myChild);
  useNoIndex();
  const mine = useMySponsorships();
  // A sponsor whose child left has a choice to make here, not an empty page.
  const offers = useSponsorshipOffers();
  return (
    <div className="space-y-6">
      <PageHeader eyebrow="Apadrinamiento" title={t.myChild} description="Por su protección, te comunicas con tu ahijado/a solo por cartas a través de la fundación." />
      <ChildLeftOffers />
      {mine.isPending && <Skeleton className="h-48" />}
      {mine.isError && <ErrorState message="No pudimos cargar tus apadrinamientos." onRetry={() => void mine.refetch()} />}
      {mine.data?.sponsorships.length === 0 && offers.data?.length === 0 && (
        <EmptyState title={mine.data.past.length > 0 ? t.myChildNoneNow : t.myChildEmpty} action={<ButtonLink to={paths.apadrina}>{t.pageTitle}</ButtonLink>} />
      )}
      {mine.data?.sponsorships.map((item) => <SponsoredChild key={item.id} item={item} />)}
      {mine.data && <PastSponsorships past={mine.data.past} />}
    </div>
  );
}
