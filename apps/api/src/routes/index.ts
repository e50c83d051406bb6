// The API's route table under /api/v1: one plugin per domain.
import type { FastifyInstance } from 'fastify';
import health from './health';
import memberRoutes from './member';
import authRoutes from './auth';
import publicRoutes from './public';
import donations from './donations';
import adminRoutes from './admin';
import dashboardStatsRoutes from './dashboard-stats';
import paymentRoutes from './payments';
import monthlyGiftLinkRoutes from './monthly-gifts';
import depositRoutes from './deposits';
import sponsorshipRoutes from './sponsorship';

export default async function apiRoutes(app: FastifyInstance) {
  await app.register(health);
  await app.register(memberRoutes);
  await app.register(authRoutes);
  await app.register(publicRoutes);
  await app.register(donations);
  await app.register(adminRoutes);
  await app.register(dashboardStatsRoutes);
  await app.register(paymentRoutes);
  await app.register(monthlyGiftLinkRoutes);
  await app.register(depositRoutes);
  await app.register(sponsorshipRoutes);
}
