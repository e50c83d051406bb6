// The donation ledger's service view (SPEC.md §3 Donation, §5 Service donation; DECISIONS.md D4).
import { z } from 'zod';
import {
  DONATION_STATUSES,
  DONATION_TYPES,
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  SERVICE_MAX_AMOUNT,
  SERVICE_MIN_AMOUNT,
} from '../constants';
import { messages } from '../messages';

const v = messages.validation;

/** A money amount in quetzales with at most two decimals. */
export const amountField = z
  .number({ error: v.amountPositive })
  .finite({ error: v.amountPositive })
  .positive({ error: v.amountPositive })
  .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), { error: 'El monto admite como máximo dos decimales' });

export const createDonationSchema = z
  .object({
    donor_name: z.string({ error: v.donorNameRequired }).trim().min(1, { error: v.donorNameRequired }).max(120),
    donor_email: z
      .string({ error: v.donorEmailRequired })
      .trim()
      .min(1, { error: v.donorEmailRequired })
      .max(254)
      .pipe(z.email({ error: v.donorEmailInvalid }))
      .transform((e) => e.toLowerCase()),
    amount: amountField,
    currency: z
      .string({ error: v.currencyRequired })
      .trim()
      .min(1, { error: v.currencyRequired })
      .regex(/^[A-Za-z]{3}$/, { error: 'Currency must be a 3-letter code' })
      .transform((c) => c.toUpperCase())
      .default('GTQ'),
    donation_type: z.enum(DONATION_TYPES, { error: v.typeInvalid }).default('monetary'),
    description: z.string().trim().max(1000).optional().nullable(),
  })
  .superRefine((d, ctx) => {
    if (d.amount < SERVICE_MIN_AMOUNT) ctx.addIssue({ code: 'custom', path: ['amount'], message: v.amountMin(d.currency) });
    if (d.amount > SERVICE_MAX_AMOUNT) ctx.addIssue({ code: 'custom', path: ['amount'], message: v.amountMax(d.currency) });
  });
export type CreateDonationInput = z.input<typeof createDonationSchema>;

export const donationSchema = z
  .object({
    id: z.number().int(),
    donor_name: z.string(),
    donor_email: z.string(),
    amount: z.number(),
    currency: z.string(),
    donation_type: z.enum(DONATION_TYPES),
    status: z.enum(DONATION_STATUSES),
    description: z.string().nullable(),
    reference_code: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Donation' });
export type Donation = z.infer<typeof donationSchema>;

export const listDonationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  status: z.enum(DONATION_STATUSES).optional(),
  donation_type: z.enum(DONATION_TYPES).optional(),
  donor_email: z.string().trim().max(254).optional(),
});
export type ListDonationsQuery = z.input<typeof listDonationsQuerySchema>;

export const donationListSchema = z.object({
  donations: z.array(donationSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type DonationList = z.infer<typeof donationListSchema>;

export const donationStatsSchema = z.object({
  total_amount_completed: z.number(),
  total_amount_pending: z.number(),
  count_completed: z.number().int(),
  count_pending: z.number().int(),
  count_failed: z.number().int(),
  success_rate: z.number(),
});
export type DonationStats = z.infer<typeof donationStatsSchema>;
