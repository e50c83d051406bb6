// docs/product.md#screens-and-routes: signed-out users go to /login with the origin remembered in location
// state; a signed-in user without a required role goes to /dashboard. Roles are compared in
// upper case and unknown roles count as USER.
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@donaciones/shared/constants';
import { can, isStaffMember, type Permission } from '@donaciones/shared/permissions';
import { PageSpinner } from '@/components/spinner';
import type { FromState } from '@/lib/auth-redirect';
import { paths } from '@/lib/paths';
import { hasAnyRole } from '@donaciones/shared/roles';
import { useSession } from '@/lib/session';

export interface RequireAuthProps {
  /** Any one of these roles is enough; none means "signed in". */
  roles?: readonly Role[];
  /**
   * Staff screens: `"staff"` lets in any staff role (others go to /dashboard); a permission shows the
   * no-permission page to staff whose roles do not hold it.
   */
  permission?: Permission | 'staff';
  children?: ReactNode;
}

/** What a signed-in person without the permission sees, in place of the screen (its own small chunk). */
const NoPermission = lazy(() => import('./routes/no-permission'));

export function RequireAuth({ roles, permission, children }: RequireAuthProps) {
  const session = useSession();
  const location = useLocation();

  if (session.isLoading) return <PageSpinner />;
  if (!session.isAuthenticated) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (roles && roles.length > 0 && !hasAnyRole(session.roles, roles)) return <Navigate to={paths.dashboard} replace />;
  // Donors and plain accounts never see the staff console: back to their panel, as with roles.
  if (permission === 'staff' && !isStaffMember(session.roles)) return <Navigate to={paths.dashboard} replace />;
  if (permission && permission !== 'staff' && !can(session.roles, permission)) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <NoPermission />
      </Suspense>
    );
  }
  return children ?? <Outlet />;
}
