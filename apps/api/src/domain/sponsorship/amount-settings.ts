// Saving the sponsorship settings (docs/product.md#sponsorship, decision 0055): besides the schema's
// ranges, each programme's monthly amount and the birthday gift's suggested amount must be a gift the
// checkout would accept (the settings' minimum and maximum), and each programme must exist (an entry of a
// programme deleted since is dropped).
import { inArray } from 'drizzle-orm';
import { programUnknown } from '@donaciones/shared/messages/sponsorship-amounts';
import type { SponsorshipSettings } from '@donaciones/shared/schemas/sponsorship';
import type { Database } from '../../db/client';
import { programs } from '../../db/schema';
import { fieldError } from '../../errors';
import type { Actor } from '../../platform/audit';
import { updateSettings } from '../content/content';
import { assertAmountWithinBounds } from '../giving/amount-bounds';
import { getSettings } from '../../platform/settings';

export async function saveSponsorshipSettings(db: Database, input: { value: SponsorshipSettings; actor: Actor; ip?: string | null }) {
  const ids = input.value.program_amounts.map((p) => p.program_id);
  const known = new Set(ids.length ? (await db.select({ id: programs.id }).from(programs).where(inArray(programs.id, ids))).map((p) => p.id) : []);
  // A programme deleted since it got its amount: its entry is dropped (the card cannot show it); a new unknown one is refused.
  const saved = new Set((await getSettings(db, 'sponsorship')).program_amounts.map((p) => p.program_id));
  const list = input.value.program_amounts.filter((p) => known.has(p.program_id) || !saved.has(p.program_id));
  for (const [i, p] of list.entries()) {
    if (!known.has(p.program_id)) throw fieldError(`program_amounts.${i}.amount`, programUnknown);
    await assertAmountWithinBounds(db, { amountCents: p.amount * 100, currency: 'GTQ' }, `program_amounts.${i}.amount`);
  }
  await assertAmountWithinBounds(db, { amountCents: input.value.birthday_gift_amount * 100, currency: 'GTQ' }, 'birthday_gift_amount');
  return updateSettings(db, { key: 'sponsorship', value: { ...input.value, program_amounts: list }, actor: input.actor, ip: input.ip });
}
