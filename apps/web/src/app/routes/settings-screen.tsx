// The settings screen as each role sees it (docs/product.md#screens-and-routes): the person's own
// tabs from the member feature, plus the admin feature's Sistema tab when the roles hold a settings permission,
// opened first at /admin/settings (the admin's Configuración link). The admin panel is its own
// lazy chunk, so other roles never load it.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Settings2, ShieldCheck } from 'lucide-react';
import { memberMessages } from '@donaciones/shared/messages/member';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { Skeleton } from '@/components/skeleton';
import { SettingsScreen as MemberSettingsScreen, type ExtraSettingsTab } from '@/features/member/routes/settings';
import { paths, SETTINGS_TAB_PARAM } from '@/lib/paths';
import { can } from '@donaciones/shared/permissions';
import { useSession } from '@/lib/session';

const AdminSettingsPage = lazy(() => import('@/features/admin/routes/admin-settings'));
const AccountSecurityPanel = lazy(() => import('@/features/auth/routes/account-security'));

/** The Seguridad tab (second step, passkeys, open sessions), for everyone; opened first with ?pestana=seguridad. */
const SECURITY_TAB = 'seguridad';
/** ?pestana=preferencias opens Preferencias first (the checkout's thank-you links it). */
const PREFERENCES_TAB = 'preferencias';
const security: ExtraSettingsTab = {
  key: SECURITY_TAB,
  label: twoStepMessages.ui.securityTab,
  icon: <ShieldCheck aria-hidden="true" className="size-4" />,
  panel: (
    <Suspense fallback={<Skeleton className="h-64" />}>
      <AccountSecurityPanel />
    </Suspense>
  ),
};

export default function SettingsScreen() {
  const { roles } = useSession();
  const { pathname, search } = useLocation();
  const tab = new URLSearchParams(search).get(SETTINGS_TAB_PARAM);
  const asked = tab === SECURITY_TAB ? SECURITY_TAB : tab === PREFERENCES_TAB ? 'preferences' : undefined;
  const staffSettings = (['settings.manage', 'content.manage', 'fiscal.manage', 'bank.manage'] as const).some((p) => can(roles, p));
  if (!staffSettings) return <MemberSettingsScreen extraTabs={[security]} initialTab={asked} />;
  const system: ExtraSettingsTab = {
    key: 'system',
    label: memberMessages.settings.tabs.system,
    icon: <Settings2 aria-hidden="true" className="size-4" />,
    panel: (
      <Suspense fallback={<Skeleton className="h-64" />}>
        <AdminSettingsPage />
      </Suspense>
    ),
  };
  const initialTab = pathname.replace(/\/+$/, '') === paths.adminSettings ? system.key : asked;
  return <MemberSettingsScreen extraTabs={[security, system]} initialTab={initialTab} />;
}
