// The monthly giving figures of the reports and the admin dashboard (docs/product.md#reports-and-exports,
// #monthly-giving): defined in apps/api/src/domain/monthly/figures.ts. Amounts are quetzales (a dollar
// gift by its quetzal equivalent at the staff rate), percentages one decimal.
import { z } from 'zod';

const monthFigures = z.object({
  /** 'YYYY-MM' in America/Guatemala. */
  month: z.string(),
  active_at_start: z.number().int(),
  new_gifts: z.number().int(),
  cancelled_gifts: z.number().int(),
  /** cancelled_gifts / active_at_start x 100. */
  churn_rate: z.number(),
  /** Active gifts and donors, and their monthly recurring amount, at the end of the month (the month in course: now). */
  active_gifts: z.number().int(),
  active_donors: z.number().int(),
  mrr: z.number(),
  failed_renewals: z.number().int(),
});

export const monthlyGivingReportSchema = z.object({
  /** Now. */
  active_donors: z.number().int(),
  active_gifts: z.number().int(),
  mrr: z.number(),
  /** At the start of the period, and the change from it to now. */
  mrr_at_start: z.number(),
  mrr_change_percentage: z.number(),
  /** Within the period. */
  new_gifts: z.number().int(),
  cancelled_gifts: z.number().int(),
  churn_rate: z.number(),
  failed_renewals: z.number().int(),
  /** The twelve calendar months to date, oldest first, whatever the period. */
  months: z.array(monthFigures),
});
export type MonthlyGivingReport = z.infer<typeof monthlyGivingReportSchema>;

/** The admin dashboard's card: the monthly recurring amount now, against the end of the previous month. */
export const monthlyGivingCardSchema = z.object({
  active_donors: z.number().int(),
  active_gifts: z.number().int(),
  mrr: z.number(),
  previous_mrr: z.number(),
  mrr_change_percentage: z.number(),
});
export type MonthlyGivingCard = z.infer<typeof monthlyGivingCardSchema>;
