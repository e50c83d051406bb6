// Background work of each API process. Every job is safe when several processes run it at once.
import type { FastifyInstance } from 'fastify';
import { pruneCounters } from '../platform/counters';
import { runEmailOutbox } from './email-outbox';
import { pruneSentEmails } from '../platform/email-delivery';
import { sendAnnualStatements } from '../domain/receipts/statements';
import { pruneIdempotencyKeys } from '../domain/giving/idempotency';
import { expireStaleDonations } from './expire-donations';
import { runPaymentReconciliation } from './reconcile-payments';
import { runSimulatedPayments } from './simulated-payments';
import { runMonthlyGifts } from '../domain/monthly/simulated-charges';
import { runReceiptAnnulment, runReceiptCertification } from './certify-receipts';
import { purgeEndedSlips } from '../domain/deposits/slip-storage';
import { releaseExpiredHolds } from '../domain/sponsorship/places';
import { lapseChildLeftOffers } from '../domain/sponsorship/child-left-offers';
import { monthlyContext } from '../domain/monthly/monthly-gifts';

export interface Job {
  name: string;
  everyMs: number;
  run: (app: FastifyInstance) => Promise<unknown>;
}

/** The jobs of the features register here (email outbox, expiry of stale donations). */
export const jobs: Job[] = [
  { name: 'prune-rate-limits', everyMs: 5 * 60_000, run: (app) => pruneCounters(app.db) },
  { name: 'email-outbox', everyMs: 2_000, run: (app) => runEmailOutbox(app) },
  // Sent emails past the retention of the settings entry emailDelivery.
  { name: 'prune-sent-emails', everyMs: 60 * 60_000, run: (app) => pruneSentEmails(app.db) },
  { name: 'prune-idempotency-keys', everyMs: 60 * 60_000, run: (app) => pruneIdempotencyKeys(app.db) },
  { name: 'expire-donations', everyMs: 15 * 60_000, run: (app) => expireStaleDonations(app.db) },
  { name: 'reconcile-payments', everyMs: 60_000, run: (app) => runPaymentReconciliation(app) },
  // The demo's card answers a few seconds after the gift, as a gateway's webhook would.
  { name: 'simulated-payments', everyMs: 2_000, run: (app) => runSimulatedPayments(app) },
  // The demo's monthly charges (simulated provider) and the end of gifts replaced by a new amount or card.
  { name: 'monthly-gifts', everyMs: 60_000, run: (app) => runMonthlyGifts(app) },
  { name: 'annual-statements', everyMs: 60 * 60_000, run: (app) => sendAnnualStatements(app.db) },
  { name: 'certify-receipts', everyMs: 15_000, run: (app) => runReceiptCertification(app) },
  { name: 'annul-receipts', everyMs: 60_000, run: (app) => runReceiptAnnulment(app) },
  // Slips of donations that ended without money, past the retention of the settings entry slipStorage.
  { name: 'purge-slips', everyMs: 60 * 60_000, run: (app) => purgeEndedSlips(app.db) },
  // A child's place held for someone who did not pay in time goes back to the waiting list (docs/product.md#sponsorship).
  { name: 'release-sponsorship-holds', everyMs: 60_000, run: (app) => releaseExpiredHolds(app.db) },
  // A sponsor whose child left and who chose nothing in the grace period: the monthly gift is cancelled (decision 0051).
  { name: 'lapse-sponsorship-offers', everyMs: 15 * 60_000, run: (app) => lapseChildLeftOffers(app.db, monthlyContext(app)) },
];

/**
 * Starts every job (first run after a second, then every `everyMs`). The returned stop ends the timers
 * and waits for the runs under way, so that none of them meets a closed database.
 */
export function startJobs(app: FastifyInstance, list: readonly Job[] = jobs): () => Promise<void> {
  let stopped = false;
  const underWay = new Set<Promise<void>>();
  const timers = list.map((job) => {
    let running = false;
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      try {
        await job.run(app);
      } catch (err) {
        app.log.warn({ err, job: job.name }, 'job failed');
      } finally {
        running = false;
      }
    };
    const start = () => {
      const run = tick();
      underWay.add(run);
      void run.finally(() => underWay.delete(run));
    };
    const everyMs = app.config.jobsIntervalMs ?? job.everyMs;
    const every = setInterval(start, everyMs);
    every.unref();
    const first = setTimeout(start, Math.min(1000, everyMs));
    first.unref();
    return { every, first };
  });
  return async () => {
    stopped = true;
    for (const { every, first } of timers) {
      clearInterval(every);
      clearTimeout(first);
    }
    await Promise.all(underWay);
  };
}
