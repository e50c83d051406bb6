// The donor and user dashboards (docs/product.md#overview, #screens-and-routes, #the-donation-ledger): totals, next milestone, recent activity, upcoming
// events, active programs and impact figures, each from the API (docs/product.md#figures). Skeletons while
// loading, an empty state for a new account, and 'Error al cargar los datos del dashboard' with a retry.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ArrowRight, CalendarHeart, Flame, HandCoins, HandHeart, History, ListChecks, ReceiptText, Sprout, TrendingUp, UserRound } from 'lucide-react';
import { formatLongDate, formatMoney, formatRelative } from '@donaciones/shared/format';
import { memberMessages } from '@donaciones/shared/messages/member';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { navMessages } from '@donaciones/shared/messages/shell';
import type { MemberDashboardStats } from '@donaciones/shared/schemas/member';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { StatusBadge } from '@/components/badge';
import { backState } from '@/lib/back-link';
import { donorDonationDetailPath, paths, sponsorPath } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useActivePrograms } from '../api/get-active-programs';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { ActivityList } from './activity-list';
import { CardError } from './card-error';
import { ConfirmEmailBanner } from './confirm-email-banner';
import { EventsCard } from './events-card';
import { ImpactCard } from './impact-card';
import { LevelCard } from './level-card';
import { ProgramCard } from './program-card';
import { SeedlingIllustration } from './seedling-illustration';
import { StatTile } from './stat-tile';

const t = memberMessages.dashboard;
const statusLabels = memberMessages.donations.statuses;
/** The timeline keeps to the height of its neighbours; the full history has its own screen. */
const ACTIVITY_SHOWN = 6;

export type DashboardVariant = 'donor' | 'user';

export function MemberDashboard({ variant }: { variant: DashboardVariant }) {
  const session = useSession();
  const stats = useDashboardStats();
  useDocumentTitle(navMessages.donor[0]);
  const name = session.user?.first_name ?? '';

  const header = (
    <PageHeader
      eyebrow={navMessages.donor[0]}
      title={t.greeting(name)}
      description={
        <>
          {variant === 'donor' ? t.donorIntro : t.userIntro}
          {stats.data && <span className="mt-1 block text-sm text-ink-500">{t.memberSince(formatLongDate(stats.data.member_since))}</span>}
        </>
      }
      actions={
        <>
          <ButtonLink to={sponsorPath} variant="outline" icon={<CalendarHeart aria-hidden="true" className="size-5" />}>
            {monthlyMessages.becomeSponsor}
          </ButtonLink>
          <ButtonLink to={paths.donate} variant="accent" icon={<HandHeart aria-hidden="true" className="size-5" />}>
            {t.donate}
          </ButtonLink>
        </>
      }
    />
  );

  if (stats.isError) {
    return (
      <div className="space-y-6">
        {header}
        <ErrorState message={screensMessages.dashboardLoadError} onRetry={() => stats.refetch()} retrying={stats.isFetching} />
      </div>
    );
  }

  const empty = stats.data !== undefined && stats.data.total_donations === 0;

  return (
    <div className="space-y-6">
      {header}
      <ConfirmEmailBanner />

      {stats.isPending ? (
        <StatTilesSkeleton />
      ) : empty ? (
        <div className="grid gap-6 lg:grid-cols-5">
          <WelcomeCard className="lg:col-span-3" />
          <LevelCard className="lg:col-span-2" />
        </div>
      ) : (
        <>
          <StatTiles stats={stats.data} />
          <div className="grid gap-6 lg:grid-cols-5">
            <LevelCard favoriteProgram={stats.data.favorite_program} className="lg:col-span-2" />
            <ImpactCard className="lg:col-span-3" />
          </div>
        </>
      )}

      <div className={variant === 'donor' && !empty ? 'grid items-start gap-6 lg:grid-cols-3' : 'grid items-start gap-6 lg:grid-cols-2'}>
        {variant === 'donor' && !empty && <RecentDonationsCard stats={stats.data} />}
        <Card title={t.activityTitle} data-testid="activity-card">
          {stats.isPending ? <ListSkeleton /> : stats.data.recent_activity.length === 0 ? <p className="text-sm text-ink-600">{t.activityEmpty}</p> : <ActivityList items={stats.data.recent_activity.slice(0, ACTIVITY_SHOWN)} />}
        </Card>
        <EventsCard />
      </div>

      <QuickLinks variant={variant} />
      <ProgramsSection />
    </div>
  );
}

function StatTiles({ stats }: { stats: MemberDashboardStats }) {
  return (
    <section aria-label={t.statsLabel} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-testid="stat-tiles">
      <StatTile icon={<HandCoins aria-hidden="true" className="size-5" />} label={t.totalDonated} value={formatMoney(stats.total_donated)} />
      <StatTile
        icon={<ListChecks aria-hidden="true" className="size-5" />}
        label={t.completedCount}
        value={stats.donations_count}
        hint={stats.pending_donations > 0 ? t.pendingNote(stats.pending_donations) : undefined}
        tone="sand"
      />
      <StatTile icon={<TrendingUp aria-hidden="true" className="size-5" />} label={t.monthlyAverage} value={formatMoney(stats.monthly_average)} />
      <StatTile icon={<Flame aria-hidden="true" className="size-5" />} label={t.streak} value={t.streakValue(stats.donation_streak)} hint={t.streakHint} tone="accent" />
    </section>
  );
}

function StatTilesSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-hidden="true" data-testid="dashboard-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-4 rounded-card border border-sand-200 bg-white p-5 shadow-card">
          <Skeleton className="size-11 shrink-0 rounded-2xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-8 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}

function WelcomeCard({ className }: { className?: string }) {
  const { user } = useSession();
  const unconfirmed = user?.email_verified === false;
  return (
    <section className={`flex flex-col items-center gap-4 overflow-hidden rounded-card border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-accent-50 p-6 text-center shadow-card sm:flex-row sm:text-left ${className ?? ''}`} data-testid="dashboard-empty">
      <SeedlingIllustration className="h-28 w-36 shrink-0" />
      <div className="space-y-3">
        <h2 className="text-2xl font-semibold">{t.emptyTitle}</h2>
        <p className="text-ink-700">{unconfirmed && user ? t.emptyUnverified(user.email) : t.emptyBody}</p>
        <ButtonLink to={paths.donate} variant="primary" icon={<Sprout aria-hidden="true" className="size-5" />}>
          {t.donate}
        </ButtonLink>
      </div>
    </section>
  );
}

/** Each gift opens its page, whose "Volver a Mi panel" comes back here. */
function RecentDonationsCard({ stats }: { stats: MemberDashboardStats | undefined }) {
  const location = useLocation();
  return (
    <Card
      title={t.recentDonationsTitle}
      data-testid="recent-donations-card"
      actions={
        <Link to={paths.donorDonations} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
          {t.seeAllDonations}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      {!stats ? (
        <ListSkeleton />
      ) : (
        <ul className="-my-2 divide-y divide-sand-200">
          {stats.my_donations.map((d) => (
            <li key={d.id}>
              <Link
                to={donorDonationDetailPath(d.id)}
                state={backState(location)}
                className="-mx-2 flex items-center justify-between gap-3 rounded-xl px-2 py-3 hover:bg-sand-50"
                data-testid="recent-gift-link"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-ink-900 tabular-nums">{formatMoney(d.amount, d.currency)}</p>
                  <p className="truncate text-xs text-ink-500">
                    {d.reference_code} · {formatRelative(d.completed_at ?? d.created_at)}
                  </p>
                </div>
                <StatusBadge status={d.status} label={statusLabels[d.status]} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function QuickLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <li>
      <Link
        to={to}
        className="group flex items-center gap-3 rounded-2xl border border-sand-200 bg-white px-4 py-3 font-semibold text-ink-800 shadow-card transition-colors hover:border-brand-300 hover:bg-brand-50"
      >
        <span className="flex size-9 items-center justify-center rounded-xl bg-brand-50 text-brand-700 group-hover:bg-white">{icon}</span>
        <span className="flex-1">{label}</span>
        <ArrowRight aria-hidden="true" className="size-4 text-ink-400 group-hover:text-brand-700" />
      </Link>
    </li>
  );
}

function QuickLinks({ variant }: { variant: DashboardVariant }) {
  const l = t.links;
  return (
    <nav aria-label={t.quickLinks}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {variant === 'donor' ? (
          <>
            <QuickLink to={paths.donorDonations} icon={<HandCoins aria-hidden="true" className="size-5" />} label={l.donations} />
            <QuickLink to={paths.donorHistory} icon={<History aria-hidden="true" className="size-5" />} label={l.history} />
            <QuickLink to={paths.donorReceipts} icon={<ReceiptText aria-hidden="true" className="size-5" />} label={l.receipts} />
            <QuickLink to={paths.donorPrograms} icon={<CalendarHeart aria-hidden="true" className="size-5" />} label={l.programs} />
          </>
        ) : (
          <>
            <QuickLink to={paths.donorDonations} icon={<HandCoins aria-hidden="true" className="size-5" />} label={l.donations} />
            <QuickLink to={paths.donorReceipts} icon={<ReceiptText aria-hidden="true" className="size-5" />} label={l.receipts} />
            <QuickLink to={paths.donorPrograms} icon={<CalendarHeart aria-hidden="true" className="size-5" />} label={l.programs} />
            <QuickLink to={paths.donorProfile} icon={<UserRound aria-hidden="true" className="size-5" />} label={l.settings} />
          </>
        )}
      </ul>
    </nav>
  );
}

function ProgramsSection() {
  const programs = useActivePrograms();
  return (
    <section aria-labelledby="programs-title" className="space-y-4" data-testid="programs-section">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="programs-title" className="text-2xl font-semibold">
          {t.programsTitle}
        </h2>
        <Link to={paths.donorPrograms} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
          {t.seeAllPrograms}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {programs.isPending ? (
        <div className="grid gap-4 md:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-52" />
          ))}
        </div>
      ) : programs.isError ? (
        <CardError onRetry={() => programs.refetch()} retrying={programs.isFetching} />
      ) : programs.data.length === 0 ? (
        <EmptyState title={t.programsEmpty} />
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          {programs.data.map((p) => (
            <ProgramCard key={p.id} program={p} />
          ))}
        </div>
      )}
    </section>
  );
}
