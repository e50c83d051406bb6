// Children's sponsorship (docs/product.md#sponsorship, decision 0048): every field of a child is
// declared ONCE below with its visibility, and the public, sponsor and staff answers are derived from
// that declaration, so a staff field cannot be part of a public or sponsor answer. The API serialises
// with these schemas (fastify-type-provider-zod), which strip any key they do not declare.
import { z } from 'zod';
import { guatemalaDay } from '../format';
import { sponsorshipMessages as m } from '../messages/sponsorship';
import {
  amountRange as amountRangeMessage,
  childLeftGraceRange as childLeftGraceMessage,
  holdRange as holdRangeMessage,
  holdsPerConnectionRange as holdsPerConnectionMessage,
  sponsorStoppedGraceRange as sponsorStoppedGraceMessage,
  transferHoldRange as transferHoldMessage,
} from '../messages/sponsorship-settings';
import { publicDonationSchema } from './donate';
import { ROW_ID_MAX, decimalIdOf, recordedDay } from './fields';
import { DEFAULT_SPONSORSHIP_AMOUNTS, birthdayGiftWindowSchema, sponsorshipAmountFields } from './sponsorship-amounts';
import { sponsorPaymentMethodSchema, sponsorTransferInstructionsSchema } from './sponsorship-transfer';
import { CHILD_STATUSES, CONSENT_SCOPES, GUATEMALA_DEPARTMENTS, SPONSORSHIP_END_REASONS, SPONSORSHIP_STATUSES } from './sponsorship-codes';

export * from './sponsorship-codes';

/** Who may see a field: anyone; a current sponsor of the child; staff; staff on screen but never in an export. */
export const VISIBILITY_LEVELS = ['public', 'sponsor', 'staff', 'never_exported'] as const;
export type Visibility = (typeof VISIBILITY_LEVELS)[number];

const field = <V extends Visibility, S extends z.ZodType>(visibility: V, schema: S) => ({ visibility, schema });

/** The one declaration of a child's fields as they leave the API, each with its visibility. */
export const CHILD_FIELDS = {
  id: field('public', z.number().int()),
  firstName: field('public', z.string()),
  /** Whole years, never the birth date. */
  age: field('public', z.number().int()),
  department: field('public', z.string()),
  programName: field('public', z.string().nullable()),
  /** The short story, only once approved and covered by a current consent. */
  story: field('public', z.string()),
  /** The API's URL of the photo, only while a current consent covers photos. */
  photoUrl: field('public', z.string().nullable()),
  /** Quetzales a month of sponsoring the child now: their programme's amount or the general one (decision 0055). */
  monthlyAmount: field('public', z.number()),
  birthdayMonth: field('sponsor', z.number().int().min(1).max(12)),
  sponsoredSince: field('sponsor', z.string().nullable()),
  fullName: field('staff', z.string()),
  birthDate: field('staff', z.string()),
  community: field('staff', z.string()),
  school: field('staff', z.string()),
  guardianName: field('staff', z.string()),
  programId: field('staff', z.number().int().nullable()),
  status: field('staff', z.enum(CHILD_STATUSES)),
  statusReason: field('staff', z.string().nullable()),
  storyApproved: field('staff', z.boolean()),
  /**
   * The story as stored, whether shown or not: what staff read and edit (the public `story` is '' until
   * approved and consented, and saving that back would erase it). Staff screen only, never in a file.
   */
  storedStory: field('never_exported', z.string()),
  waitingSince: field('staff', z.string()),
  sponsorPlaces: field('staff', z.number().int()),
  takenPlaces: field('staff', z.number().int()),
  familySituation: field('never_exported', z.string()),
  notes: field('never_exported', z.string()),
} as const;
type Fields = typeof CHILD_FIELDS;
export type ChildField = keyof Fields;

/** The levels each audience sees. */
export const AUDIENCE_LEVELS = {
  public: ['public'],
  sponsor: ['public', 'sponsor'],
  staff: ['public', 'sponsor', 'staff', 'never_exported'],
  export: ['public', 'sponsor', 'staff'],
} as const satisfies Record<string, readonly Visibility[]>;
export type Audience = keyof typeof AUDIENCE_LEVELS;

type FieldsOf<A extends Audience> = {
  [K in ChildField as Fields[K]['visibility'] extends (typeof AUDIENCE_LEVELS)[A][number] ? K : never]: Fields[K]['schema'];
};

/** The names of the fields an audience may see. */
export function childFieldsFor(audience: Audience): ChildField[] {
  const levels: readonly Visibility[] = AUDIENCE_LEVELS[audience];
  return (Object.keys(CHILD_FIELDS) as ChildField[]).filter((k) => levels.includes(CHILD_FIELDS[k].visibility));
}

function shapeFor<A extends Audience>(audience: A): FieldsOf<A> {
  return Object.fromEntries(childFieldsFor(audience).map((k) => [k, CHILD_FIELDS[k].schema])) as FieldsOf<A>;
}

/** The names of the fields only staff may see: what must never appear in a public or sponsor answer. */
export const STAFF_ONLY_CHILD_FIELDS: ChildField[] = childFieldsFor('staff').filter((k) => !childFieldsFor('sponsor').includes(k));

export const publicChildSchema = z.object(shapeFor('public')).meta({ id: 'PublicChild' });
export type PublicChild = z.infer<typeof publicChildSchema>;
export const sponsorChildSchema = z.object(shapeFor('sponsor')).meta({ id: 'SponsoredChild' });
export type SponsorChild = z.infer<typeof sponsorChildSchema>;
export const staffChildSchema = z.object(shapeFor('staff'));
export type StaffChild = z.infer<typeof staffChildSchema>;

const amountRange = { error: amountRangeMessage };
const holdRange = { error: holdRangeMessage };
const childLeftGrace = { error: childLeftGraceMessage };
const sponsorStoppedGrace = { error: sponsorStoppedGraceMessage };
const transferHoldRange = { error: transferHoldMessage };
const holdsPerConnection = { error: holdsPerConnectionMessage };
export const sponsorshipSettingsSchema = z
  .object({
    /** Quetzales a month of one sponsorship. */
    monthly_amount: z.number(amountRange).int(amountRange).min(1, amountRange).max(100_000, amountRange),
    /** How long a chosen child is held for the person paying. */
    hold_minutes: z.number(holdRange).int(holdRange).min(5, holdRange).max(24 * 60, holdRange),
    /** Places held and not yet paid at once from one internet address (decision 0064). */
    holds_per_connection: z.number(holdsPerConnection).int(holdsPerConnection).min(1, holdsPerConnection).max(200, holdsPerConnection).default(5),
    /** Per-programme monthly amounts and the birthday gift's suggested amount (decision 0055). */
    ...sponsorshipAmountFields,
    /** Days a sponsor whose child left may choose (another child, keep giving, cancel); then the gift is cancelled. */
    child_left_grace_days: z.number(childLeftGrace).int(childLeftGrace).min(7, childLeftGrace).max(180, childLeftGrace),
    /** Days a child whose sponsor stopped stays off the waiting list (the place is kept meanwhile). */
    sponsor_stopped_grace_days: z.number(sponsorStoppedGrace).int(sponsorStoppedGrace).min(0, sponsorStoppedGrace).max(365, sponsorStoppedGrace),
    /** How long a child is held for a sponsor paying by transfer, until the first transfer arrives (decision 0054). */
    transfer_hold_days: z.number(transferHoldRange).int(transferHoldRange).min(1, transferHoldRange).max(30, transferHoldRange),
  })
  .meta({ id: 'SponsorshipSettings' });
export type SponsorshipSettings = z.infer<typeof sponsorshipSettingsSchema>;
export const DEFAULT_SPONSORSHIP_SETTINGS: SponsorshipSettings = {
  monthly_amount: 250,
  hold_minutes: 30,
  holds_per_connection: 5,
  ...DEFAULT_SPONSORSHIP_AMOUNTS,
  child_left_grace_days: 60,
  sponsor_stopped_grace_days: 90,
  transfer_hold_days: 7,
};

export const publicChildrenQuerySchema = z.object({
  minAge: z.coerce.number({ error: m.ageInvalid }).int({ error: m.ageInvalid }).min(0, { error: m.ageInvalid }).max(18, { error: m.ageInvalid }).optional(),
  maxAge: z.coerce.number({ error: m.ageInvalid }).int({ error: m.ageInvalid }).min(0, { error: m.ageInvalid }).max(18, { error: m.ageInvalid }).optional(),
  department: z.enum(GUATEMALA_DEPARTMENTS, { error: m.departmentInvalid }).optional(),
  programId: decimalIdOf(m.programInvalid).optional(),
});
export type PublicChildrenQuery = z.infer<typeof publicChildrenQuerySchema>;

export const publicChildrenResponseSchema = z.object({
  children: z.array(publicChildSchema),
  /** What "Donde más se necesite" costs a month: the amount of the child waiting longest (decision 0055). */
  monthlyAmount: z.number(),
  programs: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PublicChildrenResponse = z.infer<typeof publicChildrenResponseSchema>;

/** "Apadrinar" on a child, or "Donde más se necesite" (childId null). */
export const holdRequestSchema = z
  .object({
    childId: z.number({ error: m.childNotFound }).int({ error: m.childNotFound }).positive({ error: m.childNotFound }).max(ROW_ID_MAX, { error: m.childNotFound }).nullable(),
    /** The hold this tab had (its token): a visitor who chooses another child lets the first one's place go. */
    replaces: z.string().max(64).optional(),
  })
  .strict();
export const holdResponseSchema = z.object({
  holdToken: z.string(),
  heldUntil: z.string(),
  monthlyAmount: z.number(),
  child: publicChildSchema,
});
export type HoldResponse = z.infer<typeof holdResponseSchema>;

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: m.textTooLong(max) });
const optionalText = (max: number) => z.string().trim().max(max, { error: m.textTooLong(max) }).default('');
const isoDate = (message: string) => z.iso.date({ error: message });

/** The sponsor's start: the monthly gift's payer and card (the demo's simulated card), and the code of conduct. */
export const sponsorStartSchema = z
  .object({
    donorName: publicDonationSchema.shape.donorName,
    email: publicDonationSchema.shape.email,
    cardLast4: publicDonationSchema.shape.cardLast4,
    cardBrand: publicDonationSchema.shape.cardBrand,
    /** Card (the provider's, or the demo's) or a monthly bank transfer with a permanent reference (decision 0054). */
    paymentMethod: sponsorPaymentMethodSchema.default('card'),
    acceptCodeOfConduct: z.literal(true, { error: m.codeOfConductRequired }),
  })
  .strict();
export type SponsorStart = z.infer<typeof sponsorStartSchema>;
export const sponsorStartResponseSchema = z.object({
  sponsorshipId: z.number().int(),
  referenceCode: z.string(),
  checkoutUrl: z.string().nullable(),
  childFirstName: z.string(),
  /** The transfer's instructions; null when the sponsor pays by card. */
  transfer: sponsorTransferInstructionsSchema.nullable(),
});

/** The programme is for children and adolescents: a birth date entered must make the child younger than this. */
export const CHILD_MAX_AGE = 18;

/** Whole years on `today` (YYYY-MM-DD) of a child born on `birthDate` (YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The organisation's calendar day now ('YYYY-MM-DD' in America/Guatemala, UTC-6): the one day a
 * child's age, birthday and a consent's expiry are read by, on the API and in the forms alike. The
 * UTC day would be tomorrow from 18:00 local time (a child a year older six hours early).
 */
export const sponsorshipToday = (now: Date = new Date()): string => guatemalaDay(now);
const todayIso = () => sponsorshipToday();

/**
 * The staff's child record. `keepsBirthDate` says which birth date may stay although the child is 18
 * or older: a child who turned 18 in the programme keeps an editable record as long as the date is
 * not changed; any other date must be of a child under CHILD_MAX_AGE, and never in the future.
 */
function childRecordSchema(keepsBirthDate: (birthDate: string) => boolean) {
  return z
    .object({
      firstName: requiredText(60, m.firstNameRequired).refine((v) => v === '' || FIRST_NAME.test(v), { error: m.firstNameLettersOnly }),
      fullName: requiredText(160, m.fullNameRequired),
      birthDate: isoDate(m.birthDateInvalid)
        .refine((d) => d <= todayIso(), { error: m.birthDateFuture })
        .refine((d) => keepsBirthDate(d) || ageOn(d, todayIso()) < CHILD_MAX_AGE, { error: m.birthDateAdult }),
      department: z.enum(GUATEMALA_DEPARTMENTS, { error: m.departmentInvalid }),
      programId: z.number({ error: m.programInvalid }).int({ error: m.programInvalid }).positive({ error: m.programInvalid }).max(ROW_ID_MAX, { error: m.programInvalid }).nullable().default(null),
      story: optionalText(600),
      storyApproved: z.boolean().default(false),
      community: optionalText(120),
      school: optionalText(160),
      guardianName: optionalText(160),
      familySituation: optionalText(2000),
      notes: optionalText(2000),
      sponsorPlaces: z.number({ error: m.placesInvalid }).int({ error: m.placesInvalid }).min(1, { error: m.placesInvalid }).max(5, { error: m.placesInvalid }).default(1),
    })
    .strict()
    .refine((v) => !namesSurname(v.firstName, v.fullName), { error: m.firstNameHasSurname, path: ['firstName'] });
}

/**
 * A child's first name is public (the list, the child's page, emails): letters, spaces, hyphens and
 * apostrophes only, so no number, email, link or handle reaches the public through it (the story has
 * the contact-details detector; a name has no reason for anything but letters).
 */
const FIRST_NAME = /^\p{L}[\p{L}\p{M}'’ -]*$/u;

const words = (text: string) => text.normalize('NFC').toLocaleLowerCase('es').split(/\s+/).filter(Boolean);

/**
 * Whether the first name carries the full name's last word (the second surname, or the only one): a
 * first name such as "María José" passes, "Lupita Pérez" or the whole full name does not.
 */
function namesSurname(firstName: string, fullName: string): boolean {
  const full = words(fullName);
  if (full.length < 2) return false;
  return words(firstName).includes(full[full.length - 1]);
}

/** A new child's record (and the edit form of a record without a stored birth date to keep). */
export const childInputSchema = childRecordSchema(() => false);
/** The edit form of a record: its stored birth date may stay even if the child has turned 18 since. */
export const childEditFormSchema = (storedBirthDate: string) => childRecordSchema((d) => d === storedBirthDate);
/**
 * The body of an edit (PUT): only the API knows the stored birth date, so it refuses a changed one of
 * 18 or more itself (updateChild), with the same message under `birthDate`.
 */
export const childEditInputSchema = childRecordSchema(() => true);
export type ChildInput = z.infer<typeof childInputSchema>;

export const childStatusInputSchema = z
  .object({
    status: z.enum(CHILD_STATUSES, { error: m.statusInvalid }),
    reason: z.string().trim().max(500, { error: m.textTooLong(500) }).default(''),
  })
  .strict()
  .refine((v) => v.status !== 'left' || v.reason !== '', { error: m.leftReasonRequired, path: ['reason'] });
export type ChildStatusInput = z.infer<typeof childStatusInputSchema>;

export const consentInputSchema = z
  .object({
    givenBy: requiredText(160, m.consentGivenByRequired),
    relationship: requiredText(60, m.consentRelationshipRequired),
    // Signed on a day already come (Guatemala's): a date ahead is a typo, and the consent would sit unused;
    // from 01/01/2000 (RECORDED_DAY_MIN): a year mistyped (0202) would date it centuries back.
    givenOn: recordedDay({ invalid: m.consentDateInvalid, tooEarly: m.consentDateTooEarly, future: m.consentDateFuture }),
    scope: z.enum(CONSENT_SCOPES, { error: m.consentScopeInvalid }),
    expiresOn: isoDate(m.consentDateInvalid),
  })
  .strict()
  .refine((v) => v.expiresOn > v.givenOn, { error: m.consentExpiryBeforeGiven, path: ['expiresOn'] });
export type ConsentInput = z.infer<typeof consentInputSchema>;

export const consentSchema = z.object({
  id: z.number().int(),
  givenBy: z.string(),
  relationship: z.string(),
  givenOn: z.string(),
  scope: z.enum(CONSENT_SCOPES),
  expiresOn: z.string(),
  revokedAt: z.string().nullable(),
  current: z.boolean(),
});
export type Consent = z.infer<typeof consentSchema>;

export const staffChildDetailSchema = z.object({
  child: staffChildSchema,
  /** Off the waiting list only because a sponsor stopped: when the kept place is free again (decision 0051). */
  returnsToListAt: z.string().nullable().default(null),
  consents: z.array(consentSchema),
  photos: z.array(z.object({ id: z.number().int(), url: z.string(), shown: z.boolean(), createdAt: z.string() })),
  sponsorships: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(SPONSORSHIP_STATUSES),
      sponsorName: z.string().nullable(),
      startedAt: z.string().nullable(),
      heldUntil: z.string(),
      /** How the sponsor pays (null before the start) and, by transfer, the gift's permanent reference (decision 0054). */
      paymentMethod: sponsorPaymentMethodSchema.nullable().default(null),
      transferReference: z.string().nullable().default(null),
    }),
  ),
});
export type StaffChildDetail = z.infer<typeof staffChildDetailSchema>;

export const staffChildListSchema = z.object({ children: z.array(staffChildSchema) });

/**
 * "Mi ahijado/a": the signed-in sponsor's children. An active sponsorship shows the child as a sponsor sees
 * them; a place held while its first payment is on its way (up to the transfer's days, unpaid) only as the
 * public sees them: whoever holds a place is not yet the child's sponsor (no birthday month, no birthday gift).
 */
const mySponsorshipBase = {
  id: z.number().int(),
  /** The sponsorship's own monthly amount (kept from its hold, whatever the settings say now). */
  monthlyAmount: z.number(),
};
export const mySponsorshipsSchema = z.object({
  sponsorships: z.array(
    z.discriminatedUnion('status', [
      z.object({ ...mySponsorshipBase, status: z.literal('active'), child: sponsorChildSchema, birthdayGift: birthdayGiftWindowSchema }),
      z.object({
        ...mySponsorshipBase,
        status: z.literal('held'),
        child: publicChildSchema,
        /** Until when the place waits for the first payment; how it comes; by transfer, the reference to write. */
        heldUntil: z.string(),
        paymentMethod: sponsorPaymentMethodSchema,
        transferReference: z.string().nullable(),
      }),
    ]),
  ),
  /**
   * Sponsorships that ended (decision 0073): the sponsor's own record of them, their dates and how they
   * ended, and the way to their letters. Of the child only the first name: a former sponsor is no longer
   * shown the child as a sponsor is (no photo, age, story nor birthday month).
   */
  past: z.array(
    z.object({
      id: z.number().int(),
      childFirstName: CHILD_FIELDS.firstName.schema,
      startedAt: z.string().nullable(),
      endedAt: z.string().nullable(),
      endReason: z.enum(SPONSORSHIP_END_REASONS).nullable(),
    }),
  ),
});
export type MySponsorships = z.infer<typeof mySponsorshipsSchema>;
