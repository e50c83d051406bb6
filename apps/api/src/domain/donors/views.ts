// How a donor row is shown to staff (packages/shared/src/schemas/donors.ts).
import type { Donor, DonorSummary } from '@donaciones/shared/schemas/donors';
import type { donors } from '../../db/schema';

export type DonorRow = typeof donors.$inferSelect;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function donorSummaryOf(row: DonorRow): DonorSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    taxId: row.taxId,
    email: row.emails[0] ?? null,
    phone: row.phones[0] ?? null,
    tags: row.tags,
    giftCount: row.giftCount,
    lifetimeCents: Number(row.lifetimeCents),
    firstGiftAt: iso(row.firstGiftAt),
    lastGiftAt: iso(row.lastGiftAt),
  };
}

export function donorOf(row: DonorRow): Donor {
  return {
    ...donorSummaryOf(row),
    contactPerson: row.contactPerson,
    taxIdKind: row.taxIdKind,
    emails: row.emails,
    phones: row.phones,
    address: row.address,
    consentEmail: row.consentEmail,
    consentEmailAt: iso(row.consentEmailAt),
    consentEmailSource: row.consentEmailSource,
    consentWhatsapp: row.consentWhatsapp,
    consentWhatsappAt: iso(row.consentWhatsappAt),
    consentWhatsappSource: row.consentWhatsappSource,
    notes: row.notes,
    userId: row.userId,
    mergedIntoId: row.mergedIntoId,
    createdAt: iso(row.createdAt)!,
  };
}
