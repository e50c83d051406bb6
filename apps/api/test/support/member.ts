// Fixtures of the member-area tests: donations of an account written straight into the ledger with
// chosen dates and statuses, and dates in past Guatemalan months.
import { toCents } from '@donaciones/shared/format';
import type { DonationStatus, DonationType } from '@donaciones/shared/constants';
import type { Database } from '../../src/db/client';
import { guatemalaYearMonth } from '../../src/domain/giving/own-donations';
import { addDonation as addLedgerDonation } from './helpers';

export interface DonationFixture {
  userId: number | null;
  email: string;
  name?: string;
  amount: number;
  status?: DonationStatus;
  type?: DonationType;
  currency?: string;
  createdAt?: Date;
  completedAt?: Date;
  programId?: number | null;
  nit?: string | null;
  description?: string | null;
}

/** A donation in the member fixtures' terms (amount in quetzales, the account's email), written by helpers' addDonation. */
export async function addDonation(db: Database, f: DonationFixture) {
  const status = f.status ?? 'completed';
  return addLedgerDonation(db, {
    donorName: f.name ?? 'Persona Prueba',
    donorEmail: f.email,
    donorNit: f.nit ?? null,
    amountCents: toCents(f.amount),
    currency: f.currency ?? 'GTQ',
    donationType: f.type ?? 'monetary',
    status,
    description: f.description ?? null,
    programId: f.programId ?? null,
    userId: f.userId,
    createdAt: f.createdAt ?? new Date(),
    ...(status === 'completed' && f.completedAt ? { completedAt: f.completedAt } : {}),
  });
}

/** Noon (Guatemala) of `day` in the month `n` months before the current Guatemalan month; now for n = 0. */
export function monthsAgo(n: number, day = 10): Date {
  if (n === 0) return new Date(Date.now() - 1000);
  const { year, month } = guatemalaYearMonth(new Date());
  return new Date(Date.UTC(year, month - 1 - n, day, 18, 0, 0));
}
