// Who settles a pending donation, by the way it is paid (docs/product.md#payments). Every donation
// names its provider in `payment_provider`; this is the one place that reads that name:
//   - a gateway (Recurrente): its own answer settles it (webhook, return page, reconciliation job);
//   - the simulated provider (the offline demo): staff's Procesar, or the monthly job, charges it;
//   - no provider: staff settle it, a bank deposit against the bank, goods and cash as received.
import type { PaymentProviderName } from '@donaciones/shared/schemas/payments';
import type { DonationRow } from '../ledger/types';

/** The offline demo's provider, as stored on its donations and monthly gifts (PAYMENT_PROVIDER=simulated). */
export const SIMULATED_PROVIDER = 'simulated' satisfies PaymentProviderName;

type ProviderOf = Pick<DonationRow, 'paymentProvider'>;

export const isSimulatedProvider = (name: string | null): boolean => name === SIMULATED_PROVIDER;
export const isSimulated = (row: ProviderOf): boolean => isSimulatedProvider(row.paymentProvider);

/** A gateway's checkout is settled by the gateway's answer, never by a staff click. */
export const settledByProvider = (row: ProviderOf): boolean => row.paymentProvider != null && !isSimulated(row);

/** Staff approve or reject it (a bank deposit, goods, cash): no provider settles it. */
export const needsManualReview = (row: ProviderOf): boolean => row.paymentProvider == null;

/** The name stored on a new card donation: the gateway's, or the demo's simulated provider. */
export const cardProviderName = (gateway: { name: PaymentProviderName } | null | undefined): PaymentProviderName => gateway?.name ?? SIMULATED_PROVIDER;
