// Two-step sign-in and sessions (docs/product.md#accounts-and-sessions): requests and answers shared
// by the API routes, the web forms and the OpenAPI document.
import { z } from 'zod';
import { twoStepMessages as m } from '../messages/two-step';
import { tokenPairSchema } from './auth';

/** Six digits of an authenticator app, or a recovery code `abcde-12345` (dash, spaces and case ignored). */
export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

export const secondStepCodeField = z
  .string({ error: m.codeFormat })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .refine((v) => TOTP_CODE.test(v) || RECOVERY_CODE.test(v), { error: m.codeFormat });

export const totpCodeField = z
  .string({ error: m.totpCodeFormat })
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => TOTP_CODE.test(v), { error: m.totpCodeFormat });

const challengeToken = z.string({ error: m.challengeInvalid }).min(20, { error: m.challengeInvalid }).max(200, { error: m.challengeInvalid });

export const SECOND_STEP_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/**
 * /auth/login: the tokens, or the step still missing (a code or passkey, or enrolling an authenticator app).
 * `methods` lists what the account can use now: `recovery` only while it has unused recovery codes.
 */
export const loginAnswerSchema = z.union([
  tokenPairSchema,
  z.object({ second_step: z.object({ token: z.string(), methods: z.array(z.enum(SECOND_STEP_METHODS)) }) }),
  z.object({ enrolment_required: z.object({ token: z.string() }) }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const secondStepCodeSchema = z.object({ token: challengeToken, code: secondStepCodeField });
export const challengeTokenSchema = z.object({ token: challengeToken });
export const enrolConfirmSchema = z.object({ token: challengeToken, code: totpCodeField });

export const totpSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg_data_url: z.string() });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export const enrolledSignInSchema = tokenPairSchema.extend({ recovery_codes: z.array(z.string()) });

export const confirmTotpSchema = z.object({ code: totpCodeField });
export const passwordConfirmSchema = z.object({ password: z.string({ error: 'Escribe tu contraseña actual.' }).min(1, { error: 'Escribe tu contraseña actual.' }).max(200) });

/** WebAuthn options and answers pass through as JSON objects (checked by the WebAuthn library). */
const webauthnJson = z.record(z.string(), z.unknown());
export const passkeyOptionsRequestSchema = z.object({ token: challengeToken.optional() });
export const passkeyOptionsSchema = z.object({ challenge_id: z.string().uuid(), options: webauthnJson });
export const passkeyVerifySchema = z.object({ challenge_id: z.string().uuid({ error: m.passkeyInvalid }), response: webauthnJson });
export const passkeyRegisterSchema = passkeyVerifySchema.extend({
  name: z.string({ error: m.passkeyNameRequired }).trim().min(1, { error: m.passkeyNameRequired }).max(60, { error: m.passkeyNameRequired }),
});

export const passkeySchema = z.object({ id: z.number(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() });

export const accountSecuritySchema = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number(),
  passkeys: z.array(passkeySchema),
  /** The policy asks this account for a second step (staff, by the setting or in production). */
  second_step_required: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

export const sessionViewSchema = z.object({
  id: z.string(),
  device: z.string(),
  place: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
  sign_in_method: z.string().nullable(),
});
export const sessionListSchema = z.object({ sessions: z.array(sessionViewSchema) });
export type SessionView = z.infer<typeof sessionViewSchema>;

export const staffSecurityRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  last_login_at: z.string().nullable(),
  totp_enabled: z.boolean(),
  passkeys: z.number(),
  open_sessions: z.number(),
});
export const staffSecurityListSchema = z.object({ staff: z.array(staffSecurityRowSchema) });
export type StaffSecurityRow = z.infer<typeof staffSecurityRowSchema>;

export const securityPolicySchema = z.object({
  staff_second_step_required: z.boolean(),
  /** Roles for which the rule cannot be turned off here (ADMIN and FINANCE in production). */
  always_required_for: z.array(z.string()),
});
export const securityPolicyUpdateSchema = z.object({ staff_second_step_required: z.boolean({ error: 'Indica si el segundo paso es obligatorio (sí o no).' }) });
