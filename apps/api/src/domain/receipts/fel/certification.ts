// Certification of receipts with SAT (FEL, decision 0021; docs/product.md#receipts). Receipts issued
// while FEL is on start `pending`; this claims the due ones with FOR UPDATE SKIP LOCKED and leases them
// (fel_next_attempt_at moved past the certifier's timeout) in one short statement, then calls the
// certifier outside any transaction, so two API processes never send the same receipt at once and a
// crashed process's receipts come back after the lease. Every attempt of a receipt carries the same
// identifier (fel_identifier), so a retry after a timeout gets the certification already made instead
// of a second one. The donor's email with the receipt is queued when the certification ends, however
// it ends: certified, rejected by SAT, or given up after the last attempt.
import { sql } from 'drizzle-orm';
import type { AdminReceiptFel } from '@donaciones/shared/schemas/fel';
import type { Database, Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { conflict, notFound } from '../../../errors';
import { felMessages } from '../../../messages/fel';
import { type Actor, audit } from '../../../platform/audit';
import { type FelCertifier, type FelOutcome, FelUnavailableError } from './certifier';
import { satVerificationUrl } from '../pdf';
import type { RdonReceipt } from './rdon-xml';

export const FEL_MAX_ATTEMPTS = 8;

/** 1 min, 2 min, 4 min, ... doubling (at most 2 hours): the 8 attempts span about two hours (1 + 2 + ... + 64 min). */
export function felBackoffMs(attempt: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 2 * 3_600_000);
}

/** What the end of a certification does next: H2's receipt email, in the transaction that records it. */
export type AfterCertification = (tx: Db, receiptId: number) => Promise<unknown>;

export interface CertificationOptions {
  afterCertification: AfterCertification;
  batchSize?: number;
  maxAttempts?: number;
  backoffMs?: (attempt: number) => number;
  /** How long a claimed receipt stays invisible to other processes; longer than the certifier's timeout. */
  leaseMs: number;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export interface CertificationReport {
  certified: number;
  rejected: number;
  retried: number;
  failed: number;
}

interface ClaimedReceipt {
  id: number;
  fel_identifier: string;
  fel_attempts: number;
  issued_at: string | Date;
  currency: string;
  amount_cents: string | number;
  gtq_cents: string | number | null;
  donor_name: string;
  donor_tax_id_kind: 'nit' | 'cui' | 'cf';
  donor_tax_id: string;
  reference_code: string;
  program_name: string | null;
  issuer: Record<string, unknown> | string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The RDON's data from a receipt row: the issuer as it was at issue (the receipt's `issuer` snapshot),
 * and the gift in quetzales (a dollar gift at its recorded quetzal value, as the receipt prints it and
 * as income tax deducts it; in dollars only when no rate was recorded).
 */
export function rdonReceiptOf(row: ClaimedReceipt): RdonReceipt {
  const issuer = (typeof row.issuer === 'string' ? JSON.parse(row.issuer) : row.issuer) as Record<string, unknown>;
  const organization = (issuer.organization ?? {}) as Record<string, unknown>;
  const legalName = text(issuer.legalName) || text(organization.name);
  return {
    issuedAt: new Date(row.issued_at),
    ...(row.currency === 'GTQ' || row.gtq_cents == null
      ? { currency: row.currency === 'USD' ? ('USD' as const) : ('GTQ' as const), amountCents: Number(row.amount_cents) }
      : { currency: 'GTQ' as const, amountCents: Number(row.gtq_cents) }),
    description: felMessages.itemDescription(row.reference_code, row.program_name),
    receiver: { kind: row.donor_tax_id_kind, id: row.donor_tax_id, name: row.donor_name },
    issuer: {
      nit: text(issuer.nit),
      legalName,
      tradeName: text(organization.name) || legalName,
      address: text(issuer.fiscalAddress) || text(organization.address),
    },
  };
}

/** Records how a certification ended and queues the donor's email, once: only a still-pending receipt changes. */
async function settle(db: Database, id: number, outcome: FelOutcome | { kind: 'failed'; message: string }, after: AfterCertification): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed =
      outcome.kind === 'certified'
        ? await tx.execute(sql`
            UPDATE receipts SET fel_status = 'certified', fel_uuid = ${outcome.certification.uuid},
              fel_series = ${outcome.certification.series}, fel_number = ${outcome.certification.number},
              fel_certified_at = ${outcome.certification.certifiedAt.toISOString()}, fel_xml = ${outcome.certification.xml},
              fel_error = NULL, fel_next_attempt_at = NULL
            WHERE id = ${id} AND fel_status = 'pending' RETURNING id`)
        : await tx.execute(sql`
            UPDATE receipts SET fel_status = ${outcome.kind}, fel_error = ${outcome.message.slice(0, 2000)}, fel_next_attempt_at = NULL
            WHERE id = ${id} AND fel_status = 'pending' RETURNING id`);
    if (rowsOf(changed).length === 0) return false;
    await after(tx, id);
    return true;
  });
}

/** Certifies every due pending receipt once; call it from the job or directly (tests). */
export async function certifyDueReceipts(db: Database, certifier: FelCertifier, options: CertificationOptions): Promise<CertificationReport> {
  const maxAttempts = options.maxAttempts ?? FEL_MAX_ATTEMPTS;
  const backoff = options.backoffMs ?? felBackoffMs;
  const report: CertificationReport = { certified: 0, rejected: 0, retried: 0, failed: 0 };
  // A receipt voided before it was certified (a refund) is not sent: there is no gift to certify.
  await db.execute(sql`
    UPDATE receipts SET fel_status = 'not_required', fel_error = ${felMessages.voidedBeforeCertification}, fel_next_attempt_at = NULL
    WHERE fel_status = 'pending' AND voided_at IS NOT NULL`);
  const claimed = rowsOf<ClaimedReceipt>(
    await db.execute(sql`
      UPDATE receipts r
      SET fel_attempts = r.fel_attempts + 1, fel_identifier = coalesce(r.fel_identifier, gen_random_uuid()),
          fel_next_attempt_at = now() + ${options.leaseMs} * interval '1 millisecond'
      FROM (
        SELECT id FROM receipts
        WHERE fel_status = 'pending' AND voided_at IS NULL AND (fel_next_attempt_at IS NULL OR fel_next_attempt_at <= now())
        ORDER BY fel_next_attempt_at NULLS FIRST, id
        LIMIT ${options.batchSize ?? 10}
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE r.id = due.id
      RETURNING r.id, r.fel_identifier, r.fel_attempts, r.issued_at, r.currency, r.amount_cents, r.gtq_cents, r.donor_name,
        r.donor_tax_id_kind, r.donor_tax_id, r.reference_code, r.program_name, r.issuer`),
  );

  for (const row of claimed) {
    const attempts = Number(row.fel_attempts);
    let outcome: FelOutcome;
    try {
      outcome = await certifier.certify(rdonReceiptOf(row), String(row.fel_identifier));
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      if (!(err instanceof FelUnavailableError)) options.log?.error({ err, receiptId: row.id }, 'fel certification error');
      if (attempts >= maxAttempts) {
        if (await settle(db, row.id, { kind: 'failed', message: felMessages.gaveUp(attempts, reason) }, options.afterCertification)) report.failed += 1;
        options.log?.error({ receiptId: row.id, attempts, reason }, 'fel certification failed permanently');
      } else {
        const delay = backoff(attempts);
        await db.execute(sql`
          UPDATE receipts SET fel_error = ${reason}, fel_next_attempt_at = now() + ${delay} * interval '1 millisecond'
          WHERE id = ${row.id} AND fel_status = 'pending'`);
        report.retried += 1;
        options.log?.warn({ receiptId: row.id, attempts, retryInMs: delay, reason }, 'fel certification failed, will retry');
      }
      continue;
    }
    if (await settle(db, row.id, outcome, options.afterCertification)) {
      if (outcome.kind === 'certified') report.certified += 1;
      else report.rejected += 1;
    }
  }
  return report;
}

interface FelRow {
  receipt_id: number;
  fel_status: AdminReceiptFel['status'];
  fel_uuid: string | null;
  fel_series: string | null;
  fel_number: string | null;
  fel_certified_at: string | Date | null;
  fel_error: string | null;
  fel_attempts: number;
  fel_next_attempt_at: string | Date | null;
  donor_tax_id: string;
  amount_cents: string | number;
  currency: string;
  gtq_cents: string | number | null;
  issuer: Record<string, unknown> | string;
}

const iso = (value: string | Date | null): string | null => (value == null ? null : new Date(value).toISOString());

async function felRowOf(db: Db, donationId: number): Promise<FelRow | null> {
  const [donation] = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM donations WHERE id = ${donationId}`));
  if (!donation) throw notFound();
  const [row] = rowsOf<FelRow>(
    await db.execute(sql`
      SELECT id AS receipt_id, fel_status, fel_uuid, fel_series, fel_number, fel_certified_at, fel_error, fel_attempts,
        fel_next_attempt_at, donor_tax_id, amount_cents, currency, gtq_cents, issuer
      FROM receipts WHERE donation_id = ${donationId}`),
  );
  return row ?? null;
}

function felView(row: FelRow, felOn: boolean): AdminReceiptFel {
  const issuer = (typeof row.issuer === 'string' ? JSON.parse(row.issuer) : row.issuer) as Record<string, unknown>;
  return {
    status: row.fel_status,
    uuid: row.fel_uuid,
    series: row.fel_series,
    number: row.fel_number,
    certified_at: iso(row.fel_certified_at),
    error: row.fel_error,
    attempts: Number(row.fel_attempts),
    next_attempt_at: row.fel_status === 'pending' ? iso(row.fel_next_attempt_at) : null,
    verification_url: row.fel_uuid
      ? satVerificationUrl(
          {
            felUuid: row.fel_uuid,
            donorTaxId: row.donor_tax_id,
            amountCents: Number(row.amount_cents),
            currency: row.currency,
            gtqCents: row.gtq_cents == null ? null : Number(row.gtq_cents),
          },
          text(issuer.nit),
        )
      : null,
    can_retry: felOn && (row.fel_status === 'rejected' || row.fel_status === 'failed'),
  };
}

/** A donation's receipt certification as staff see it; null while the donation has no receipt. */
export async function adminDonationFel(db: Db, donationId: number, felOn: boolean): Promise<AdminReceiptFel | null> {
  const row = await felRowOf(db, donationId);
  return row ? felView(row, felOn) : null;
}

/**
 * Staff send a rejected or failed receipt to certification again (audited): it becomes pending with
 * its attempts counted from zero and the same identifier, and the job takes it on its next run.
 */
export async function retryReceiptCertification(
  db: Database,
  input: { donationId: number; felOn: boolean; actor: Actor; ip?: string | null },
): Promise<AdminReceiptFel> {
  if (!input.felOn) throw conflict(felMessages.felOff);
  return db.transaction(async (tx) => {
    const row = await felRowOf(tx, input.donationId);
    if (!row) throw notFound(felMessages.noReceipt);
    const [updated] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        UPDATE receipts SET fel_status = 'pending', fel_attempts = 0, fel_error = NULL, fel_next_attempt_at = now()
        WHERE id = ${row.receipt_id} AND fel_status IN ('rejected', 'failed') RETURNING id`),
    );
    if (!updated) throw conflict(felMessages.notRetryable);
    await audit(tx, {
      actor: input.actor,
      action: 'receipt.fel_retry',
      entityType: 'donation',
      entityId: input.donationId,
      details: { previousStatus: row.fel_status, previousError: row.fel_error },
      ip: input.ip,
    });
    const fresh = await felRowOf(tx, input.donationId);
    return felView(fresh as FelRow, true);
  });
}
