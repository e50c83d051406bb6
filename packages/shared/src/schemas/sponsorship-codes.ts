// Children's sponsorship (docs/product.md#sponsorship): the stored codes of a child's status, a
// guardian consent's scope and a sponsorship's status, shared by the database's CHECKs, the API and
// the web. The Spanish labels are in ../messages/sponsorship.ts.

/** esperando, apadrinado, en pausa, salió del programa (with a reason). */
export const CHILD_STATUSES = ['waiting', 'sponsored', 'paused', 'left'] as const;
export type ChildStatus = (typeof CHILD_STATUSES)[number];

/** What a guardian consented to: photos, the short story, or both. */
export const CONSENT_SCOPES = ['photos', 'story', 'photos_and_story'] as const;
export type ConsentScope = (typeof CONSENT_SCOPES)[number];

/** The scopes that allow a child's photo to be shown. */
export const PHOTO_CONSENT_SCOPES = ['photos', 'photos_and_story'] as const satisfies readonly ConsentScope[];

/**
 * `held`: a person chose the child and has until `held_until` to pay its first monthly payment;
 * `active`: that payment completed; `released`: the hold ran out or was given up unpaid; `ended`: an
 * active sponsorship stopped. Only `held` (not expired) and `active` take one of the child's places.
 */
export const SPONSORSHIP_STATUSES = ['held', 'active', 'released', 'ended'] as const;
export type SponsorshipStatus = (typeof SPONSORSHIP_STATUSES)[number];

/** Guatemala's 22 departments, the only location of a child the public may see. */
export const GUATEMALA_DEPARTMENTS = [
  'Alta Verapaz', 'Baja Verapaz', 'Chimaltenango', 'Chiquimula', 'El Progreso', 'Escuintla',
  'Guatemala', 'Huehuetenango', 'Izabal', 'Jalapa', 'Jutiapa', 'Petén', 'Quetzaltenango', 'Quiché',
  'Retalhuleu', 'Sacatepéquez', 'San Marcos', 'Santa Rosa', 'Sololá', 'Suchitepéquez', 'Totonicapán',
  'Zacapa',
] as const;
export type GuatemalaDepartment = (typeof GUATEMALA_DEPARTMENTS)[number];

/**
 * What a sponsor whose child left chose (docs/product.md#sponsorship, decision 0051): another waiting
 * child with the same monthly gift, keep giving where most needed, cancel; `lapsed`: no choice within
 * the grace period, the gift was cancelled.
 */
export const OFFER_CHOICES = ['another_child', 'keep_giving', 'cancel', 'lapsed'] as const;
export type OfferChoice = (typeof OFFER_CHOICES)[number];

/** Why an active sponsorship ended: the child left the programme, or the sponsor's monthly gift stopped. */
export const SPONSORSHIP_END_REASONS = ['child_left', 'sponsor_stopped'] as const;
export type SponsorshipEndReason = (typeof SPONSORSHIP_END_REASONS)[number];
