// The public home page (docs/product.md#overview, #screens-and-routes): hero, impact figures, about, programs, supporters, ways to
// help, upcoming activities and contact. Every figure and the organisation's data come from
// GET /public/site (docs/product.md#figures); while it loads the figures show placeholders, and if it fails
// an error with a retry (never sample data).
import {
  BookHeart,
  CalendarDays,
  CalendarHeart,
  GraduationCap,
  HandCoins,
  Heart,
  ListChecks,
  Mail,
  MapPin,
  Package,
  Phone,
  ReceiptText,
  School,
  ShieldCheck,
  Sparkles,
  Users,
  Utensils,
} from 'lucide-react';
import { formatLongDate, formatMoney, formatNumber } from '@donaciones/shared/format';
import { homeMessages } from '@donaciones/shared/messages/home';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { navMessages } from '@donaciones/shared/messages/shell';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { Badge } from '@/components/badge';
import { ButtonLink, buttonClasses } from '@/components/button';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { cn } from '@/lib/cn';
import { paths, sponsorPath } from '@/lib/paths';
import { mailtoHref, telHref, usePublicSite } from '@/lib/public-site';
import { useDocumentTitle } from '@/lib/use-document-title';
import { HeroIllustration } from '../components/hero-illustration';
import { Contact, JoinBand } from '../components/contact-sections';
import { ProgramCard } from '../components/program-card';
import { SectionHeading } from '../components/section-heading';

const m = homeMessages;

/** When the site information could not be loaded: the hero says so where the text would be. */
interface LoadFailure {
  onRetry: () => void;
  retrying: boolean;
}

function Hero({ site, failure }: { site: PublicSite | undefined; failure: LoadFailure | null }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-sand-100 via-sand-50 to-brand-50/60">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-10 pb-20 sm:px-6 md:grid-cols-[1.05fr_1fr] md:pt-14 lg:px-8 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-100">
            <Sparkles aria-hidden="true" className="size-4 text-accent-600" />
            {m.heroEyebrow}
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl leading-[1.08] font-semibold sm:text-5xl lg:text-6xl">
            {m.heroTitle}
          </h1>
          <div className="mt-5 max-w-xl text-lg leading-relaxed text-ink-700">
            {site ? (
              <p data-testid="org-description">{site.organization.description}</p>
            ) : failure ? (
              <ErrorState message={m.loadError} onRetry={failure.onRetry} retrying={failure.retrying} className="px-4 py-6" />
            ) : (
              // data-slot first: the server fills the prerendered page's description before it
              // (PRERENDERED_DESCRIPTION_SLOT, apps/api/src/http/web-app.ts).
              <div data-slot="organization-description" className="space-y-2" aria-hidden="true">
                <Skeleton className="h-5 w-full" />
                <Skeleton className="h-5 w-11/12" />
                <Skeleton className="h-5 w-2/3" />
              </div>
            )}
          </div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.donate} variant="accent" size="lg" icon={<Heart aria-hidden="true" className="size-5" />}>
              {m.donateNow}
            </ButtonLink>
            <ButtonLink to={sponsorPath} variant="secondary" size="lg" icon={<CalendarHeart aria-hidden="true" className="size-5" />}>
              {monthlyMessages.becomeSponsor}
            </ButtonLink>
            <ButtonLink to={paths.donations} variant="outline" size="lg" icon={<ListChecks aria-hidden="true" className="size-5" />}>
              {m.viewDonations}
            </ButtonLink>
          </div>
          <ul className="mt-8 grid gap-3 text-sm font-semibold text-ink-700 sm:grid-cols-3 sm:gap-4">
            {[
              { icon: ShieldCheck, text: m.trustCard },
              { icon: ReceiptText, text: m.trustReceipt },
              { icon: ListChecks, text: m.trustTransparent },
            ].map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="mx-auto w-full max-w-md md:max-w-none">
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}

interface Stat {
  icon: typeof Heart;
  label: string;
  value: string | null;
  testId: string;
  note?: string;
}

function statsOf(site: PublicSite | undefined): Stat[] {
  const s = site?.stats;
  // No scholarship granted yet while the program is still being prepared: say so instead of "0".
  const scholarshipsSoon = Boolean(site && site.stats.scholarships === 0 && site.programs.some((p) => p.coming_soon && /beca/i.test(p.slug + p.name)));
  return [
    { icon: HandCoins, label: m.statDonatedThisMonth, note: m.statDonatedThisMonthPeriod, value: s ? formatMoney(s.donated_this_month) : null, testId: 'stat-donated-this-month' },
    { icon: BookHeart, label: m.statChildren, value: s ? `${formatNumber(s.children_per_year)}+` : null, testId: 'stat-children' },
    { icon: School, label: m.statSchools, value: s ? `${formatNumber(s.schools_benefited)}+` : null, testId: 'stat-schools' },
    {
      icon: GraduationCap,
      label: m.statScholarships,
      value: s ? (scholarshipsSoon ? m.comingSoon : formatNumber(s.scholarships)) : null,
      testId: 'stat-scholarships',
    },
  ];
}

function ImpactStats({ site }: { site: PublicSite | undefined }) {
  return (
    <section aria-labelledby="impact-title" className="relative z-10 mx-auto -mt-12 max-w-7xl px-4 sm:px-6 lg:px-8">
      <h2 id="impact-title" className="sr-only">
        {m.statsTitle}
      </h2>
      <ul className="grid grid-cols-1 gap-3 min-[22rem]:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        {statsOf(site).map(({ icon: Icon, label, note, value, testId }) => (
          <li key={label} className="flex flex-col gap-3 rounded-card border border-sand-200 bg-white p-4 shadow-card sm:p-6">
            <span className="flex size-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {value === null ? (
              <Skeleton className="h-9 w-28" />
            ) : (
              <p
                data-testid={testId}
                className={cn('font-display font-semibold text-ink-900', /\d/.test(value) ? 'text-2xl sm:text-3xl' : 'text-xl sm:text-2xl lg:text-3xl')}
              >
                {value}
              </p>
            )}
            <p className="text-sm leading-snug font-semibold text-ink-600">{label}</p>
            {note && (
              <p className="-mt-2 text-xs text-ink-500" data-testid={`${testId}-period`}>
                {note}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function About({ site }: { site: PublicSite }) {
  const icons = [BookHeart, Utensils, GraduationCap];
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="grid gap-10 lg:grid-cols-[1fr_1.1fr] lg:gap-16">
        <SectionHeading id="about-title" eyebrow={m.aboutEyebrow} title={m.aboutTitle(site.organization.name)} intro={site.organization.description} />
        <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {m.aboutPillars.map((pillar, i) => {
            const Icon = icons[i % icons.length];
            return (
              <li key={pillar.title} className="flex gap-4 rounded-card bg-white p-5 ring-1 ring-sand-200">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-sans text-base font-bold text-ink-900">{pillar.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-ink-600">{pillar.body}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function Programs({ site }: { site: PublicSite }) {
  if (site.programs.length === 0) return null;
  return (
    <section id="programas" aria-labelledby="programs-title" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="programs-title" eyebrow={m.programsEyebrow} title={m.programsTitle} intro={m.programsIntro} />
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {site.programs.map((program) => (
            <ProgramCard key={program.id} program={program} />
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * The two longer labels may wrap and never widen the page at 320 px: on one line they measured wider
 * than their card there in a browser test (which font was drawn, the web font being optional, is the
 * likely variable).
 */
const WRAPPING = 'max-w-full whitespace-normal! text-center';

function WaysToHelp({ site }: { site: PublicSite }) {
  const { phone, email } = site.organization;
  const ways = [
    {
      icon: HandCoins,
      ...m.ways.monetary,
      soon: false,
      action: (
        <ButtonLink to={paths.donate} variant="primary" icon={<Heart aria-hidden="true" className="size-4" />}>
          {m.makeDonation}
        </ButtonLink>
      ),
    },
    {
      icon: Users,
      ...m.ways.volunteer,
      soon: true,
      action: (
        <a href={telHref(phone)} className={buttonClasses({ variant: 'outline', className: WRAPPING })}>
          <Phone aria-hidden="true" className="size-4" />
          {m.volunteerCta}
        </a>
      ),
    },
    {
      icon: Package,
      ...m.ways.inKind,
      soon: true,
      action: (
        <a href={mailtoHref(email)} className={buttonClasses({ variant: 'outline', className: WRAPPING })}>
          <Mail aria-hidden="true" className="size-4" />
          {m.inKindCta}
        </a>
      ),
    },
  ];
  return (
    <section id="ayudar" aria-labelledby="ways-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="ways-title" eyebrow={m.waysEyebrow} title={m.waysTitle} />
      <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
        {ways.map(({ icon: Icon, title, body, soon, action }) => (
          <article key={title} className="flex flex-col rounded-card border border-sand-200 bg-white p-6 shadow-card">
            <div className="flex items-start justify-between gap-3">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-700 text-white">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              {soon && <Badge tone="accent">{m.comingSoon}</Badge>}
            </div>
            <h3 className="mt-5 text-xl font-semibold">{title}</h3>
            <p className="mt-2 flex-1 leading-relaxed text-ink-600">{body}</p>
            <div className="mt-6">{action}</div>
          </article>
        ))}
      </div>
    </section>
  );
}

function Supporters({ site }: { site: PublicSite }) {
  if (site.supporters.length === 0) return null;
  return (
    <section aria-labelledby="supporters-title" className="border-y border-sand-200 bg-sand-100/70 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="text-center">
          <h2 id="supporters-title" className="text-2xl font-semibold sm:text-3xl">
            {m.supportersTitle}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-ink-600">{m.supportersIntro}</p>
        </div>
        <ul className="mt-8 flex flex-wrap justify-center gap-3">
          {site.supporters.map((s) => (
            <li key={s.id} className="flex items-center gap-3 rounded-full bg-white py-2 pr-5 pl-2 shadow-sm ring-1 ring-sand-200">
              <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-brand-50 font-display text-sm font-bold text-brand-800">
                {s.name
                  .split(/\s+/)
                  .filter((w) => /^[A-ZÁÉÍÓÚÑ]/.test(w))
                  .slice(0, 2)
                  .map((w) => w[0])
                  .join('')}
              </span>
              <span className="font-semibold text-ink-800">{s.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Events({ site }: { site: PublicSite }) {
  if (site.upcoming_events.length === 0) return null;
  return (
    <section aria-labelledby="events-title" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
      <h2 id="events-title" className="text-2xl font-semibold sm:text-3xl">
        {m.eventsTitle}
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {site.upcoming_events.map((e) => {
          const date = new Date(e.date);
          return (
            <li key={e.id} className="flex gap-4 rounded-card border border-sand-200 bg-white p-5">
              <span className="flex w-16 shrink-0 flex-col items-center justify-center rounded-2xl bg-accent-50 py-2 text-accent-800 ring-1 ring-accent-200">
                <span className="font-display text-2xl leading-none font-semibold">
                  {date.toLocaleDateString('es-GT', { day: 'numeric', timeZone: 'America/Guatemala' })}
                </span>
                <span className="mt-1 text-xs font-bold uppercase">
                  {date.toLocaleDateString('es-GT', { month: 'short', timeZone: 'America/Guatemala' }).replace('.', '')}
                </span>
              </span>
              <div className="min-w-0">
                <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">{m.eventType[e.type]}</p>
                <h3 className="mt-0.5 font-sans text-base font-bold text-ink-900">{e.title}</h3>
                {e.description && <p className="mt-1 text-sm leading-relaxed text-ink-600">{e.description}</p>}
                <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-semibold text-ink-500">
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays aria-hidden="true" className="size-3.5" />
                    {formatLongDate(e.date)}
                  </span>
                  {e.location && (
                    <span className="inline-flex items-center gap-1">
                      <MapPin aria-hidden="true" className="size-3.5" />
                      {e.location}
                    </span>
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function HomePage() {
  useDocumentTitle(navMessages.home);
  const query = usePublicSite();
  const site = query.data;
  const failed = query.isError && !site;

  return (
    <>
      <Hero site={site} failure={failed ? { onRetry: () => void query.refetch(), retrying: query.isFetching } : null} />
      {failed ? null : <ImpactStats site={site} />}
      {failed ? null : site ? (
        <>
          <About site={site} />
          <Programs site={site} />
          <WaysToHelp site={site} />
          <Supporters site={site} />
          <div className="pt-16">
            <Events site={site} />
          </div>
          <JoinBand site={site} />
          <Contact site={site} />
        </>
      ) : (
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-20 sm:px-6 md:grid-cols-3 lg:px-8" aria-hidden="true">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      )}
    </>
  );
}
