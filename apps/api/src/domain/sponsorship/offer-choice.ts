// A sponsor's choice when their child left (docs/product.md#sponsorship, decision 0051), from "Mi
// ahijado/a" or from the signed link of a sponsor without an account: another waiting child with the
// same monthly gift, keep giving where most needed, or cancel the gift.
import type { OfferChoiceInput, OfferChoiceResponse } from '@donaciones/shared/schemas/sponsorship-lifecycle';
import type { Database } from '../../db/client';
import type { Actor } from '../../platform/audit';
import type { MonthlyContext } from '../monthly/monthly-gifts';
import { sponsorAnotherChild } from './another-child';
import { type OfferOwner, cancelFromOffer, keepGiving } from './child-left-offers';

export function chooseOffer(
  db: Database,
  ctx: MonthlyContext,
  who: { userId: OfferOwner; sponsorshipId: number; actor: Actor | null; ip?: string | null },
  body: OfferChoiceInput,
): Promise<OfferChoiceResponse> {
  if (body.choice === 'another_child') return sponsorAnotherChild(db, { ...who, ctx, childId: body.childId });
  if (body.choice === 'keep_giving') return keepGiving(db, who);
  return cancelFromOffer(db, ctx, who);
}
