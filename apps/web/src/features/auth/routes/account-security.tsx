// The Seguridad tab of the settings (docs/product.md#accounts-and-sessions): the authenticator app and
// recovery codes, passkeys, the open sessions, and for whoever manages users (ADMIN) the staff's sign-in.
import { can } from '@donaciones/shared/permissions';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { useSession } from '@/lib/session';
import { useAccountSecurity } from '../api/account-security';
import { PasskeysCard } from '../components/security/passkeys-card';
import { SessionsCard } from '../components/security/sessions-card';
import { StaffSecurity } from '../components/security/staff-security';
import { TotpCard } from '../components/security/totp-card';

export default function AccountSecurityPanel() {
  const { roles, user } = useSession();
  const security = useAccountSecurity();
  if (security.isPending) return <Skeleton className="h-64" />;
  if (security.isError) return <ErrorState message={twoStepMessages.ui.loadError} onRetry={() => void security.refetch()} retrying={security.isFetching} />;
  return (
    <div className="space-y-6">
      <TotpCard security={security.data} />
      <PasskeysCard security={security.data} />
      <SessionsCard />
      {can(roles, 'users.manage') && <StaffSecurity currentUserId={user?.id} canSetRule={can(roles, 'settings.manage')} />}
    </div>
  );
}
