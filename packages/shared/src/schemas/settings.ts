// System and organisation settings (docs/product.md#limits-and-constants, #validation-rules, #figures).
import { z } from 'zod';
import { DEFAULT_MAX_DONATION, DEFAULT_MIN_DONATION, DEFAULT_NEXT_LEVEL_THRESHOLD, DEFAULT_PENDING_EXPIRY_DAYS } from '../constants';
import { validationMessages } from '../messages/validation';
import { hasAtMostTwoDecimals } from './fields';
import { typedAmount } from './typed-amount';

const v = validationMessages;

/** Quetzales per unit of impact: from one cent, and never so small that a total divided by it overflows. */
const impactFactor = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? v.impactFactorRequired : v.impactFactorRange) })
  .min(0.01, { error: v.impactFactorRange })
  .max(1_000_000, { error: v.impactFactorRange })
  .refine(hasAtMostTwoDecimals, { error: v.amountDecimals });
/** As staff type it in a text field (`1,500.50`), read as every typed amount (decision 0074). */
const typedImpactFactor = typedAmount(impactFactor, v.impactFactorRequired, v.impactFactorRange);

const positiveInt = z.number({ error: v.integerMin1 }).int({ error: v.integerMin1 }).min(1, { error: v.integerMin1 });

export const systemSettingsSchema = z
  .object({
    system_name: z.string({ error: v.systemNameRequired }).trim().min(1, { error: v.systemNameRequired }).max(120),
    contact_email: z
      .string({ error: v.contactEmailRequired })
      .trim()
      .min(1, { error: v.contactEmailRequired })
      .pipe(z.email({ error: v.emailInvalid })),
    maintenance_mode: z.boolean(),
    min_donation_amount: positiveInt.max(1_000_000, { error: v.integerMin1 }),
    max_donation_amount: positiveInt.max(10_000_000, { error: v.integerMin1 }),
    pending_expiry_days: positiveInt.max(365).default(DEFAULT_PENDING_EXPIRY_DAYS),
    /** The public checkout asks which programme the gift goes to (docs/product.md#designation). */
    checkout_programs: z.boolean().default(false),
  })
  .refine((s) => s.min_donation_amount <= s.max_donation_amount, { path: ['min_donation_amount'], error: v.minNotAboveMax });
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const organizationSettingsSchema = z.object({
  name: z.string().trim().min(1, { error: 'El nombre de la organización es requerido' }).max(120),
  description: z.string().trim().min(1, { error: 'La descripción es requerida' }).max(2000),
  phone: z.string().trim().min(1, { error: 'El teléfono es requerido' }).max(40),
  email: z.string().trim().pipe(z.email({ error: v.emailInvalid })),
  address: z.string().trim().max(255).default(''),
  /** Home page figures stored as data (docs/product.md#figures). */
  children_per_year: z.number().int().min(0).max(10_000_000),
  schools_benefited: z.number().int().min(0).max(100_000),
  scholarships: z.number().int().min(0).max(100_000),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** Conversion factors of the impact figures: quetzales of completed donations per unit (the stored settings and the answers). */
export const impactSettingsSchema = z.object({
  quetzales_per_child: impactFactor,
  quetzales_per_meal: impactFactor,
  quetzales_per_scholarship: impactFactor,
  quetzales_per_evangelism_hour: impactFactor,
});
export type ImpactSettings = z.infer<typeof impactSettingsSchema>;
/** `PUT /admin/impact` and its form: each factor a number or the text typed. */
export const impactSettingsFormSchema = z.object({
  quetzales_per_child: typedImpactFactor,
  quetzales_per_meal: typedImpactFactor,
  quetzales_per_scholarship: typedImpactFactor,
  quetzales_per_evangelism_hour: typedImpactFactor,
});

const threshold = z
  .number({ error: v.levelThresholdRequired })
  .min(0, { error: v.levelThresholdRange })
  .max(100_000_000, { error: v.levelThresholdRange })
  .refine(hasAtMostTwoDecimals, { error: v.amountDecimals });
const ascending = (levels: { threshold: number }[]) => levels.every((l, i) => i === 0 || l.threshold > levels[i - 1].threshold);
const inOrder = { error: 'Los umbrales deben ir en orden creciente' };
const name = z.string({ error: v.levelNameRequired }).trim().min(1, { error: v.levelNameRequired }).max(60, { error: v.levelNameMax });
export const levelSettingsSchema = z.object({ levels: z.array(z.object({ name, threshold })).min(1).max(20).refine(ascending, inOrder) });
/** `PUT /admin/levels` and its form: each threshold a number or the text typed (decision 0074). */
export const levelSettingsFormSchema = z.object({
  levels: z
    .array(z.object({ name, threshold: typedAmount(threshold, v.levelThresholdRequired, v.levelThresholdRange) }))
    .min(1)
    .max(20)
    .refine(ascending, inOrder),
});
export type LevelSettings = z.infer<typeof levelSettingsSchema>;

export const DEFAULT_SETTINGS = {
  system: {
    system_name: 'Plataforma de Donaciones',
    contact_email: 'contacto@ejemplo.org',
    maintenance_mode: false,
    min_donation_amount: DEFAULT_MIN_DONATION,
    max_donation_amount: DEFAULT_MAX_DONATION,
    pending_expiry_days: DEFAULT_PENDING_EXPIRY_DAYS,
    checkout_programs: false,
  } satisfies SystemSettings,
  organization: {
    name: 'Fundación Manos de Guatemala',
    description:
      'Acompañamos a niñas, niños y adolescentes de escasos recursos en Guatemala con alimentación escolar, formación en valores y oportunidades para seguir estudiando.',
    phone: '+502 2200 0000',
    email: 'contacto@ejemplo.org',
    address: 'Ciudad de Guatemala, Guatemala',
    children_per_year: 500,
    schools_benefited: 3,
    scholarships: 0,
  } satisfies OrganizationSettings,
  impact: {
    quetzales_per_child: 150,
    quetzales_per_meal: 5,
    quetzales_per_scholarship: 3000,
    quetzales_per_evangelism_hour: 50,
  } satisfies ImpactSettings,
  /** The first milestone after joining is the default of Q3000 (docs/product.md#limits-and-constants). */
  levels: {
    levels: [
      // Named for a growing tree, never for a person, so no level has a gender.
      { name: 'Semilla', threshold: 0 },
      { name: 'Brote', threshold: DEFAULT_NEXT_LEVEL_THRESHOLD },
      { name: 'Árbol', threshold: 10_000 },
      { name: 'Bosque', threshold: 25_000 },
    ],
  } satisfies LevelSettings,
};
