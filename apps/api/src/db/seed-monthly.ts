// Demo monthly donors (docs/product.md#demo-data, #monthly-giving): a few monthly gifts of the
// simulated provider with their charge histories, including the demo donor's, so the donor area,
// the staff's list and reports and the renewals job all have something to show offline. One gift's
// next charge falls two minutes after the first start, so the demo sees the job renew it.
import type { donations } from './schema';
import { recurringGifts } from './schema';
import type { Db } from './client';
import { addMonth } from '../domain/ledger/links';
import { SIMULATED_PROVIDER } from '../domain/payments/providers';
import { simulatedPaymentId } from '../domain/payments/simulated/simulated';

type DonationInsert = typeof donations.$inferInsert;

interface DemoGift {
  name: string;
  email: string;
  amount: number;
  /** Months since the first charge. */
  months: number;
  status: 'active' | 'past_due' | 'cancelled';
  card: string;
  /** The demo's upcoming renewal, in minutes from the start (else a month after the last charge). */
  nextInMinutes?: number;
  cancelReason?: string;
  pastDueReason?: string;
}

const GIFTS: DemoGift[] = [
  { name: 'Diego Donante', email: 'donante@ejemplo.org', amount: 150, months: 5, status: 'active', card: '4242' },
  { name: 'Sofía Morales', email: 'sofia.morales@correo.gt', amount: 250, months: 7, status: 'active', card: '1881', nextInMinutes: 2 },
  { name: 'Andrés Castillo', email: 'andres.castillo@gmail.com', amount: 500, months: 11, status: 'active', card: '5454' },
  { name: 'Carlos López', email: 'carlos.lopez55@hotmail.com', amount: 100, months: 6, status: 'past_due', card: '3220', pastDueReason: 'Fondos insuficientes' },
  { name: 'Lucía Ramírez', email: 'lucia.ramirez@yahoo.com', amount: 75, months: 4, status: 'cancelled', card: '7777', cancelReason: 'Cambio de presupuesto familiar' },
];

/**
 * Inserts the demo's monthly gifts and returns their donations (completed charges, and the failed
 * one of the past-due gift) for the seed to add to the ledger with the rest.
 */
export async function seedMonthlyGifts(
  db: Db,
  now: Date,
  options: { reference: () => string; donorUserId: number | null },
): Promise<DonationInsert[]> {
  const day = 86_400_000;
  const rows: DonationInsert[] = [];
  for (const demo of GIFTS) {
    const cents = Math.round(demo.amount * 100);
    // The first charge, `months` months ago (or so that the next one falls `nextInMinutes` from now).
    const anchor = demo.nextInMinutes != null ? new Date(now.getTime() + demo.nextInMinutes * 60_000) : new Date(now.getTime() - 2 * day);
    const first = addMonth(anchor, -demo.months);
    const charges: Date[] = [];
    for (let k = 0; ; k++) {
      const at = addMonth(first, k);
      if (at > now) break;
      charges.push(at);
    }
    const ended = demo.status === 'cancelled';
    // A cancelled gift stopped a month before its last scheduled charge; a past-due one failed its last.
    const paid = ended || demo.status === 'past_due' ? charges.slice(0, -1) : charges;
    const last = charges[charges.length - 1];
    const [gift] = await db
      .insert(recurringGifts)
      .values({
        provider: SIMULATED_PROVIDER,
        donorName: demo.name,
        donorEmail: demo.email,
        userId: demo.email === 'donante@ejemplo.org' ? options.donorUserId : null,
        amountCents: cents,
        currency: 'GTQ',
        status: demo.status,
        startedAt: first,
        nextChargeAt: ended ? null : demo.status === 'past_due' ? last : addMonth(last),
        cancelledAt: ended ? new Date(last.getTime() - 3 * day) : null,
        cancelledBy: ended ? 'donor' : null,
        cancelReason: demo.cancelReason ?? null,
        pastDueReason: demo.pastDueReason ?? null,
        createdAt: first,
        updatedAt: now,
      })
      .returning({ id: recurringGifts.id });
    const base = {
      donorName: demo.name,
      donorEmail: demo.email,
      amountCents: cents,
      currency: 'GTQ',
      donationType: 'monetary' as const,
      description: 'Donación mensual',
      source: 'seed' as const,
      userId: demo.email === 'donante@ejemplo.org' ? options.donorUserId : null,
      cardLast4: demo.card,
      cardBrand: demo.card.startsWith('5') ? 'mastercard' : 'visa',
      recurringGiftId: gift.id,
    };
    for (const at of paid) {
      const referenceCode = options.reference();
      rows.push({ ...base, ...cardPayment(referenceCode, 'completed'), referenceCode, status: 'completed', createdAt: at, updatedAt: at, completedAt: at });
    }
    if (demo.status === 'past_due') {
      const referenceCode = options.reference();
      rows.push({ ...base, ...cardPayment(referenceCode, 'failed'), referenceCode, status: 'failed', failureReason: demo.pastDueReason ?? null, createdAt: last, updatedAt: last });
    }
  }
  return rows;
}

/**
 * A demo card gift's payment, as the simulated provider leaves one (payments/simulated/events.ts): paid
 * by card through it and, once completed, its payment id, so that staff can refund it as any card gift.
 * A pending gift names no provider: the demo's card would otherwise answer it at start
 * (giving/simulated-payments.ts) and the demo's pending gifts would all complete.
 */
export function cardPayment(referenceCode: string, status: string) {
  if (status === 'pending') return { paymentMethod: 'card' };
  return {
    paymentMethod: 'card',
    paymentProvider: SIMULATED_PROVIDER,
    paymentReference: status === 'completed' ? simulatedPaymentId(referenceCode) : null,
  };
}
