// /dashboard as each role sees it (docs/product.md#screens-and-routes): ADMIN gets the admin
// dashboard, DONOR the donor dashboard, anyone else (unknown roles included) the user dashboard.
// The admin's other pages have their own routes; each body here is its own lazy chunk.
import { lazy, Suspense } from 'react';
import { PageSpinner } from '@/components/spinner';
import { TryTwoStepBanner } from '@/features/auth/components/try-two-step-banner';
import { useSession } from '@/lib/session';
import { dashboardRole } from '../navigation';

const AdminDashboardPage = lazy(() => import('@/features/admin/routes/admin-dashboard'));
const DonorDashboardPage = lazy(() => import('@/features/member/routes/donor-dashboard'));
const UserDashboardPage = lazy(() => import('@/features/member/routes/user-dashboard'));

export type DashboardScreenName = 'admin-dashboard' | 'donor-dashboard' | 'user-dashboard';

export function dashboardScreenFor(roles: readonly string[]): DashboardScreenName {
  const role = dashboardRole(roles);
  if (role === 'ADMIN') return 'admin-dashboard';
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
  return (
    <>
      <TryTwoStepBanner />
      <Suspense fallback={<PageSpinner />}>
        <Screen name={dashboardScreenFor(roles)} />
      </Suspense>
    </>
  );
}
