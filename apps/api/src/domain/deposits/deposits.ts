// Bank deposits, donor side (docs/product.md#bank-deposits, decision 0023): the instructions email of a
// new deposit donation, the deposit slip a donor sends (its file checked and cleaned in slip-files.ts: images re-encoded without
// their metadata, PDFs with scripts refused), kept in PostgreSQL and served only to the donation's
// owner, the holder of its signed link and ADMIN.
import { createHash } from 'node:crypto';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Role } from '@donaciones/shared/constants';
import { formatMoney, fromCents } from '@donaciones/shared/format';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import {
  MAX_SLIPS_PER_DONATION,
  type DepositSlip,
  type DepositStatus,
  type PublicBankAccount,
  type SlipUploadQuery,
  declaredCents,
  publicBankAccounts,
} from '@donaciones/shared/schemas/deposits';
import { can } from '@donaciones/shared/permissions';
import type { Db } from '../../db/client';
import { donationAttachments, donations } from '../../db/schema';
import { ConflictError, InvalidInputError, forbidden, notFound, unauthorized } from '../../errors';
import { depositEmailMessages } from '../../messages/deposits';
import { type Actor, audit } from '../../platform/audit';
import { PUBLIC_URL_MARK, enqueueEmail } from '../../platform/email-outbox';
import { getSettings } from '../../platform/settings';
import { processSlipFile, slipFileName } from './slip-files';
import { assertSlipQuota } from './slip-storage';

const e = depositMessages.errors;

type DonationRow = typeof donations.$inferSelect;
type AttachmentRow = typeof donationAttachments.$inferSelect;
// ------------------------------------------------------------------------------- instructions

/** The signed link of the no-login upload page, with PUBLIC_URL filled in when the email is sent. */
export const slipUploadLink = (token: string) => `${PUBLIC_URL_MARK}/boleta?token=${encodeURIComponent(token)}`;

export function accountLines(accounts: PublicBankAccount[]): string[] {
  return accounts.map((a) => depositEmailMessages.account(a.bank, depositMessages.accountTypes[a.account_type], a.number, a.holder));
}

/** Queues the instructions email in the transaction that records the donation. */
export async function enqueueDepositInstructions(tx: Db, row: DonationRow, token: string): Promise<void> {
  const bankAccounts = await getSettings(tx, 'bankAccounts');
  const amount = formatMoney(fromCents(row.amountCents), row.currency);
  await enqueueEmail(tx, {
    to: row.donorEmail,
    subject: depositEmailMessages.instructionsSubject(row.referenceCode),
    text: depositEmailMessages.instructionsText({
      name: row.donorName,
      amount,
      reference: row.referenceCode,
      accounts: accountLines(publicBankAccounts(bankAccounts)),
      link: slipUploadLink(token),
    }),
    template: 'deposit-instructions',
  });
}

/** Who is asking: the signed-in caller, and the donation a signed link opens. */
export interface SlipAccess {
  user: { id: number; email: string; roles: Role[] } | null;
  /** The donation id of a valid `deposit-slip` link token, null without one (or with a bad one). */
  linkDonationId: number | null;
  /** A token was sent, valid or not: a bad one is 403, none at all (and no sign-in) is 401. */
  tokenGiven: boolean;
}

const isOwner = (donation: Pick<DonationRow, 'id' | 'userId'>, access: SlipAccess) =>
  (access.user != null && donation.userId === access.user.id) || access.linkDonationId === donation.id;

function refuse(access: SlipAccess): never {
  if (!access.user && !access.tokenGiven) throw unauthorized();
  throw forbidden();
}

async function depositDonation(db: Db, donationId: number, access: SlipAccess, admin: boolean): Promise<DonationRow> {
  const [row] = await db.select().from(donations).where(eq(donations.id, donationId)).limit(1);
  if (!row) {
    if (!access.user && !access.tokenGiven) throw unauthorized();
    throw notFound();
  }
  const allowed = isOwner(row, access) || (admin && access.user != null && can(access.user.roles, 'donations.read'));
  if (!allowed) refuse(access);
  if (row.paymentMethod !== 'bank_deposit') throw new ConflictError(e.notDeposit);
  return row;
}

function toSlip(a: Omit<AttachmentRow, 'data' | 'preview'> & { hasPreview: boolean }): DepositSlip {
  return {
    id: a.id,
    file_name: a.fileName,
    content_type: a.contentType,
    size_bytes: a.sizeBytes,
    has_preview: a.hasPreview,
    bank: a.bank,
    deposit_date: a.depositDate,
    slip_number: a.slipNumber,
    declared_amount_cents: a.declaredAmountCents,
    created_at: a.createdAt.toISOString(),
  };
}

const slipColumns = {
  id: donationAttachments.id,
  donationId: donationAttachments.donationId,
  kind: donationAttachments.kind,
  fileName: donationAttachments.fileName,
  contentType: donationAttachments.contentType,
  sizeBytes: donationAttachments.sizeBytes,
  sha256: donationAttachments.sha256,
  bank: donationAttachments.bank,
  depositDate: donationAttachments.depositDate,
  slipNumber: donationAttachments.slipNumber,
  declaredAmountCents: donationAttachments.declaredAmountCents,
  uploadedByUserId: donationAttachments.uploadedByUserId,
  createdAt: donationAttachments.createdAt,
};

export async function slipsOf(db: Db, donationId: number): Promise<DepositSlip[]> {
  const rows = await db
    .select({ ...slipColumns, preview: donationAttachments.preview })
    .from(donationAttachments)
    .where(eq(donationAttachments.donationId, donationId))
    .orderBy(asc(donationAttachments.createdAt), asc(donationAttachments.id));
  return rows.map(({ preview, ...a }) => toSlip({ ...a, hasPreview: preview != null }));
}

async function statusOf(db: Db, row: DonationRow): Promise<DepositStatus> {
  const [slips, bankAccounts] = await Promise.all([slipsOf(db, row.id), getSettings(db, 'bankAccounts')]);
  return {
    donation: {
      id: row.id,
      reference_code: row.referenceCode,
      donor_name: row.donorName,
      amount_cents: row.amountCents,
      currency: row.currency as DepositStatus['donation']['currency'],
      status: row.status,
      created_at: row.createdAt.toISOString(),
    },
    accepts_slips: row.status === 'pending',
    slips,
    accounts: publicBankAccounts(bankAccounts),
  };
}

/** A deposit donation as its donor sees it (owner or signed link; ADMIN too). */
export async function depositStatus(db: Db, donationId: number, access: SlipAccess): Promise<DepositStatus> {
  return statusOf(db, await depositDonation(db, donationId, access, true));
}

// ------------------------------------------------------------------------------- upload

/** The slip's bank is one of the organisation's visible accounts' banks (as written there), or 400. */
async function accountBank(db: Db, declared: string): Promise<string> {
  const wanted = declared.trim().toLocaleLowerCase('es');
  const match = publicBankAccounts(await getSettings(db, 'bankAccounts')).find((a) => a.bank.trim().toLocaleLowerCase('es') === wanted);
  if (!match) throw new InvalidInputError(e.bankUnknown, { bank: e.bankUnknown });
  return match.bank;
}

/**
 * What an upload needs besides its file: a bank deposit of the caller (or of the signed link) still
 * pending. The route asks before reading the body, so a refused upload costs no 5 MB read.
 */
export async function assertSlipUploadAllowed(db: Db, donationId: number, access: SlipAccess): Promise<void> {
  const donation = await depositDonation(db, donationId, access, false);
  if (donation.status !== 'pending') throw new ConflictError(e.notPending);
}

export async function addDepositSlip(
  db: Db,
  input: { donationId: number; access: SlipAccess; file: Buffer; fields: SlipUploadQuery; ip?: string | null },
): Promise<DepositStatus> {
  // Checked again here (the route checks before reading the body), before the file is decoded.
  await assertSlipUploadAllowed(db, input.donationId, input.access);
  const bank = await accountBank(db, input.fields.bank);
  const processed = await processSlipFile(input.file);
  const sha256 = createHash('sha256').update(processed.data).digest('hex');
  const actor: Actor | null = input.access.user ? { id: input.access.user.id, email: input.access.user.email } : null;

  return db.transaction(async (tx) => {
    // Locked, so two uploads at once count each other and a staff decision waits for the upload.
    const [row] = await tx.select().from(donations).where(eq(donations.id, input.donationId)).for('update');
    if (row.status !== 'pending') throw new ConflictError(e.notPending);
    const [same] = await tx
      .select({ id: donationAttachments.id })
      .from(donationAttachments)
      .where(and(eq(donationAttachments.donationId, row.id), eq(donationAttachments.sha256, sha256)))
      .limit(1);
    // The same file sent again for the same donation (a double click, a retry) is kept once.
    if (!same) {
      const [{ n }] = await tx.select({ n: count() }).from(donationAttachments).where(eq(donationAttachments.donationId, row.id));
      if (n >= MAX_SLIPS_PER_DONATION) throw new ConflictError(e.tooManySlips);
      await assertSlipQuota(tx, row.id, processed.data.length);
      const [inserted] = await tx
        .insert(donationAttachments)
        .values({
          donationId: row.id,
          kind: 'deposit_slip',
          fileName: slipFileName(input.fields.fileName, processed.extension),
          contentType: processed.contentType,
          sizeBytes: processed.data.length,
          sha256,
          data: processed.data,
          preview: processed.preview,
          bank,
          depositDate: input.fields.depositDate,
          slipNumber: input.fields.slipNumber.toUpperCase(),
          declaredAmountCents: declaredCents(input.fields.amount),
          uploadedByUserId: input.access.user?.id ?? null,
        })
        .returning({ id: donationAttachments.id });
      await audit(tx, {
        actor,
        action: 'donation.slip_upload',
        entityType: 'donation',
        entityId: row.id,
        details: { reference: row.referenceCode, attachment_id: inserted.id, sha256, content_type: processed.contentType, size_bytes: processed.data.length, via: input.access.linkDonationId === row.id && !actor ? 'link' : 'account' },
        ip: input.ip,
      });
    }
    return statusOf(tx, row);
  });
}

// ------------------------------------------------------------------------------- serving

export interface ServedFile {
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  fileName: string;
  data: Buffer;
}

/** A slip's file or its JPEG preview, for the donation's owner, its signed link or ADMIN. */
export async function readAttachment(db: Db, attachmentId: number, access: SlipAccess, which: 'file' | 'preview'): Promise<ServedFile> {
  const [a] = await db
    .select({ donationId: donationAttachments.donationId, contentType: donationAttachments.contentType, fileName: donationAttachments.fileName })
    .from(donationAttachments)
    .where(eq(donationAttachments.id, attachmentId))
    .limit(1);
  if (!a) {
    if (!access.user && !access.tokenGiven) throw unauthorized();
    throw notFound();
  }
  await depositDonation(db, a.donationId, access, true);
  const column = which === 'file' ? donationAttachments.data : donationAttachments.preview;
  const [{ data }] = await db.select({ data: column }).from(donationAttachments).where(eq(donationAttachments.id, attachmentId));
  if (!data) throw notFound();
  if (which === 'preview') return { contentType: 'image/jpeg', fileName: a.fileName.replace(/\.[^.]+$/, '') + '-vista.jpg', data };
  return { contentType: a.contentType, fileName: a.fileName, data };
}

// ------------------------------------------------------------------------------- for staff review

export interface DuplicateSlip {
  attachmentId: number;
  donationId: number;
  referenceCode: string;
  donorName: string;
  status: DonationRow['status'];
  uploadedAt: Date;
}

/** Other donations that carry the very same file (same SHA-256) as this slip: one boleta sent for two gifts. */
export async function duplicateSlipsOf(db: Db, attachmentId: number): Promise<DuplicateSlip[]> {
  const [a] = await db
    .select({ sha256: donationAttachments.sha256, donationId: donationAttachments.donationId })
    .from(donationAttachments)
    .where(eq(donationAttachments.id, attachmentId))
    .limit(1);
  if (!a) return [];
  return db
    .select({
      attachmentId: donationAttachments.id,
      donationId: donations.id,
      referenceCode: donations.referenceCode,
      donorName: donations.donorName,
      status: donations.status,
      uploadedAt: donationAttachments.createdAt,
    })
    .from(donationAttachments)
    .innerJoin(donations, eq(donations.id, donationAttachments.donationId))
    .where(and(eq(donationAttachments.sha256, a.sha256), ne(donationAttachments.donationId, a.donationId)))
    .orderBy(asc(donationAttachments.createdAt), asc(donationAttachments.id));
}
