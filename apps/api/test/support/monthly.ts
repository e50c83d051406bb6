// A monthly gift for the staff-side tests (authorization matrix): an active simulated gift started a
// month ago, with a unique email.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client';
import { recurringGifts } from '../../src/db/schema';

export async function aMonthlyGift(db: Database, values: Partial<typeof recurringGifts.$inferInsert> = {}): Promise<typeof recurringGifts.$inferSelect> {
  const started = new Date(Date.now() - 30 * 86_400_000);
  const [row] = await db
    .insert(recurringGifts)
    .values({
      provider: 'simulated',
      donorName: 'Padrino de Prueba',
      donorEmail: `padrino.${randomBytes(3).toString('hex')}@prueba.gt`,
      amountCents: 15_000,
      status: 'active',
      startedAt: started,
      nextChargeAt: new Date(started.getTime() + 31 * 86_400_000),
      createdAt: started,
      ...values,
    })
    .returning();
  return row;
}
