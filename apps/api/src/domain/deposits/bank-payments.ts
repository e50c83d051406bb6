// The payments staff verify against the bank's statement, as the database asks it (packages/shared/src/bank-payments.ts
// is the rule; docs/product.md#bank-deposits): a bank deposit, or a bank transfer no gateway settles (the office's).
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { isBankPayment as isBankPaymentOf } from '@donaciones/shared/bank-payments';
import { donations } from '../../db/schema';
import type { DonationRow } from '../ledger/types';

export const isBankPayment = (row: Pick<DonationRow, 'paymentMethod' | 'paymentProvider'>) => isBankPaymentOf(row.paymentMethod, row.paymentProvider);

/** The same rule over `donations`. */
export const bankPayment = or(
  eq(donations.paymentMethod, 'bank_deposit'),
  and(eq(donations.paymentMethod, 'bank_transfer'), isNull(donations.paymentProvider)),
) as SQL;

/** A bank payment awaiting verification: what a statement line may pay, and what "Depósitos por verificar" lists. */
export const pendingBankPayment = and(eq(donations.status, 'pending'), bankPayment) as SQL;

/** The same rule in raw SQL over the donations row aliased `alias` (the monthly close's queries). */
export const bankPaymentIn = (alias: string): SQL =>
  sql.raw(`(${alias}.payment_method = 'bank_deposit' OR (${alias}.payment_method = 'bank_transfer' AND ${alias}.payment_provider IS NULL))`);
