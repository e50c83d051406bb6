// The admin's settings page, shown as the Sistema tab of the settings screen: system settings,
// the organisation's data, its fiscal identity for receipts, slips, the email rate, sponsorship, programs, upcoming events, impact factors and levels (docs/product.md#screens-and-routes).
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { can, type Permission } from '@donaciones/shared/permissions';
import { Skeleton } from '@/components/skeleton';
import { useSession } from '@/lib/session';
import { ErrorState } from '@/components/states';
import { useFiscalSettings } from '../api/fiscal-settings';
import { useSlipStorage } from '../api/slip-storage';
import { SlipStorageForm } from '../components/slip-storage';
import { useEmailDelivery } from '../api/email-delivery';
import { EmailDeliveryForm } from '../components/email-delivery';
import { useSponsorshipSettings } from '../api/sponsorship-settings';
import { SponsorshipSettingsForm } from '../components/sponsorship-settings';
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

const SystemSection = () => <Loaded query={useSystemSettings()}>{(values) => <SystemSettingsForm values={values} />}</Loaded>;
const OrganizationSection = () => <Loaded query={useOrganization()}>{(values) => <OrganizationForm values={values} />}</Loaded>;
const FiscalSection = () => <Loaded query={useFiscalSettings()}>{(values) => <FiscalSettingsForm values={values} />}</Loaded>;
const PaymentsSection = () => <Loaded query={usePaymentSettings()}>{(values) => <PaymentSettingsForm values={values} />}</Loaded>;
const SlipStorageSection = () => <Loaded query={useSlipStorage()}>{(answer) => <SlipStorageForm answer={answer} />}</Loaded>;
const EmailDeliverySection = () => <Loaded query={useEmailDelivery()}>{(values) => <EmailDeliveryForm values={values} />}</Loaded>;
const SponsorshipSection = () => <Loaded query={useSponsorshipSettings()}>{(values) => <SponsorshipSettingsForm values={values} />}</Loaded>;
const BankAccountsSection = () => <Loaded query={useBankAccounts()}>{(values) => <BankAccountsForm values={values} />}</Loaded>;
const ImpactSection = () => <Loaded query={useImpactSettings()}>{(values) => <ImpactForm values={values} />}</Loaded>;
const LevelsSection = () => <Loaded query={useLevelSettings()}>{(values) => <LevelsForm values={values} />}</Loaded>;

/** Each part is shown (and loaded) only to roles that hold its permission (packages/shared/src/permissions.ts). */
export function SystemSettingsTab() {
  const { roles } = useSession();
  const may = (permission: Permission) => can(roles, permission);
  return (
    <div className="flex flex-col gap-6">
      {may('settings.manage') && <SystemSection />}
      {may('content.manage') && <OrganizationSection />}
      {may('fiscal.manage') && <FiscalSection />}
      {may('fiscal.manage') && <PaymentsSection />}
      {may('bank.manage') && <BankAccountsSection />}
      {may('settings.manage') && <SlipStorageSection />}
      {may('settings.manage') && <EmailDeliverySection />}
      {may('settings.manage') && <SponsorshipSection />}
      {may('content.manage') && (
        <>
          <ProgramsManager />
          <EventsManager />
          <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
            <ImpactSection />
            <LevelsSection />
          </div>
        </>
      )}
    </div>
  );
}

export default SystemSettingsTab;
