// The admin's settings page, shown as the Sistema tab of the settings screen: system settings,
// the organisation's data, its fiscal identity for receipts, programs, upcoming events, impact factors and levels (docs/product.md#screens-and-routes).
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { useFiscalSettings } from '../api/fiscal-settings';
import { useImpactSettings } from '../api/get-impact-settings';
import { useLevelSettings } from '../api/get-level-settings';
import { useOrganization } from '../api/get-organization';
import { usePaymentSettings } from '../api/payment-settings';
import { useBankAccounts } from '../api/bank-accounts';
import { useSystemSettings } from '../api/get-system-settings';
import { ProgramsManager } from '../components/content-managers';
import { EventsManager } from '../components/events-manager';
import { FiscalSettingsForm } from '../components/fiscal-settings-form';
import { PaymentSettingsForm } from '../components/payment-settings-form';
import { BankAccountsForm } from '../components/bank-accounts-form';
import { ImpactForm, LevelsForm, OrganizationForm, SystemSettingsForm } from '../components/system-forms';

/** A settings document's form once its values are loaded; an error with a retry if they are not. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isError) return <ErrorState message={adminMessages.system.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (!query.data) return <Skeleton className="h-64" />;
  return <>{children(query.data)}</>;
}

export function SystemSettingsTab() {
  const system = useSystemSettings();
  const organization = useOrganization();
  const impact = useImpactSettings();
  const levels = useLevelSettings();
  const payments = usePaymentSettings();
  const fiscal = useFiscalSettings();
  const bankAccounts = useBankAccounts();
  return (
    <div className="flex flex-col gap-6">
      <Loaded query={system}>{(values) => <SystemSettingsForm values={values} />}</Loaded>
      <Loaded query={organization}>{(values) => <OrganizationForm values={values} />}</Loaded>
      <Loaded query={fiscal}>{(values) => <FiscalSettingsForm values={values} />}</Loaded>
      <Loaded query={payments}>{(values) => <PaymentSettingsForm values={values} />}</Loaded>
      <Loaded query={bankAccounts}>{(values) => <BankAccountsForm values={values} />}</Loaded>
      <ProgramsManager />
      <EventsManager />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <Loaded query={impact}>{(values) => <ImpactForm values={values} />}</Loaded>
        <Loaded query={levels}>{(values) => <LevelsForm values={values} />}</Loaded>
      </div>
    </div>
  );
}

export default SystemSettingsTab;
