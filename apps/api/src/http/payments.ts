// The payment provider of this process, from PAYMENT_PROVIDER: null for the simulated provider (the
// offline demo), else the provider's client with the public URL its checkouts return to.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentContext } from '../domain/payments/checkouts';
import { recurrenteProvider } from '../domain/payments/recurrente/client';
import { signedLinks } from '../platform/signed-links';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentContext | null;
  }
}

export default fp(async function payments(app: FastifyInstance) {
  const config = app.config.payments;
  app.decorate(
    'payments',
    config.provider === 'recurrente'
      ? { provider: recurrenteProvider(config), publicUrl: app.config.publicUrl, links: signedLinks(app.config.jwtSecret) }
      : null,
  );
});
