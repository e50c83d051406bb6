// The signed-in user's own profile, preferences and password change (docs/product.md#accounts-and-sessions,
// #validation-rules).
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants';
import { newPasswordField } from './auth';
import { isValidPhone, personName } from './fields';
import { validationMessages } from '../messages/validation';
import { taxIdMessages } from '../messages/tax-id';
import { TAX_ID_TYPED_MAX_LENGTH, parseTaxIdFormat } from '../tax-id';

const v = validationMessages;

export const ADDRESS_MAX_LENGTH = 255;
export const FAVORITE_CAUSE_MAX_LENGTH = 100;

/** An empty text means "none": stored as null. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((s) => (s ? s : null));

export const profileSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    /** NIT (`1234567-8`) or CUI (13 digits) for receipts; prefills the donate form (docs/product.md#validation-rules). */
    nit: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileSchema = z.object({
  first_name: personName(
    z
      .string({ error: v.firstNameRequired })
      .trim()
      .min(1, { error: v.firstNameRequired })
      .min(2, { error: v.nameMin })
      .max(NAME_MAX_LENGTH, { error: v.nameMax }),
  ),
  last_name: personName(
    z
      .string({ error: v.lastNameRequired })
      .trim()
      .min(1, { error: v.lastNameRequired })
      .min(2, { error: v.lastNameMin })
      .max(NAME_MAX_LENGTH, { error: v.lastNameMax }),
  ),
  phone: z
    .string({ error: v.phoneInvalid })
    .trim()
    .nullish()
    .refine((p) => !p || isValidPhone(p), { error: v.phoneInvalid })
    .transform((p) => (p ? p : null)),
  address: optionalText(ADDRESS_MAX_LENGTH, v.addressMax),
  /** NIT or CUI, checked with its check digit and normalised; blank or CF clears it. Not sent: kept. */
  nit: z
    .string({ error: taxIdMessages.nitFormat })
    .max(TAX_ID_TYPED_MAX_LENGTH, { error: taxIdMessages.tooLong, abort: true })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parsed = parseTaxIdFormat(value ?? '');
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      return parsed.kind === 'cf' ? null : parsed.value;
    }),
  /** The email is shown read-only; sending a different one is refused (docs/product.md#validation-rules). */
  email: z.string().trim().max(254).optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** Only what the platform really sends: there is no SMS and no monthly report (docs/product.md#accounts-and-sessions). */
export const communicationPreferencesSchema = z.object({
  email_notifications: z.boolean(),
});

export const privacySettingsSchema = z.object({
  /** docs/product.md#donor-privacy: when true, public pages show this donor's full name; the email stays masked whatever it says. */
  show_donations_publicly: z.boolean(),
  allow_contact: z.boolean(),
});

export const preferencesSchema = z
  .object({
    favorite_cause: z.string().nullable(),
    communication_preferences: communicationPreferencesSchema,
    privacy_settings: privacySettingsSchema,
  })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof preferencesSchema>;

/** Every part is optional: what is not sent keeps its stored value. */
export const updatePreferencesSchema = z.object({
  favorite_cause: optionalText(FAVORITE_CAUSE_MAX_LENGTH, v.favoriteCauseMax).optional(),
  communication_preferences: communicationPreferencesSchema.partial().optional(),
  privacy_settings: privacySettingsSchema.partial().optional(),
});
export type UpdatePreferencesInput = z.input<typeof updatePreferencesSchema>;

/** The API body of POST /user/change-password (docs/product.md#accounts-and-sessions); the confirmation is optional there. */
export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: v.currentPasswordRequired }).min(1, { error: v.currentPasswordRequired }).max(128),
    new_password: newPasswordField,
    confirm_password: z.string().max(128).optional(),
  })
  .refine((d) => d.confirm_password === undefined || d.confirm_password === d.new_password, {
    path: ['confirm_password'],
    error: v.newPasswordsMismatch,
  })
  .refine((d) => d.current_password !== d.new_password, { path: ['new_password'], error: v.newPasswordSameAsCurrent });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The change-password modal's form: the confirmation is required there. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, { error: v.currentPasswordRequired }),
    new_password: newPasswordField,
    confirm_password: z.string().min(1, { error: v.confirmRequired }),
  })
  .refine((d) => d.confirm_password === d.new_password, { path: ['confirm_password'], error: v.newPasswordsMismatch });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
