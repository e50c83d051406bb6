// Which payments staff verify against the bank's statement (docs/product.md#bank-deposits): a bank deposit, made
// through /donate or entered by the office, and a bank transfer no gateway settles, which is one the office entered
// (docs/product.md#staff-gift-entry). A transfer made through the gateway (Recurrente) is the gateway's to settle.
// The review's "Depósitos y transferencias por verificar", the statement's matching, the corrections and the monthly close all ask this.

export type BankPaymentMethod = 'bank_deposit' | 'bank_transfer';

/** A payment into the organisation's account that staff find in the bank statement: a deposit, or an office transfer. */
export function isBankPayment(method: string | null | undefined, provider: string | null | undefined): method is BankPaymentMethod {
  return method === 'bank_deposit' || (method === 'bank_transfer' && provider == null);
}
