// The settings screen (SPEC.md §2 Settings; DECISIONS.md D8) at /settings, /donor/profile and
// /admin/settings: tabs Perfil Personal and Preferencias for everyone signed in, and Sistema when
// the roles include ADMIN (opened first at /admin/settings, the admin's Configuración link).
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Settings2, SlidersHorizontal, UserRound } from 'lucide-react';
import { memberMessages } from '@donaciones/shared/messages/member';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { paths } from '@/lib/paths';
import { hasAnyRole } from '@/lib/roles';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePreferences } from '../api/get-preferences';
import { useProfile } from '../api/get-profile';
import { PreferencesTab } from '../components/preferences-tab';
import { ProfileTab } from '../components/profile-tab';
import { SettingsTabs, type TabItem } from '../components/settings-tabs';
import { SystemSettingsTab } from '../components/system-settings-tab';

const t = memberMessages.settings;

type TabKey = 'profile' | 'preferences' | 'system';

export default function SettingsPage() {
  const { pathname } = useLocation();
  const session = useSession();
  const path = pathname.replace(/\/+$/, '');
  const isAdmin = hasAnyRole(session.roles, ['ADMIN']);
  const title = path === paths.donorProfile ? t.profileTitle : t.title;
  useDocumentTitle(title);
  const [chosen, setActive] = useState<TabKey>(isAdmin && path === paths.adminSettings ? 'system' : 'profile');
  const active: TabKey = chosen === 'system' && !isAdmin ? 'profile' : chosen;

  const tabs: TabItem<TabKey>[] = [
    { key: 'profile', label: t.tabs.profile, icon: <UserRound aria-hidden="true" className="size-4" /> },
    { key: 'preferences', label: t.tabs.preferences, icon: <SlidersHorizontal aria-hidden="true" className="size-4" /> },
    ...(isAdmin ? [{ key: 'system' as const, label: t.tabs.system, icon: <Settings2 aria-hidden="true" className="size-4" /> }] : []),
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
        <p className="mt-2 max-w-2xl text-ink-600">{t.intro}</p>
      </div>
      <SettingsTabs label={t.tabsLabel} tabs={tabs} active={active} onChange={setActive}>
        {active === 'profile' ? <ProfilePanel /> : active === 'preferences' ? <PreferencesPanel /> : <SystemSettingsTab />}
      </SettingsTabs>
    </div>
  );
}

function PanelSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-3" aria-hidden="true">
      <Skeleton className="h-96 lg:col-span-2" />
      <Skeleton className="h-40" />
    </div>
  );
}

function ProfilePanel() {
  const profile = useProfile();
  if (profile.isPending) return <PanelSkeleton />;
  if (profile.isError) return <ErrorState message={t.loadError} onRetry={() => profile.refetch()} retrying={profile.isFetching} />;
  return <ProfileTab profile={profile.data} />;
}

function PreferencesPanel() {
  const preferences = usePreferences();
  if (preferences.isPending) return <PanelSkeleton />;
  if (preferences.isError) return <ErrorState message={t.loadError} onRetry={() => preferences.refetch()} retrying={preferences.isFetching} />;
  return <PreferencesTab preferences={preferences.data} />;
}
