// The bank deposit as a provider (docs/product.md#payments): the donor pays at the bank and uploads
// the slip; staff approve or reject the donation against the slip and the bank's statement
// (domain/deposits/). Every deposit donation names it in `payment_provider`.
import type { PaymentProviderName } from '@donaciones/shared/schemas/payments';
import { offlineProvider } from '../offline-provider';

export const DEPOSIT_PROVIDER = 'deposit' satisfies PaymentProviderName;

export const depositProvider = offlineProvider(DEPOSIT_PROVIDER, 'review', 'El depósito bancario');
