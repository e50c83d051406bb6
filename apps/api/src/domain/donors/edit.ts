// Staff edit a donor (docs/product.md#donors): Spanish validation, a NIT/CUI checked like the
// receipts', emails kept unique among the donors, consent dated with its source, audited with what changed.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { donorsMessages as m } from '@donaciones/shared/messages/donors';
import type { Donor, DonorUpdate } from '@donaciones/shared/schemas/donors';
import { parseTaxIdFormat } from '@donaciones/shared/tax-id';
import type { Db } from '../../db/client';
import { donors } from '../../db/schema';
import { InvalidInputError, conflict, fieldError } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { donorRow } from './page';
import { donorOf } from './views';

/** A NIT or CUI as the matching compares it: capitals without spaces or hyphens; CF is nobody's. */
export function matchableTaxId(input: string | null): { taxId: string | null; taxIdKind: 'nit' | 'cui' | null } {
  if (input == null || input.trim() === '') return { taxId: null, taxIdKind: null };
  const parsed = parseTaxIdFormat(input);
  if (!parsed.ok) throw fieldError('taxId', parsed.message);
  if (parsed.kind === 'cf') return { taxId: null, taxIdKind: null };
  return { taxId: parsed.value.replace(/-/g, ''), taxIdKind: parsed.kind };
}

const unique = (values: string[]) => [...new Set(values)];

/** The donor already holding an email the edit gives to another: named so staff can propose the merge. */
export class EmailTakenError extends InvalidInputError {
  constructor(
    fields: Record<string, string>,
    readonly otherDonor: { id: number; name: string },
  ) {
    super(fields.emails, fields);
  }
}

/** Every field the form must fix in one answer: a NIT or CUI that does not read, an email on another donor. */
async function checkFields(tx: Db, id: number, taxId: string | null, emails: string[]) {
  const fields: Record<string, string> = {};
  const parsed = parseTaxIdFormat(taxId ?? '');
  if (!parsed.ok) fields.taxId = parsed.message;
  for (const email of emails) {
    const [other] = await tx
      .select({ id: donors.id, name: donors.name })
      .from(donors)
      .where(and(sql`${donors.emails} @> ARRAY[${email}]::text[]`, ne(donors.id, id), isNull(donors.mergedIntoId)))
      .limit(1);
    if (other) throw new EmailTakenError({ ...fields, emails: m.emailTaken }, other);
  }
  if (fields.taxId) throw fieldError('taxId', fields.taxId);
}

export async function updateDonor(db: Db, input: { id: number; body: DonorUpdate; actor: Actor; ip?: string | null }): Promise<Donor> {
  return db.transaction(async (tx) => {
    const before = await donorRow(tx, input.id);
    if (before.mergedIntoId != null) throw conflict(m.alreadyMerged);
    const b = input.body;
    const emails = unique(b.emails.map((e) => e.toLowerCase()));
    await checkFields(tx, input.id, b.taxId, emails);
    const now = new Date();
    const consentChanged = (was: boolean, is: boolean) => was !== is;
    const values = {
      kind: b.kind,
      name: b.name,
      contactPerson: b.contactPerson || null,
      ...matchableTaxId(b.taxId),
      emails,
      phones: unique(b.phones),
      address: b.address || null,
      notes: b.notes || null,
      tags: unique(b.tags),
      consentEmail: b.consentEmail,
      consentWhatsapp: b.consentWhatsapp,
      ...(consentChanged(before.consentEmail, b.consentEmail) ? { consentEmailAt: now, consentEmailSource: 'staff' } : {}),
      ...(consentChanged(before.consentWhatsapp, b.consentWhatsapp) ? { consentWhatsappAt: now, consentWhatsappSource: 'staff' } : {}),
      updatedAt: now,
    };
    const [after] = await tx.update(donors).set(values).where(eq(donors.id, input.id)).returning();
    const changed = Object.fromEntries(
      (Object.keys(values) as (keyof typeof values)[])
        .filter((k) => k !== 'updatedAt' && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
        .map((k) => [k, { from: before[k], to: after[k] }]),
    );
    await audit(tx, { actor: input.actor, action: 'donor.update', entityType: 'donor', entityId: input.id, details: { changed }, ip: input.ip });
    return donorOf(after);
  });
}
