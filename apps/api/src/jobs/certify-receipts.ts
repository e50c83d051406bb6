// Certifies the receipts waiting for FEL with SAT through the configured certifier (decision 0021) and
// queues each donor's receipt email when its certification ends (domain/receipts/fel/certification.ts).
import type { FastifyInstance } from 'fastify';
import { certifyDueReceipts, type CertificationReport } from '../domain/receipts/fel/certification';
import { enqueueCertifiedReceiptEmail } from '../domain/receipts/receipts';
import { annulDueReceipts, type AnnulmentReport } from '../domain/receipts/fel/annulment';

export async function runReceiptCertification(app: FastifyInstance): Promise<CertificationReport | null> {
  if (!app.fel || app.config.fel.provider === 'off') return null;
  return certifyDueReceipts(app.db, app.fel, {
    afterCertification: enqueueCertifiedReceiptEmail,
    // A claimed receipt stays leased past the certifier's own timeout, so no other process sends it meanwhile.
    leaseMs: app.config.fel.timeoutMs + 60_000,
    log: app.log,
  });
}

/** Sends the annulments of voided certified receipts that could not be sent when voided (annulment.ts). */
export async function runReceiptAnnulment(app: FastifyInstance): Promise<AnnulmentReport | null> {
  if (!app.fel || app.config.fel.provider === 'off') return null;
  return annulDueReceipts(app.db, app.fel, { log: app.log });
}
