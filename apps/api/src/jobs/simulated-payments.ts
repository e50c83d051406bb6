// The offline demo's card answers by itself (domain/giving/simulated-payments.ts); with a gateway
// configured there is nothing simulated to answer.
import type { FastifyInstance } from 'fastify';
import { answerSimulatedCards } from '../domain/giving/simulated-payments';
import { signedLinks } from '../platform/signed-links';

export async function runSimulatedPayments(app: FastifyInstance): Promise<number> {
  if (app.payments) return 0;
  return answerSimulatedCards(app.db, { links: signedLinks(app.config.jwtSecret), publicUrl: app.config.publicUrl });
}
