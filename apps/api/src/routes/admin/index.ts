// The staff console's API (docs/product.md#roles-and-permissions): every route in this folder requires
// a named permission (packages/shared/src/permissions.ts), checked by one hook run onRequest, before
// validation, so a caller without it never learns more than 401/403. Each area below gives its routes
// a permission, and a route that needs another says so in its own `config.permission`; the server
// refuses to start if a route here has none. Thin handlers: the rules live in domain/ (giving/review.ts, reporting/, payments/checkouts.ts and the rest).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Permission } from '@donaciones/shared/permissions';
import bankAccountRoutes from './bank-accounts';
import bankStatementRoutes from './bank-statements';
import birthdayGiftRoutes from './birthday-gifts';
import contentRoutes from './content';
import correctionRoutes from './corrections';
import donationRoutes from './donations';
import donorRoutes from './donors';
import felRoutes from './fel';
import importRoutes from './imports';
import letterRoutes from './letters';
import giftEntryRoutes from './gifts';
import monthlyGiftRoutes from './monthly-gifts';
import paymentRoutes from './payments';
import progressReportRoutes from './progress-reports';
import receiptRoutes from './receipts';
import registerRoutes from './register';
import reportRoutes from './reports';
import settingsRoutes from './settings';
import sponsorshipRoutes from './sponsorship';
import sponsorshipReportRoutes from './sponsorship-reports';
import staffSecurityRoutes from './staff-security';
import userRoutes from './users';

/** An area of the console: its routes require `permission` unless they declare their own. */
function area(routes: FastifyPluginAsync, permission: Permission): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, permission: route.config?.permission ?? permission };
    });
    await app.register(routes);
  };
}

export default async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requirePermission);
  const declared: { url: string; config?: { permission?: Permission } }[] = [];
  app.addHook('onRoute', (route) => {
    declared.push(route);
  });
  await app.register(area(userRoutes, 'users.manage'));
  await app.register(area(staffSecurityRoutes, 'users.manage'));
  await app.register(area(donationRoutes, 'donations.read'));
  await app.register(area(giftEntryRoutes, 'gifts.enter'));
  await app.register(area(correctionRoutes, 'corrections.manage'));
  await app.register(area(monthlyGiftRoutes, 'donations.read'));
  await app.register(area(paymentRoutes, 'donations.read'));
  await app.register(area(receiptRoutes, 'donors.read'));
  await app.register(area(donorRoutes, 'donors.read'));
  await app.register(area(importRoutes, 'donors.manage'));
  await app.register(area(felRoutes, 'fiscal.manage'));
  await app.register(area(reportRoutes, 'reports.read'));
  await app.register(area(registerRoutes, 'register.read'));
  await app.register(area(settingsRoutes, 'settings.manage'));
  await app.register(area(contentRoutes, 'content.manage'));
  await app.register(area(sponsorshipRoutes, 'sponsorship.manage'));
  await app.register(area(sponsorshipReportRoutes, 'sponsorship.manage'));
  await app.register(area(bankStatementRoutes, 'bank.manage'));
  await app.register(area(bankAccountRoutes, 'bank.manage'));
  await app.register(area(letterRoutes, 'sponsorship.manage'));
  await app.register(area(birthdayGiftRoutes, 'sponsorship.manage'));
  await app.register(area(progressReportRoutes, 'sponsorship.manage'));
  app.addHook('onReady', async () => {
    const missing = declared.filter((route) => !route.config?.permission).map((route) => route.url);
    if (missing.length > 0) throw new Error(`Staff routes without a permission: ${missing.join(', ')}`);
  });
}
