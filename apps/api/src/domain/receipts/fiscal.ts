// The organisation's fiscal identity (docs/product.md#receipts, decision 0019): saving the settings
// with its signature image checked from its bytes, and the donor's contact and tax id for staff.
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { fiscalMessages } from '@donaciones/shared/messages/fiscal';
import { type AdminDonationDonor, type FiscalSettings, SIGNATURE_MAX_BYTES, type SignatureImage } from '@donaciones/shared/schemas/fiscal';
import type { Database, Db } from '../../db/client';
import { donations } from '../../db/schema';
import { fieldError, notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { getFiscalSettings, putSettings } from '../../platform/settings';
import { loadSharp } from '../../platform/libraries';

const FIELD = 'signatureImage';

/**
 * The signature as it will be printed: its type told by its bytes (never by the name or the declared
 * type), decodable as a whole, and re-encoded as a plain 8-bit sRGB PNG or baseline JPEG without
 * metadata, so the receipt's PDF can always embed it.
 */
export async function checkSignatureImage(image: SignatureImage): Promise<SignatureImage> {
  const bytes = Buffer.from(image.base64, 'base64');
  if (bytes.length === 0) throw fieldError(FIELD, fiscalMessages.signatureMismatch);
  if (bytes.length > SIGNATURE_MAX_BYTES) throw fieldError(FIELD, fiscalMessages.signatureTooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime !== 'image/png' && detected?.mime !== 'image/jpeg') throw fieldError(FIELD, fiscalMessages.signatureType);
  let clean: Buffer;
  try {
    const sharp = await loadSharp();
    const pipeline = sharp(bytes, { failOn: 'error' }).toColourspace('srgb');
    clean = await (detected.mime === 'image/png' ? pipeline.png({ progressive: false }) : pipeline.jpeg({ progressive: false, quality: 90 })).toBuffer();
  } catch {
    throw fieldError(FIELD, fiscalMessages.signatureMismatch);
  }
  if (clean.length > SIGNATURE_MAX_BYTES) throw fieldError(FIELD, fiscalMessages.signatureTooLarge);
  return { contentType: detected.mime, base64: clean.toString('base64') };
}

/** What the audit keeps of a signature: its type and size, never the image. */
function signatureSummary(image: SignatureImage | null) {
  return image ? { contentType: image.contentType, bytes: Buffer.from(image.base64, 'base64').length } : null;
}

/** Saves the fiscal settings (already validated by their schema) and audits what changed. */
export async function saveFiscalSettings(db: Database, input: { value: FiscalSettings; actor: Actor; ip?: string | null }): Promise<FiscalSettings> {
  const current = await getFiscalSettings(db);
  // The same image sent back unchanged is kept as stored; a new one is checked.
  const signatureImage =
    input.value.signatureImage && input.value.signatureImage.base64 !== current.signatureImage?.base64
      ? await checkSignatureImage(input.value.signatureImage)
      : input.value.signatureImage;
  const value = { ...input.value, signatureImage };
  return db.transaction(async (tx) => {
    const before = await getFiscalSettings(tx);
    const saved = await putSettings(tx, 'fiscal', value, input.actor.id);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(saved) as (keyof FiscalSettings)[]) {
      const from = key === 'signatureImage' ? signatureSummary(before.signatureImage) : before[key];
      const to = key === 'signatureImage' ? signatureSummary(saved.signatureImage) : saved[key];
      if (JSON.stringify(before[key]) !== JSON.stringify(saved[key])) changes[key] = { from, to };
    }
    await audit(tx, { actor: input.actor, action: 'settings.fiscal.update', entityType: 'settings', entityId: 'fiscal', details: { changes }, ip: input.ip });
    return saved;
  });
}

/** The donor's phone and tax id of one donation, for staff (admin donation detail). */
export async function donationDonor(db: Db, id: number): Promise<AdminDonationDonor> {
  const [row] = await db
    .select({ phone: donations.donorPhone, taxId: donations.donorNit, kind: donations.donorTaxIdKind })
    .from(donations)
    .where(eq(donations.id, id))
    .limit(1);
  if (!row) throw notFound();
  return { phone: row.phone, tax_id: row.taxId, tax_id_kind: row.kind };
}
