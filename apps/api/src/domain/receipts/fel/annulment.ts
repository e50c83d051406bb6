// Annulment of certified receipts with SAT (FEL; docs/product.md#receipts). Voiding a gift whose receipt
// was certified marks the receipt's annulment `pending` in the void's transaction; this sends each
// pending annulment to the certifier outside any transaction, claimed with FOR UPDATE SKIP LOCKED, with
// one identifier for every attempt (a retry after a timeout gets the annulment already made). The void
// right away tries once (routes/admin/corrections.ts); the job retries what could not be sent.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { felMessages } from '../../../messages/fel';
import type { FelAnnulment } from './annulment-xml';
import { type FelAnnulmentOutcome, type FelCertifier, FelUnavailableError } from './certifier';
import { FEL_MAX_ATTEMPTS } from './certification';

export interface AnnulmentReport {
  annulled: number;
  rejected: number;
  retried: number;
  failed: number;
}

interface ClaimedAnnulment {
  id: number;
  fel_annulment_identifier: string;
  fel_annulment_attempts: number;
  fel_uuid: string;
  issued_at: string | Date;
  voided_at: string | Date | null;
  void_reason: string | null;
  donor_name: string;
  donor_tax_id_kind: 'nit' | 'cui' | 'cf';
  donor_tax_id: string;
  issuer: Record<string, unknown> | string;
}

function annulmentOf(row: ClaimedAnnulment): FelAnnulment {
  const issuer = (typeof row.issuer === 'string' ? JSON.parse(row.issuer) : row.issuer) as Record<string, unknown>;
  return {
    uuid: row.fel_uuid,
    issuerNit: typeof issuer.nit === 'string' ? issuer.nit : '',
    receiver: { kind: row.donor_tax_id_kind, id: row.donor_tax_id, name: row.donor_name },
    issuedAt: new Date(row.issued_at),
    annulledAt: row.voided_at ? new Date(row.voided_at) : new Date(),
    reason: row.void_reason?.trim() || felMessages.annulmentDefaultReason,
  };
}

async function settle(db: Database, id: number, outcome: FelAnnulmentOutcome | { kind: 'failed'; message: string }): Promise<boolean> {
  const changed =
    outcome.kind === 'annulled'
      ? await db.execute(sql`
          UPDATE receipts SET fel_annulment_status = 'annulled', fel_annulled_at = ${outcome.annulledAt.toISOString()}, fel_annulment_error = NULL
          WHERE id = ${id} AND fel_annulment_status = 'pending' RETURNING id`)
      : await db.execute(sql`
          UPDATE receipts SET fel_annulment_status = ${outcome.kind}, fel_annulment_error = ${outcome.message.slice(0, 2000)}
          WHERE id = ${id} AND fel_annulment_status = 'pending' RETURNING id`);
  return rowsOf(changed).length > 0;
}

/** Sends the pending annulments (all, or one receipt's); call it from the job, the void, or tests. */
export async function annulDueReceipts(
  db: Database,
  certifier: FelCertifier,
  options: { receiptId?: number; maxAttempts?: number; log?: { warn: (obj: object, msg: string) => void } } = {},
): Promise<AnnulmentReport> {
  const maxAttempts = options.maxAttempts ?? FEL_MAX_ATTEMPTS;
  const report: AnnulmentReport = { annulled: 0, rejected: 0, retried: 0, failed: 0 };
  const only = options.receiptId == null ? sql`` : sql`AND id = ${options.receiptId}`;
  const claimed = rowsOf<ClaimedAnnulment>(
    await db.execute(sql`
      UPDATE receipts r
      SET fel_annulment_attempts = r.fel_annulment_attempts + 1,
          fel_annulment_identifier = coalesce(r.fel_annulment_identifier, gen_random_uuid())
      FROM (
        SELECT id FROM receipts WHERE fel_annulment_status = 'pending' ${only}
        ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED
      ) due
      WHERE r.id = due.id
      RETURNING r.id, r.fel_annulment_identifier, r.fel_annulment_attempts, r.fel_uuid, r.issued_at, r.voided_at, r.void_reason,
        r.donor_name, r.donor_tax_id_kind, r.donor_tax_id, r.issuer`),
  );
  for (const row of claimed) {
    let outcome: FelAnnulmentOutcome;
    try {
      outcome = await certifier.annul(annulmentOf(row), String(row.fel_annulment_identifier));
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      if (Number(row.fel_annulment_attempts) >= maxAttempts) {
        if (await settle(db, row.id, { kind: 'failed', message: felMessages.annulmentGaveUp(Number(row.fel_annulment_attempts), reason) })) report.failed += 1;
      } else {
        await db.execute(sql`UPDATE receipts SET fel_annulment_error = ${reason} WHERE id = ${row.id} AND fel_annulment_status = 'pending'`);
        report.retried += 1;
      }
      if (!(err instanceof FelUnavailableError)) options.log?.warn({ err, receiptId: row.id }, 'fel annulment error');
      continue;
    }
    if (await settle(db, row.id, outcome)) report[outcome.kind === 'annulled' ? 'annulled' : 'rejected'] += 1;
  }
  return report;
}
