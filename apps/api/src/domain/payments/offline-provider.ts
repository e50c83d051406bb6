// A provider without an online gateway (docs/product.md#payments): the offline demo's simulated card
// and the bank deposit. Each is a PaymentProvider like Recurrente, stored by name on its donations;
// what differs is who settles a donation it names (`settlement`). Neither opens a checkout, holds a
// subscription, refunds or sends webhooks, so those calls are refused with the reason, never faked.
import type { PaymentProviderName } from '@donaciones/shared/schemas/payments';
import { type PaymentProvider, ProviderError, WebhookSignatureError } from './provider';

/**
 * Who settles a pending donation of the provider:
 *   - `gateway`: the provider's own answer (webhook, return page, reconciliation job);
 *   - `charge`: staff's Procesar, or the demo's jobs, charge it (the simulated card);
 *   - `review`: staff approve or reject it against the bank (the bank deposit).
 */
export type Settlement = 'gateway' | 'charge' | 'review';

export interface OfflineProvider extends PaymentProvider {
  readonly settlement: Exclude<Settlement, 'gateway'>;
}

/** A provider whose donations staff (or the demo's jobs) settle; `label` names it in the refusals. */
export function offlineProvider(name: PaymentProviderName, settlement: OfflineProvider['settlement'], label: string): OfflineProvider {
  const refuse = (what: string) => Promise.reject(new ProviderError(`${label}: ${what}`, null, null));
  return {
    name,
    settlement,
    createCheckout: () => refuse('no abre un pago en línea'),
    getCheckout: () => refuse('no tiene pagos en línea que consultar'),
    expireCheckout: () => refuse('no tiene pagos en línea que cerrar'),
    refund: () => refuse('no devuelve pagos por sí mismo'),
    getSubscription: () => refuse('no tiene suscripciones'),
    cancelSubscription: () => refuse('no tiene suscripciones'),
    verifyWebhook: () => {
      throw new WebhookSignatureError(`${label}: no envía notificaciones`);
    },
  };
}
