// The one dashboard screen of docs/product.md#screens-and-routes: ADMIN gets users, donations, reports or settings by
// path and otherwise the admin dashboard; DONOR always gets the donor dashboard; anyone else
// (unknown roles included) gets the user dashboard. Each body is its own lazy chunk.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { dashboardRole } from '../navigation';

const AdminDashboardPage = lazy(() => import('@/features/admin/routes/admin-dashboard'));
const AdminUsersPage = lazy(() => import('@/features/admin/routes/admin-users'));
const AdminDonationsPage = lazy(() => import('@/features/admin/routes/admin-donations'));
const AdminReportsPage = lazy(() => import('@/features/admin/routes/admin-reports'));
const SettingsPage = lazy(() => import('./settings-screen'));
const DonorDashboardPage = lazy(() => import('@/features/member/routes/donor-dashboard'));
const UserDashboardPage = lazy(() => import('@/features/member/routes/user-dashboard'));

export type DashboardScreenName = 'admin-dashboard' | 'admin-users' | 'admin-donations' | 'admin-reports' | 'settings' | 'donor-dashboard' | 'user-dashboard';

const ADMIN_SCREENS: Record<string, DashboardScreenName> = {
  [paths.adminUsers]: 'admin-users',
  [paths.adminDonations]: 'admin-donations',
  [paths.adminReports]: 'admin-reports',
  [paths.adminSettings]: 'settings',
};

export function dashboardScreenFor(roles: readonly string[], pathname: string): DashboardScreenName {
  const role = dashboardRole(roles);
  if (role === 'ADMIN') return ADMIN_SCREENS[pathname.replace(/\/+$/, '')] ?? 'admin-dashboard';
  if (role === 'DONOR') return 'donor-dashboard';
  return 'user-dashboard';
}

function Screen({ name }: { name: DashboardScreenName }) {
  switch (name) {
    case 'admin-users':
      return <AdminUsersPage />;
    case 'admin-donations':
      return <AdminDonationsPage />;
    case 'admin-reports':
      return <AdminReportsPage />;
    case 'settings':
      return <SettingsPage />;
    case 'admin-dashboard':
      return <AdminDashboardPage />;
    case 'donor-dashboard':
      return <DonorDashboardPage />;
    case 'user-dashboard':
      return <UserDashboardPage />;
  }
}

export default function DashboardScreen() {
  const { roles } = useSession();
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen name={dashboardScreenFor(roles, pathname)} />
    </Suspense>
  );
}
