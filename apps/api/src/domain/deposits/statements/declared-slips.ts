// The newest deposit slip of each donation and what its donor declared with it (docs/product.md#bank-deposits):
// the reconciliation's date window and slip-number search, and the review queue's slip beside the data.
import { and, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { donationAttachments } from '../../../db/schema';

export interface DeclaredSlip {
  attachmentId: number;
  fileName: string;
  contentType: string;
  hasPreview: boolean;
  sha256: string;
  bank: string | null;
  /** YYYY-MM-DD */
  depositDate: string | null;
  slipNumber: string | null;
  declaredAmountCents: number | null;
  createdAt: Date;
}

/** `donationIds`: a list, or a query of them (thousands of ids go to the database as one subquery, not as parameters). */
export async function declaredSlipsOf(db: Db, donationIds: number[] | SQLWrapper): Promise<Map<number, DeclaredSlip>> {
  if (Array.isArray(donationIds) && donationIds.length === 0) return new Map();
  const rows = await db
    .select({
      attachmentId: donationAttachments.id,
      donationId: donationAttachments.donationId,
      fileName: donationAttachments.fileName,
      contentType: donationAttachments.contentType,
      // The preview's bytes stay in the database; only whether there is one.
      hasPreview: sql<boolean>`${donationAttachments.preview} IS NOT NULL`.mapWith(Boolean),
      sha256: donationAttachments.sha256,
      bank: donationAttachments.bank,
      depositDate: donationAttachments.depositDate,
      slipNumber: donationAttachments.slipNumber,
      declaredAmountCents: donationAttachments.declaredAmountCents,
      createdAt: donationAttachments.createdAt,
    })
    .from(donationAttachments)
    .where(and(inArray(donationAttachments.donationId, donationIds), eq(donationAttachments.kind, 'deposit_slip')))
    .orderBy(desc(donationAttachments.createdAt), desc(donationAttachments.id));
  const newest = new Map<number, DeclaredSlip>();
  for (const { donationId, ...slip } of rows) if (!newest.has(donationId)) newest.set(donationId, slip);
  return newest;
}
