// The donor's own consent to email, given or withdrawn in Mi perfil (docs/product.md#donors, decision 0081):
// it is the consent of the donor record linked to the account, the one staff see, edit and export.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { donors } from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';

/** The source a consent set by the donor in Mi perfil carries (consentSources in the donors' messages). */
export const PROFILE_CONSENT_SOURCE = 'profile';

/** The consent to email of the donor record linked to the account; null while the account has none. */
export async function linkedDonorConsent(db: Db, userId: number): Promise<boolean | null> {
  const [row] = await db
    .select({ consent: donors.consentEmail })
    .from(donors)
    .where(and(eq(donors.userId, userId), isNull(donors.mergedIntoId)))
    .limit(1);
  return row ? row.consent : null;
}

/**
 * Writes the donor's choice, dated `at` (as the account's own), to the donor record linked to the account (when its consent differs),
 * audited on the record as the donor's own change. An account without a record keeps the choice on its
 * preferences, and the record takes it when one is linked (migration 0047).
 */
export async function recordConsentFromProfile(tx: Db, input: { actor: Actor; allow: boolean; at: Date; ip?: string | null }): Promise<void> {
  const changed = await tx
    .update(donors)
    .set({ consentEmail: input.allow, consentEmailAt: input.at, consentEmailSource: PROFILE_CONSENT_SOURCE, updatedAt: input.at })
    .where(and(eq(donors.userId, input.actor.id), isNull(donors.mergedIntoId), ne(donors.consentEmail, input.allow)))
    .returning({ id: donors.id });
  for (const { id } of changed) {
    await audit(tx, {
      actor: input.actor,
      action: 'donor.consent_from_profile',
      entityType: 'donor',
      entityId: id,
      details: { changed: { consentEmail: { from: !input.allow, to: input.allow } }, source: PROFILE_CONSENT_SOURCE },
      ip: input.ip,
    });
  }
}
