// The designation of a gift (docs/product.md#designation): a programme, or null for "Donde más se
// necesite". One rule for every way a gift comes in, and one rule for the money the public sees.
import { eq } from 'drizzle-orm';
import { designationMessages as m } from '@donaciones/shared/messages/designation';
import type { Db } from '../../db/client';
import { programs } from '../../db/schema';
import { fieldError } from '../../errors';

/**
 * What a programme raised as the public site and the donor's dashboard show it: nothing while it is
 * "Próximamente", even if gifts were designated to it before (staff reports still count them).
 */
export function publicRaisedCents(program: { comingSoon: boolean; currentCents: number }): number {
  return program.comingSoon ? 0 : program.currentCents;
}

/**
 * A designation a gift may carry: null (where most needed) or an active programme that is not
 * "Próximamente"; anything else is refused on `field` with a Spanish reason. Reads the programme
 * in the caller's transaction, so a programme closed meanwhile is seen.
 */
export async function assertDesignation(tx: Db, programId: number | null | undefined, field = 'programId'): Promise<number | null> {
  if (programId == null) return null;
  const [program] = await tx
    .select({ id: programs.id, isActive: programs.isActive, comingSoon: programs.comingSoon })
    .from(programs)
    .where(eq(programs.id, programId))
    .limit(1);
  if (!program) throw fieldError(field, m.programUnknown);
  if (!program.isActive) throw fieldError(field, m.programInactive);
  if (program.comingSoon) throw fieldError(field, m.programComingSoon);
  return program.id;
}

/** The name of the programme a gift is designated to; null for none ("Donde más se necesite"). */
export async function designationOf(db: Db, programId: number | null): Promise<string | null> {
  if (programId == null) return null;
  const [program] = await db.select({ name: programs.name }).from(programs).where(eq(programs.id, programId)).limit(1);
  return program?.name ?? null;
}

/** The public checkout's designation: only when the setting offers the programmes. */
export async function checkoutDesignation(tx: Db, programId: number | null | undefined, offered: boolean): Promise<number | null> {
  if (programId == null) return null;
  if (!offered) throw fieldError('programId', m.notOffered);
  return assertDesignation(tx, programId);
}
