// /dashboard as each role sees it (docs/product.md#screens-and-routes): staff who may read reports get
// the organisation's dashboard, DONOR the donor dashboard, anyone else (unknown roles included) the user
// dashboard; other staff are taken to their own starting screen (the review queue, the children's
// records). The admin's other pages have their own routes; each body here is its own lazy chunk.
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { can } from '@donaciones/shared/permissions';
import { dashboardRole, startPathFor } from '../navigation';

const AdminDashboardPage = lazy(() => import('@/features/admin/routes/admin-dashboard'));
const DonorDashboardPage = lazy(() => import('@/features/member/routes/donor-dashboard'));
const UserDashboardPage = lazy(() => import('@/features/member/routes/user-dashboard'));

export type DashboardScreenName = 'admin-dashboard' | 'donor-dashboard' | 'user-dashboard';

export function dashboardScreenFor(roles: readonly string[]): DashboardScreenName {
  // The organisation's figures are for staff who may read reports; other staff never stay here (startPathFor).
  if (can(roles, 'reports.read')) return 'admin-dashboard';
  const role = dashboardRole(roles);
  if (role === 'DONOR') return 'donor-dashboard';
  return 'user-dashboard';
}

function Screen({ name }: { name: DashboardScreenName }) {
  switch (name) {
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
  const start = startPathFor(roles);
  if (start !== paths.dashboard) return <Navigate to={start} replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen name={dashboardScreenFor(roles)} />
    </Suspense>
  );
}
