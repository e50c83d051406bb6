// Asks the payment provider about every pending checkout older than a few minutes, until it is paid
// or expires (docs/product.md#payments). Test keys send no webhooks, and a process may die between the
// charge and the webhook: this job completes such donations, once (the ledger's locked transition).
import type { FastifyInstance } from 'fastify';
import { reconcilePendingCheckouts } from '../domain/payments/settlement';

export async function runPaymentReconciliation(app: FastifyInstance): Promise<number> {
  if (!app.payments) return 0;
  return reconcilePendingCheckouts(app.db, app.payments, { log: app.log });
}
