// The offline demo's simulated card as a provider (PAYMENT_PROVIDER=simulated, docs/product.md#payments):
// staff's Procesar and the demo's jobs charge its donations (./simulated.ts, ./events.ts). Its card
// gifts and monthly gifts name it in `payment_provider` and `recurring_gifts.provider`.
import type { PaymentProviderName } from '@donaciones/shared/schemas/payments';
import { offlineProvider } from '../offline-provider';

export const SIMULATED_PROVIDER = 'simulated' satisfies PaymentProviderName;

export const simulatedProvider = offlineProvider(SIMULATED_PROVIDER, 'charge', 'El pago simulado');
