// The payments staff verify against the bank's statement, as the database asks it (packages/shared/src/bank-payments.ts
// is the rule; docs/product.md#bank-deposits): a bank deposit, or a bank transfer no gateway settles (the office's).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { isBankPayment as isBankPaymentOf } from '@donaciones/shared/bank-payments';
import { donations } from '../../db/schema';
import type { DonationRow } from '../ledger/types';

export const isBankPayment = (row: Pick<DonationRow, 'paymentMethod' | 'paymentProvider'>) => isBankPaymentOf(row.paymentMethod, row.paymentProvider);

/** The same rule in SQL over the donations row named `table` (an alias, as the monthly close's queries use). */
export const bankPaymentIn = (table: string): SQL =>
  sql.raw(`(${table}.payment_method = 'bank_deposit' OR (${table}.payment_method = 'bank_transfer' AND ${table}.payment_provider IS NULL))`);

/** The same rule over `donations`, as the query builder names the table. */
const bankPayment = bankPaymentIn('"donations"');

/** A bank payment awaiting verification: what a statement line may pay, and what "Depósitos y transferencias por verificar" lists. */
export const pendingBankPayment = and(eq(donations.status, 'pending'), bankPayment) as SQL;
