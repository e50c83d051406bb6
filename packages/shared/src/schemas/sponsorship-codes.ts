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
