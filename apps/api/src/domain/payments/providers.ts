// Who settles a pending donation, by the provider it names (docs/product.md#payments). Every
// donation paid by card or deposit names its provider in `payment_provider`; this is the one place
// that reads that name:
//   - a gateway (Recurrente): its own answer settles it (webhook, return page, reconciliation job);
//   - the simulated provider (the offline demo): staff's Procesar, or the demo's jobs, charge it;
//   - the bank deposit: staff approve or reject it against the slip and the bank;
//   - no provider (goods, services, cash): staff settle it as received.
import { paymentsMessages } from '@donaciones/shared/messages/payments';
import { type CardProviderName, PAYMENT_PROVIDERS, type PaymentProviderName } from '@donaciones/shared/schemas/payments';
import type { DonationRow } from '../ledger/types';
import { DEPOSIT_PROVIDER, depositProvider } from './deposit/provider';
import type { OfflineProvider, Settlement } from './offline-provider';
import { SIMULATED_PROVIDER, simulatedProvider } from './simulated/provider';

export { DEPOSIT_PROVIDER, SIMULATED_PROVIDER };

/** The providers without a gateway; any other name is a gateway's (Recurrente). */
const OFFLINE_PROVIDERS: readonly OfflineProvider[] = [simulatedProvider, depositProvider];

type ProviderOf = Pick<DonationRow, 'paymentProvider'>;

/** How a donation naming this provider is settled; null when it names none. */
export const settlementOf = (name: string | null): Settlement | null =>
  name == null ? null : (OFFLINE_PROVIDERS.find((provider) => provider.name === name)?.settlement ?? 'gateway');

/** Staff's Procesar and the demo's jobs charge it (the simulated provider's gifts). */
export const isSimulatedProvider = (name: string | null): boolean => settlementOf(name) === 'charge';

/** A gateway's checkout is settled by the gateway's answer, never by a staff click. */
export const settledByProvider = (row: ProviderOf): boolean => settlementOf(row.paymentProvider) === 'gateway';

/** Staff approve or reject it (a bank deposit, goods, cash): no provider settles it. */
export const needsManualReview = (row: ProviderOf): boolean => {
  const settlement = settlementOf(row.paymentProvider);
  return settlement == null || settlement === 'review';
};

/** The name stored on a new card donation: the gateway's, or the demo's simulated provider. */
export function cardProviderName(gateway: { name: PaymentProviderName } | null | undefined): CardProviderName {
  if (!gateway) return SIMULATED_PROVIDER;
  const card = PAYMENT_PROVIDERS.find((name) => name === gateway.name);
  if (!card) throw new Error(`${gateway.name} is not a card provider`);
  return card;
}

/** The configured gateway as a refund or a void asks about it (the app's `payments`): its provider's name; null when none is configured. */
export type ConfiguredGateway = { provider: { name: string } } | null;

/**
 * Why a completed card gift cannot be refunded through the configured gateway (`gateway`, null when
 * none is), or null when it can, and for every gift that is not a completed card gift. Such a gift is
 * voided instead once its money has gone back by the way it came (decision 0041, addendum).
 */
export function refundUnavailable(gateway: ConfiguredGateway, row: Pick<DonationRow, 'status' | 'paymentMethod' | 'paymentProvider' | 'paymentReference'>): string | null {
  if (row.status !== 'completed' || row.paymentMethod !== 'card') return null;
  const why = paymentsMessages.refundUnavailable;
  if (gateway == null) return why.noGateway;
  const name = gateway.provider.name;
  if (row.paymentProvider !== name) return why.otherProvider(paymentsMessages.providers[name as PaymentProviderName] ?? name);
  if (row.paymentReference == null) return why.noPaymentId;
  return null;
}
