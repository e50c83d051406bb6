// The simulated provider: the offline demo (PAYMENT_PROVIDER=simulated, docs/product.md#payments). It stands where a real
// gateway will go: it never sees a full card number, only the last 4 digits and the brand.
//
// Test cards that fail (the last 4 digits decide, as the full number never reaches the server):
//   4000 0000 0000 0002  -> declined ("Tarjeta rechazada por el emisor")
//   4000 0000 0000 9995  -> insufficient funds ("Fondos insuficientes")
//   4000 0000 0000 0069  -> expired card ("Tarjeta vencida")
// Any other card completes. A few seconds after a card gift is recorded the demo's card answers by
// itself (./events.ts, domain/giving/simulated-payments.ts); staff's Procesar still charges at once.
import { conflict } from '../../../errors';
import { paymentMessages } from '../../../messages/payments';
import type { ChargeResult, DonationRow } from '../../ledger/types';
import { settledByProvider } from '../providers';

export const FAILING_TEST_CARDS: Record<string, string> = {
  '0002': 'Tarjeta rechazada por el emisor',
  '9995': 'Fondos insuficientes',
  '0069': 'Tarjeta vencida',
};

/** The simulated card's payment id of a donation: the same whether Procesar or the demo's event charged it. */
export const simulatedPaymentId = (referenceCode: string) => `SIM-${referenceCode.slice(3)}`;

/**
 * Staff's Procesar (and the demo's monthly job) on a pending donation: the simulated card is charged;
 * goods and services are marked as received. A gateway's donation and a bank deposit are refused.
 */
export async function chargeOnProcess(row: DonationRow): Promise<ChargeResult> {
  if (settledByProvider(row)) throw conflict(paymentMessages.providerSettles);
  // A deposit is confirmed by staff against its slip and the bank (approve), never charged.
  if (row.paymentMethod === 'bank_deposit') throw conflict(paymentMessages.depositNotCharged);
  if (row.donationType !== 'monetary') return { ok: true, providerReference: null };
  const failure = row.cardLast4 ? FAILING_TEST_CARDS[row.cardLast4] : undefined;
  if (failure) return { ok: false, failureReason: failure };
  return { ok: true, providerReference: simulatedPaymentId(row.referenceCode) };
}
