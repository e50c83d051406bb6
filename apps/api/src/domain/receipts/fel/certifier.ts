// What the product asks of an electronic-invoicing certifier (FEL, decision 0021): certify one donation
// receipt as SAT's "Recibo por donación" (RDON) under an idempotency key. Infile is the only one today
// (infile.ts); the tests run it against a local stand-in written from its documentation.
import type { FelAnnulment } from './annulment-xml';
import type { RdonReceipt } from './rdon-xml';

/** SAT's authorization of a document, as the certifier returns it. */
export interface FelCertification {
  /** SAT's authorization number (a UUID), printed on the receipt and its verification QR. */
  uuid: string;
  series: string;
  number: string;
  certifiedAt: Date;
  /** The certified document (with the certifier's signature and the Certificacion block). */
  xml: string;
}

export type FelOutcome = { kind: 'certified'; certification: FelCertification } | { kind: 'rejected'; message: string };

/** SAT's answer to an annulment: annulled (with the certifier's date), or refused with its reasons. */
export type FelAnnulmentOutcome = { kind: 'annulled'; annulledAt: Date } | { kind: 'rejected'; message: string };

export interface FelCertifier {
  readonly name: 'infile';
  /**
   * Certifies a receipt. The same `identifier` must be sent on every attempt for one receipt: the
   * certifier answers a repeated identifier with the certification it already made, so a retry after
   * a timeout never certifies twice. Throws FelUnavailableError when the answer did not come (network,
   * timeout, 5xx, an answer it could not read): the caller retries later.
   */
  certify(receipt: RdonReceipt, identifier: string): Promise<FelOutcome>;
  /**
   * Annuls a certified receipt (GTAnulacionDocumento) under its own identifier, with the same retry
   * rule as certify: the same identifier on every attempt, FelUnavailableError when worth retrying.
   */
  annul(annulment: FelAnnulment, identifier: string): Promise<FelAnnulmentOutcome>;
}

/** The certifier could not be reached or did not answer usably; worth retrying. */
export class FelUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'FelUnavailableError';
  }
}
