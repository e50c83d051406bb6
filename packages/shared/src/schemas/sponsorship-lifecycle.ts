// The sponsorship lifecycle (docs/product.md#sponsorship, decision 0051): the choice offered to a
// sponsor whose child left. Only the child's first name (public) is sent.
import { z } from 'zod';
import { sponsorshipLifecycleMessages as lm } from '../messages/sponsorship-lifecycle';
import { sponsorshipMessages as m } from '../messages/sponsorship';
import { ROW_ID_MAX } from './fields';
import { OFFER_CHOICES } from './sponsorship-codes';

export const childLeftOfferSchema = z
  .object({
    /** The ended sponsorship whose choice is pending. */
    sponsorshipId: z.number().int(),
    childFirstName: z.string(),
    /** Until when the sponsor may choose; then the monthly gift is cancelled. */
    offerUntil: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: 'ChildLeftOffer' });
export type ChildLeftOffer = z.infer<typeof childLeftOfferSchema>;
export const childLeftOffersSchema = z.object({ offers: z.array(childLeftOfferSchema) });
export type ChildLeftOffers = z.infer<typeof childLeftOffersSchema>;

const childId = z.number({ error: m.childNotFound }).int({ error: m.childNotFound }).positive({ error: m.childNotFound }).max(ROW_ID_MAX, { error: m.childNotFound });
const choice = { error: lm.choiceInvalid };
/** Another waiting child (null: the one waiting longest), keep giving where most needed, or cancel. */
export const offerChoiceSchema = z.discriminatedUnion(
  'choice',
  [
    z.object({ choice: z.literal('another_child', choice), childId: childId.nullable() }).strict(),
    z.object({ choice: z.literal('keep_giving', choice) }).strict(),
    z.object({ choice: z.literal('cancel', choice) }).strict(),
  ],
  choice,
);
export type OfferChoiceInput = z.infer<typeof offerChoiceSchema>;

export const offerChoiceResponseSchema = z.object({
  choice: z.enum(OFFER_CHOICES),
  /** The new sponsorship, when another child was chosen. */
  sponsorshipId: z.number().int().nullable(),
  childFirstName: z.string().nullable(),
});
export type OfferChoiceResponse = z.infer<typeof offerChoiceResponseSchema>;

/** The signed link of the child-left email of a sponsor without an account (/apadrina/eleccion?token=…). */
export const offerLinkQuerySchema = z.object({ token: z.string({ error: lm.linkInvalid }).min(1, { error: lm.linkInvalid }).max(2_000, { error: lm.linkInvalid }) });
