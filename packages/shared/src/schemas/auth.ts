// Account and session schemas (docs/product.md#validation-rules).
import { z } from 'zod';
import { LOGIN_PASSWORD_MIN_LENGTH, NAME_MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants';
import { authMessages } from '../messages/auth';
import { validationMessages } from '../messages/validation';
import { emailField, personName } from './fields';

const v = validationMessages;

/** The password rule of registration, reset and change (docs/product.md#validation-rules). */
export const newPasswordField = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: v.passwordMin })
  .max(128, { error: 'La contraseña no puede tener más de 128 caracteres' })
  // Any letter of Spanish counts as a capital or a small one: Ñ, Á, é as well as A and e ('Ñandú2026').
  .regex(/(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\d)/u, { error: v.passwordComplexity });

export const registerSchema = z
  .object({
    name: personName(
      z
        .string({ error: v.nameRequired })
        .trim()
        .min(1, { error: v.nameRequired })
        .min(NAME_MIN_LENGTH, { error: v.nameMin })
        .max(NAME_MAX_LENGTH, { error: v.nameMax }),
    ),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string({ error: v.confirmRequired }).min(1, { error: v.confirmRequired }),
    acceptTerms: z.literal(true, { error: v.termsRequired }),
  })
  .refine((d) => d.password === d.confirmPassword, {
    path: ['confirmPassword'],
    error: v.passwordsMustMatch,
    // Also when other fields are still wrong, so the form shows the mismatch at once.
    when: (payload) => typeof (payload.value as { confirmPassword?: unknown })?.confirmPassword === 'string',
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: v.passwordRequired })
    .min(1, { error: v.passwordRequired })
    .min(LOGIN_PASSWORD_MIN_LENGTH, { error: v.loginPasswordMin })
    .max(128, { error: v.passwordRequired }),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: authMessages.resetInvalid })
      .min(10, { error: authMessages.resetInvalid })
      .max(200, { error: authMessages.resetInvalid }),
    password: newPasswordField,
    confirmPassword: z.string({ error: v.confirmRequired }).min(1, { error: v.confirmRequired }),
  })
  .refine((d) => d.password === d.confirmPassword, {
    path: ['confirmPassword'],
    error: v.passwordsMustMatch,
    when: (payload) => typeof (payload.value as { confirmPassword?: unknown })?.confirmPassword === 'string',
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** GET /auth/password-link: the token of an emailed reset or invitation link, checked without being spent. */
export const passwordLinkQuerySchema = z.object({
  token: z.string({ error: authMessages.resetInvalid }).min(10, { error: authMessages.resetInvalid }).max(200, { error: authMessages.resetInvalid }),
});

/** Whether the link can still set a password, and whether it is an invitation (the first password) or a reset; never the account. */
export const passwordLinkSchema = z
  .object({ usable: z.boolean(), kind: z.enum(['reset', 'invitation']).nullable() })
  .meta({ id: 'PasswordLink' });
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

export const refreshSchema = z
  .object({ refresh_token: z.string({ error: authMessages.refreshInvalid }).min(1).max(200, { error: authMessages.refreshInvalid }).optional() })
  // A browser posts no body at all (the cookie carries the token).
  .nullish();

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const meSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  first_name: z.string(),
  last_name: z.string(),
  email_verified: z.boolean(),
  /** The profile's NIT or CUI, prefilling the donate form. */
  nit: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;
