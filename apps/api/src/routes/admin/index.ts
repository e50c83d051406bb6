// The admin console's API (docs/product.md#roles-and-permissions): one ADMIN hook for every route in
// this folder, run onRequest, before validation, so an anonymous or non-admin caller never learns
// more than 401/403. Thin handlers: the rules live in domain/ (giving/review.ts, reporting/, payments/checkouts.ts and the rest).
import type { FastifyInstance } from 'fastify';
import bankAccountRoutes from './bank-accounts';
import bankStatementRoutes from './bank-statements';
import contentRoutes from './content';
import donationRoutes from './donations';
import felRoutes from './fel';
import monthlyGiftRoutes from './monthly-gifts';
import paymentRoutes from './payments';
import receiptRoutes from './receipts';
import reportRoutes from './reports';
import settingsRoutes from './settings';
import staffSecurityRoutes from './staff-security';
import userRoutes from './users';

export default async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireRole('ADMIN'));
  await app.register(userRoutes);
  await app.register(staffSecurityRoutes);
  await app.register(donationRoutes);
  await app.register(monthlyGiftRoutes);
  await app.register(paymentRoutes);
  await app.register(receiptRoutes);
  await app.register(felRoutes);
  await app.register(reportRoutes);
  await app.register(settingsRoutes);
  await app.register(contentRoutes);
  await app.register(bankStatementRoutes);
  await app.register(bankAccountRoutes);
}
