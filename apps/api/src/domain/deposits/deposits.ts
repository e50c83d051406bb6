// Bank deposits, donor side (docs/product.md#bank-deposits, decision 0023): the instructions email of a
// new deposit donation, the deposit slip a donor sends (checked by its bytes, images re-encoded without
// their metadata, PDFs with scripts refused), kept in PostgreSQL and served only to the donation's
// owner, the holder of its signed link and ADMIN.
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { decodeHeicOffThread } from './heic-decoder';
import { inspectPdf } from './pdf-inspection';
import type { Role } from '@donaciones/shared/constants';
import { formatMoney, fromCents } from '@donaciones/shared/format';
import { SLIP_MAX_BYTES, depositMessages } from '@donaciones/shared/messages/deposits';
import {
  MAX_SLIPS_PER_DONATION,
  type DepositSlip,
  type DepositStatus,
  type PublicBankAccount,
  type SlipUploadQuery,
  declaredCents,
  publicBankAccounts,
} from '@donaciones/shared/schemas/deposits';
import { hasRole } from '@donaciones/shared/roles';
import type { Db } from '../../db/client';
import { donationAttachments, donations } from '../../db/schema';
import { ConflictError, InvalidInputError, forbidden, notFound, unauthorized } from '../../errors';
import { depositEmailMessages } from '../../messages/deposits';
import { type Actor, audit } from '../../platform/audit';
import { PUBLIC_URL_MARK, enqueueEmail } from '../../platform/email-outbox';
import { getSettings } from '../../platform/settings';

const e = depositMessages.errors;

type DonationRow = typeof donations.$inferSelect;
type AttachmentRow = typeof donationAttachments.$inferSelect;
export type SlipContentType = AttachmentRow['contentType'];

/** A refusal of the file itself, answered as a validation error of the field `file`. */
export class SlipRefusedError extends InvalidInputError {
  constructor(detail: string) {
    super(detail, { file: detail });
  }
}

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

// ------------------------------------------------------------------------------- the file

export interface ProcessedSlip {
  contentType: SlipContentType;
  extension: 'jpg' | 'png' | 'pdf';
  data: Buffer;
  /** A small JPEG of an image; null for a PDF. */
  preview: Buffer | null;
}

/** Larger photos are scaled down to this many pixels on their longer side: still readable, much smaller. */
const MAX_SIDE = 3000;
/** A decompression bomb (a small file declaring a huge image) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * A HEIC is decoded in JavaScript, much slower than sharp: beyond a phone photo's size (12 MP, 48 MP
 * phones save 12 or 24 MP by default) it is refused by the size its header declares.
 */
const MAX_HEIC_PIXELS = 16_000_000;
const PREVIEW_SIDE = 480;
const HEIC_TYPES = new Set(['image/heic', 'image/heif']);

/** Names that make a PDF run something: scripts, actions on open or on events, launching programs. */
const PDF_ACTIVE_NAME = /\/(?:JS|JavaScript|AA|Launch)(?![A-Za-z0-9])/;
/** Total inflated bytes of a PDF's streams scanned for those names. */
const PDF_INFLATE_BUDGET = 64 * 1024 * 1024;

/** `/J#61vaScript` is `/JavaScript`: names may spell any character as #xx. */
function decodePdfNames(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * True when the PDF holds JavaScript or an automatic action, in its plain objects or inside its
 * compressed streams (object streams hide dictionaries there).
 */
export function pdfHasActiveContent(pdf: Buffer): boolean {
  const text = pdf.toString('latin1');
  if (PDF_ACTIVE_NAME.test(decodePdfNames(text))) return true;
  let budget = PDF_INFLATE_BUDGET;
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(text); m; m = streams.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streams.lastIndex = end;
    if (budget <= 0) return true; // too much to inspect: refused rather than waved through
    try {
      const inflated = inflateSync(pdf.subarray(start, end), { maxOutputLength: budget });
      budget -= inflated.length;
      if (PDF_ACTIVE_NAME.test(decodePdfNames(inflated.toString('latin1')))) return true;
    } catch {
      // Not a Flate stream (an image, a font in another filter): nothing to read.
    }
  }
  return false;
}

async function reencode(image: Buffer, as: 'jpeg' | 'png'): Promise<{ data: Buffer; contentType: SlipContentType; extension: 'jpg' | 'png' }> {
  // rotate() applies the EXIF orientation to the pixels; sharp writes no metadata unless asked to,
  // so EXIF (GPS, camera, dates), XMP, IPTC and ICC comments are gone from what is kept.
  const base = () =>
    sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (as === 'png') {
    const png = await base().png({ compressionLevel: 9 }).toBuffer();
    if (png.length <= SLIP_MAX_BYTES) return { data: png, contentType: 'image/png', extension: 'png' };
  }
  const jpeg = await base().flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  return { data: jpeg, contentType: 'image/jpeg', extension: 'jpg' };
}

/**
 * Checks a slip by its bytes (never its name) and makes what is kept: JPEG and PNG re-encoded,
 * HEIC/HEIF decoded and kept as JPEG, PDF kept as sent unless it holds scripts or actions.
 */
export async function processSlipFile(file: Buffer): Promise<ProcessedSlip> {
  if (file.length === 0) throw new SlipRefusedError(e.fileEmpty);
  if (file.length > SLIP_MAX_BYTES) throw new SlipRefusedError(e.fileTooLarge);
  const detected = await fileTypeFromBuffer(file);
  const mime = detected?.mime ?? '';

  if (mime === 'application/pdf') {
    // The document as pdf-lib parses it (object streams decoded, whatever their filters), with the
    // scan of its raw and inflated bytes kept as a second look.
    const verdict = await inspectPdf(file);
    if (verdict === 'unreadable') throw new SlipRefusedError(e.pdfUnreadable);
    if (verdict === 'active' || pdfHasActiveContent(file)) throw new SlipRefusedError(e.pdfScript);
    return { contentType: 'application/pdf', extension: 'pdf', data: file, preview: null };
  }
  if (mime !== 'image/jpeg' && mime !== 'image/png' && !HEIC_TYPES.has(mime)) throw new SlipRefusedError(e.fileType);

  // The size the header declares, read before any pixel is decoded (sharp reads HEIC headers too).
  // No pixel limit on reading the header itself: sharp's default one would call a bomb unreadable.
  const header = await sharp(file, { limitInputPixels: false }).metadata().catch(() => null);
  if (!header?.width || !header.height) throw new SlipRefusedError(e.imageUnreadable);
  const limit = HEIC_TYPES.has(mime) ? MAX_HEIC_PIXELS : MAX_INPUT_PIXELS;
  if (header.width * header.height > limit) throw new SlipRefusedError(e.imageTooManyPixels(limit / 1_000_000));

  let image: Buffer = file;
  try {
    if (HEIC_TYPES.has(mime)) image = await decodeHeicOffThread(file);
    const kept = await reencode(image, mime === 'image/png' ? 'png' : 'jpeg');
    const preview = await sharp(kept.data)
      .resize({ width: PREVIEW_SIDE, height: PREVIEW_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return { ...kept, preview };
  } catch {
    throw new SlipRefusedError(e.imageUnreadable);
  }
}

/** The name the file is served under: what the donor's device called it, cleaned, with the kept type's extension. */
export function slipFileName(given: string | undefined, extension: string): string {
  const base = (given ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 80);
  return `${base || 'boleta'}.${extension}`;
}

// ------------------------------------------------------------------------------- who may see it

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
  const allowed = isOwner(row, access) || (admin && access.user != null && hasRole(access.user.roles, 'ADMIN'));
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

export async function addDepositSlip(
  db: Db,
  input: { donationId: number; access: SlipAccess; file: Buffer; fields: SlipUploadQuery; ip?: string | null },
): Promise<DepositStatus> {
  // Checked before the file is decoded, so a stranger's upload costs no image work.
  const before = await depositDonation(db, input.donationId, input.access, false);
  if (before.status !== 'pending') throw new ConflictError(e.notPending);
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
          bank: input.fields.bank,
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
