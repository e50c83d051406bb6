// The member area's API: the signed-in donor's or user's own dashboard, account, donations and
// receipts (docs/product.md#screens-and-routes). One requireAuth hook for every route in this folder,
// run onRequest, before validation, so an anonymous call always gets 401, never a validation answer.
// Every answer is about the caller's own account (request.user), never an id taken from the request.
import type { FastifyInstance } from 'fastify';
import accountRoutes from './account';
import dashboardRoutes from './dashboard';
import donationRoutes from './donations';
import receiptRoutes from './receipts';
import monthlyGiftRoutes from './monthly-gifts';
import letterRoutes from './letters';
import progressReportRoutes from './progress-reports';
import sponsorshipRoutes from './sponsorships';
import birthdayGiftRoutes from './birthday-gifts';
import sponsorshipOfferRoutes from './sponsorship-offers';

export default async function memberRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireAuth);
  await app.register(dashboardRoutes);
  await app.register(accountRoutes);
  await app.register(donationRoutes);
  await app.register(receiptRoutes);
  await app.register(monthlyGiftRoutes);
  await app.register(letterRoutes);
  await app.register(progressReportRoutes);
  await app.register(sponsorshipRoutes);
  await app.register(birthdayGiftRoutes);
  await app.register(sponsorshipOfferRoutes);
}
