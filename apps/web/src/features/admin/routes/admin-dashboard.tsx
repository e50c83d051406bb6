// The admin dashboard (/dashboard for ADMIN): the organisation's totals, this month against the
// previous one, and what happened lately. Every figure comes from GET /dashboard/stats.
import {
  Activity,
  ArrowRight,
  BarChart3,
  ClipboardCheck,
  CreditCard,
  HandCoins,
  HeartPulse,
  Settings,
  UserPlus,
  Users,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { CURRENCY } from '@donaciones/shared/constants';
import { formatDate, formatDateTime, formatGiftDate, formatMoney, formatNumber, formatPercent } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import { screensMessages } from '@donaciones/shared/messages/screens';
import type { AdminDashboardStats } from '@donaciones/shared/schemas/admin';
import { can } from '@donaciones/shared/permissions';
import { Badge, StatusBadge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { adminDonationDetailPath, paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminStats } from '../api/get-admin-stats';
import { Growth } from '../components/growth';
import { MonthlyGivingCard } from '../components/monthly-giving-card';
import { PaymentProblemsAlert } from '../components/payment-problems-alert';
import { RoleChips } from '../components/role-chips';
import { SlipStorageWarning } from '../components/slip-storage';
import { StatCard } from '../components/stat-card';
import { AnonymousMark } from '../components/anonymous-mark';

const d = adminMessages.dashboard;
const s = screensMessages;

function healthTone(value: number): 'green' | 'amber' | 'accent' {
  if (value >= 95) return 'green';
  if (value >= 80) return 'amber';
  return 'accent';
}

/** The dashboard's figures; the pending card links to the queue only for staff who may open it (donations.read). */
function Figures({ stats, readsDonations }: { stats: AdminDashboardStats | undefined; readsDonations: boolean }) {
  const loading = !stats;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={d.totalUsers}
        icon={Users}
        loading={loading}
        value={stats && formatNumber(stats.total_users)}
        hint={stats && d.activeUsers(stats.active_users, formatNumber(stats.active_users))}
      />
      <StatCard
        label={d.totalAmount}
        icon={Wallet}
        tone="green"
        loading={loading}
        value={stats && formatMoney(stats.total_amount_gtq)}
        hint={stats && d.approvedCount(stats.total_donations, formatNumber(stats.total_donations))}
      />
      <StatCard
        label={d.pending}
        icon={ClipboardCheck}
        tone="amber"
        loading={loading}
        value={stats && formatNumber(stats.pending_donations)}
        hint={stats && d.pendingAmount(formatMoney(stats.pending_amount_gtq))}
        footer={
          readsDonations && (
            <Link to={`${paths.adminDonations}?status=PENDING`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
              {d.reviewPending}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )
        }
      />
      <StatCard
        label={d.systemHealth}
        icon={HeartPulse}
        tone={stats ? healthTone(stats.system_health) : 'green'}
        loading={loading}
        value={stats && formatPercent(stats.system_health)}
        hint={stats && (stats.system_health_source === 'email_delivery' ? d.healthFromEmail : d.healthDefault)}
      />
    </div>
  );
}

function GrowthPanel({ stats }: { stats: AdminDashboardStats }) {
  const g = stats.growth_metrics;
  const items = [
    { label: d.growthUsers, value: g.users_growth_percentage, previous: g.users_before, base: formatNumber(g.users_before), icon: UserPlus },
    { label: d.growthDonations, value: g.donations_growth_percentage, previous: g.donations_before, base: formatNumber(g.donations_before), icon: HandCoins },
    { label: d.growthAmount, value: g.amount_growth_percentage, previous: g.amount_before, base: formatMoney(g.amount_before), icon: Wallet },
  ];
  return (
    <Card title={d.growthTitle} description={d.growthComparedWith}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map(({ label, value, previous, base, icon: Icon }) => (
          <li key={label} className="flex items-center gap-3 rounded-2xl bg-sand-50 px-4 py-3 ring-1 ring-sand-200">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
            <div className="min-w-0">
              <p className="text-sm text-ink-600">{label}</p>
              <Growth value={value} previous={previous} text={(pct) => d.growthVs(pct, base)} noBase={d.growthNoBase} className="text-base" />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The latest gifts; they link to the console's donation pages only for staff who may open them (donations.read). */
function RecentDonations({ stats, readsDonations }: { stats: AdminDashboardStats; readsDonations: boolean }) {
  return (
    <Card
      title={d.recentDonations}
      actions={
        readsDonations && (
          <ButtonLink to={paths.adminDonations} variant="ghost" size="sm">
            {d.seeAllDonations}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        )
      }
    >
      {stats.recent_donations.length === 0 ? (
        <p className="text-sm text-ink-600">{d.noDonations}</p>
      ) : (
        <ul className="divide-y divide-sand-200">
          {stats.recent_donations.map((donation) => (
            <li key={donation.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <div className="flex min-w-0 items-center">
                  {readsDonations ? (
                    <Link to={adminDonationDetailPath(donation.id)} className="block truncate font-semibold text-ink-900 hover:text-brand-700">
                      {donation.donor_name}
                    </Link>
                  ) : (
                    <p className="truncate font-semibold text-ink-900">{donation.donor_name}</p>
                  )}
                  <AnonymousMark name={donation.donor_name} anonymous={donation.donor_anonymous} />
                </div>
                <p className="truncate text-sm text-ink-500">
                  <span className="font-mono">{donation.reference_code}</span> · {formatGiftDate(donation.created_at, donation.dated_by_day)}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-semibold text-ink-900 tabular-nums">{formatMoney(donation.amount, donation.currency)}</span>
                {donation.currency !== CURRENCY && donation.gtq_amount != null && <span className="text-xs text-ink-500">{d.quetzalEquivalent(formatMoney(donation.gtq_amount))}</span>}
                <StatusBadge status={donation.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function RecentUsers({ stats }: { stats: AdminDashboardStats }) {
  return (
    <Card
      title={d.recentUsers}
      actions={
        <ButtonLink to={paths.adminUsers} variant="ghost" size="sm">
          {d.seeAllUsers}
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      }
    >
      <ul className="divide-y divide-sand-200">
        {stats.recent_users.map((user) => (
          <li key={user.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink-900">{user.email}</p>
              <p className="text-sm text-ink-500">{formatDate(user.joined_at)}</p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <RoleChips roles={user.roles} className="max-w-48 justify-end" />
              <Badge tone={user.status === 'inactive' ? 'danger' : 'success'}>
                {user.status === 'inactive' ? s.inactive : s.active}
              </Badge>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ActivityFeed({ stats }: { stats: AdminDashboardStats }) {
  return (
    <Card title={d.recentActivity}>
      {stats.recent_activity.length === 0 ? (
        <EmptyState title={d.noActivity} icon={<Activity aria-hidden="true" className="size-6" />} />
      ) : (
        <ol className="relative ml-2 border-l-2 border-sand-200">
          {stats.recent_activity.map((entry, i) => (
            <li key={`${entry.timestamp}-${i}`} className="relative pb-4 pl-5 last:pb-0">
              <span aria-hidden="true" className="absolute top-1.5 -left-[7px] size-3 rounded-full border-2 border-white bg-brand-500 ring-1 ring-brand-200" />
              <p className="text-sm text-ink-800">{entry.message}</p>
              <p className="text-xs text-ink-500">
                <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** The dashboard's shortcuts, each shown only to staff whose permissions open it. */
function QuickActions() {
  const { roles } = useSession();
  const links = (
    [
      { to: paths.adminUsers, label: d.goUsers, icon: Users, permissions: ['users.manage'] },
      { to: paths.adminPaymentProblems, label: paymentsMessages.problemList.title, icon: CreditCard, permissions: ['donations.read'] },
      { to: paths.adminReports, label: d.goReports, icon: BarChart3, permissions: ['reports.read'] },
      // The staff settings open with any of their sections (app/routes/settings-screen.tsx).
      { to: paths.adminSettings, label: d.goSettings, icon: Settings, permissions: ['settings.manage', 'content.manage', 'fiscal.manage', 'bank.manage'] },
    ] as const
  ).filter((link) => link.permissions.some((permission) => can(roles, permission)));
  return (
    <nav aria-label={d.quickActions} className="flex flex-wrap gap-2">
      {links.map(({ to, label, icon: Icon }) => (
        <ButtonLink key={to} to={to} variant="outline" size="sm" icon={<Icon aria-hidden="true" className="size-4" />}>
          {label}
        </ButtonLink>
      ))}
    </nav>
  );
}

export default function AdminDashboardPage() {
  useDocumentTitle(d.title);
  const query = useAdminStats();
  const stats = query.data;
  const { roles } = useSession();
  // COMMUNICATIONS reads the figures but not the donations: no links into screens that would refuse them.
  const readsDonations = can(roles, 'donations.read');

  return (
    <div>
      <PageHeader className="mb-6" title={d.title} description={d.subtitle} actions={<QuickActions />} />
      <div className="mb-6 flex flex-col gap-3 empty:hidden">
        <PaymentProblemsAlert enabled={readsDonations} />
        <SlipStorageWarning enabled={readsDonations} />
      </div>
      {query.isError ? (
        <ErrorState message={s.dashboardLoadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <div className="flex flex-col gap-6">
          <Figures stats={stats} readsDonations={readsDonations} />
          {stats ? (
            <>
              <GrowthPanel stats={stats} />
              <MonthlyGivingCard giving={stats.monthly_giving} linked={readsDonations} />
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
                <RecentDonations stats={stats} readsDonations={readsDonations} />
                {/* Accounts are shown only to those who manage them (users.manage). */}
                {can(roles, 'users.manage') && <RecentUsers stats={stats} />}
              </div>
              <ActivityFeed stats={stats} />
            </>
          ) : (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" aria-hidden="true">
              <Skeleton className="h-64" />
              <Skeleton className="h-64" />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
