// `GET /api/v1/public/site`: everything the public pages show, from the database (docs/product.md#figures).
import { z } from 'zod';
import { EVENT_TYPES } from '../constants';
import { publicBankAccountSchema } from './deposits';
import { PAYMENT_PROVIDERS } from './payments';

export const publicProgramSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  highlight_value: z.string(),
  highlight_label: z.string(),
  coming_soon: z.boolean(),
  goal_amount: z.number(),
  /** What its designated gifts raised; 0 while `coming_soon` (a programme not yet open shows no money). */
  current_amount: z.number(),
  /** 0-100, one decimal. */
  progress_percentage: z.number(),
});
export type PublicProgram = z.infer<typeof publicProgramSchema>;

export const publicEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  location: z.string().nullable(),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const publicSiteSchema = z
  .object({
    organization: z.object({
      name: z.string(),
      description: z.string(),
      phone: z.string(),
      email: z.string(),
      address: z.string(),
    }),
    /** The platform's name and support address (system settings), shown in the footer. */
    system: z.object({
      system_name: z.string(),
      contact_email: z.string(),
      maintenance_mode: z.boolean(),
      min_donation_amount: z.number(),
      max_donation_amount: z.number(),
      /** The checkout asks which programme the gift goes to (docs/product.md#designation). */
      checkout_programs: z.boolean(),
    }),
    stats: z.object({
      /** Completed donations (GTQ) of the current calendar month in America/Guatemala. */
      donated_this_month: z.number(),
      children_per_year: z.number().int(),
      schools_benefited: z.number().int(),
      scholarships: z.number().int(),
    }),
    /** Quetzales of a donation per unit of impact (docs/product.md#figures), for the checkout's impact list. */
    impact: z.object({
      quetzales_per_child: z.number(),
      quetzales_per_meal: z.number(),
      quetzales_per_scholarship: z.number(),
      quetzales_per_evangelism_hour: z.number(),
    }),
    /**
     * How card donations are charged (docs/product.md#payments): `simulated` (a demo, no money moves)
     * or a provider whose checkout page takes the card; the fee a donor may cover and the dollar rate.
     */
    payments: z.object({
      provider: z.enum(PAYMENT_PROVIDERS),
      fee_percent: z.number(),
      fee_vat_percent: z.number(),
      usd_exchange_rate: z.number(),
      usd_exchange_rate_date: z.string(),
    }),
    /** The organisation's visible bank accounts, for the deposit instructions (docs/product.md#bank-deposits); empty hides the method. */
    bank_accounts: z.array(publicBankAccountSchema),
    programs: z.array(publicProgramSchema),
    supporters: z.array(z.object({ id: z.number().int(), name: z.string() })),
    upcoming_events: z.array(publicEventSchema),
  })
  .meta({ id: 'PublicSite' });
export type PublicSite = z.infer<typeof publicSiteSchema>;
