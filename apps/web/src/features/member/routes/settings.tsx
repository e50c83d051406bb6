// The settings screen of the signed-in person at /settings and /donor/profile: tabs Perfil Personal
// and Preferencias (docs/product.md#screens-and-routes). Tabs owned by other features (the admin's
// Sistema) are added by the app through `extraTabs`, so this feature does not import them.
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SlidersHorizontal, UserRound } from 'lucide-react';
import { memberMessages } from '@donaciones/shared/messages/member';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePreferences } from '../api/get-preferences';
import { useProfile } from '../api/get-profile';
import { ConfirmEmailBanner } from '../components/confirm-email-banner';
import { PreferencesTab } from '../components/preferences-tab';
import { ProfileTab } from '../components/profile-tab';
import { SettingsTabs, type TabItem } from '../components/settings-tabs';

const t = memberMessages.settings;

/** A tab another feature adds to the screen, with its panel. */
export interface ExtraSettingsTab extends TabItem<string> {
  panel: ReactNode;
}

export interface SettingsScreenProps {
  extraTabs?: readonly ExtraSettingsTab[];
  /** The tab opened first; the profile when absent or not among the tabs. */
  initialTab?: string;
}

export function SettingsScreen({ extraTabs = [], initialTab }: SettingsScreenProps) {
  const { pathname } = useLocation();
  const title = pathname.replace(/\/+$/, '') === paths.donorProfile ? t.profileTitle : t.title;
  useDocumentTitle(title);
  const [chosen, setChosen] = useState<string>(initialTab ?? 'profile');
  // Every tab opened stays mounted, hidden while another is shown, so what was typed in one and not
  // yet saved is still there when the person comes back to it.
  const [opened, setOpened] = useState<readonly string[]>([]);

  const tabs: TabItem<string>[] = [
    { key: 'profile', label: t.tabs.profile, icon: <UserRound aria-hidden="true" className="size-4" /> },
    { key: 'preferences', label: t.tabs.preferences, icon: <SlidersHorizontal aria-hidden="true" className="size-4" /> },
    ...extraTabs,
  ];
  const active = tabs.some((tab) => tab.key === chosen) ? chosen : 'profile';
  const setActive = (key: string) => {
    setOpened((keys) => [...new Set([...keys, active, key])]);
    setChosen(key);
  };
  const panelOf = (key: string) =>
    key === 'profile' ? <ProfilePanel /> : key === 'preferences' ? <PreferencesPanel /> : extraTabs.find((tab) => tab.key === key)?.panel;
  const mounted = tabs.filter((tab) => tab.key === active || opened.includes(tab.key));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
        <p className="mt-2 max-w-2xl text-ink-600">{t.intro}</p>
      </div>
      <ConfirmEmailBanner />
      <SettingsTabs label={t.tabsLabel} tabs={tabs} active={active} onChange={setActive}>
        {mounted.map((tab) => (
          <div key={tab.key} hidden={tab.key !== active}>
            {panelOf(tab.key)}
          </div>
        ))}
      </SettingsTabs>
    </div>
  );
}

export default function SettingsPage() {
  return <SettingsScreen />;
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
