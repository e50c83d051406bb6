// docs/product.md#screens-and-routes: signed-out users go to /login with the origin remembered in location
// state; a signed-in user without a required role goes to /dashboard. Roles are compared in
// upper case and unknown roles count as USER.
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@donaciones/shared/constants';
import { PageSpinner } from '@/components/spinner';
import type { FromState } from '@/lib/auth-redirect';
import { paths } from '@/lib/paths';
import { hasAnyRole } from '@donaciones/shared/roles';
import { useSession } from '@/lib/session';

export interface RequireAuthProps {
  /** Any one of these roles is enough; none means "signed in". */
  roles?: readonly Role[];
  children?: ReactNode;
}

export function RequireAuth({ roles, children }: RequireAuthProps) {
  const session = useSession();
  const location = useLocation();

  if (session.isLoading) return <PageSpinner />;
  if (!session.isAuthenticated) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (roles && roles.length > 0 && !hasAnyRole(session.roles, roles)) return <Navigate to={paths.dashboard} replace />;
  return children ?? <Outlet />;
}
