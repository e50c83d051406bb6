// Fixtures of the member-area tests: a signed-in session for an account, and donations written
// straight into the ledger with chosen dates and statuses.
import { sql } from 'drizzle-orm';
import { toCents } from '@donaciones/shared/format';
import type { DonationStatus, DonationType } from '@donaciones/shared/constants';
import type { Database } from '../src/db/client';
import { donations } from '../src/db/schema';
import { guatemalaYearMonth } from '../src/services/member-donations';

let referenceCounter = 0;
function reference(): string {
  referenceCounter += 1;
  return `#MG${String(70_000_000 + referenceCounter * 7 + Math.floor(Math.random() * 7)).padStart(8, '0')}`;
}

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

export async function addDonation(db: Database, f: DonationFixture) {
  const status = f.status ?? 'completed';
  const createdAt = f.createdAt ?? new Date();
  const completed = status === 'completed';
  const [row] = await db
    .insert(donations)
    .values({
      referenceCode: reference(),
      donorName: f.name ?? 'Persona Prueba',
      donorEmail: f.email,
      donorNit: f.nit ?? null,
      amountCents: toCents(f.amount),
      currency: f.currency ?? 'GTQ',
      donationType: f.type ?? 'monetary',
      status,
      description: f.description ?? null,
      source: 'service',
      programId: f.programId ?? null,
      userId: f.userId,
      createdAt,
      updatedAt: createdAt,
      completedAt: completed ? (f.completedAt ?? createdAt) : null,
      receiptNumber: completed ? sql`nextval('receipt_number_seq')` : null,
    })
    .returning();
  return row;
}

/** Noon (Guatemala) of `day` in the month `n` months before the current Guatemalan month; now for n = 0. */
export function monthsAgo(n: number, day = 10): Date {
  if (n === 0) return new Date(Date.now() - 1000);
  const { year, month } = guatemalaYearMonth(new Date());
  return new Date(Date.UTC(year, month - 1 - n, day, 18, 0, 0));
}
