// The staff side of monthly giving (docs/product.md#monthly-giving): the console's list with its
// filters and pages, a gift's detail with its charges, and the cancellation on the donor's request
// (reason required). Money is integer cents; the amount filters are quetzales (a dollar gift by its
// quetzal equivalent at the staff rate), like every figure.
import { z } from 'zod';
import { monthlyAdminMessages } from '../messages/monthly-admin';
import { ADMIN_STATUS_VALUES } from './admin';
import { amountFilter, boundedDate } from './fields';
import { CANCEL_REASON_MAX_LENGTH, MONTHLY_CANCELLED_BY, MONTHLY_GIFT_STATUSES, monthlyGiftSchema } from './monthly';
import { SPONSORSHIP_STATUSES } from './sponsorship-codes';

const m = monthlyAdminMessages.validation;

export const ADMIN_MONTHLY_PAGE_SIZE = 20;

const amount = amountFilter(m.amountInvalid);

/** `GET /api/v1/admin/monthly-gifts?status&minAmount&maxAmount&since&page`. */
export const adminMonthlyGiftsQuerySchema = z
  .object({
    status: z.enum(MONTHLY_GIFT_STATUSES, { error: m.statusInvalid }).optional(),
    /** The monthly amount, in quetzales, at least / at most. */
    minAmount: amount,
    maxAmount: amount,
    /** Started on or after this Guatemala calendar day. */
    since: boundedDate().optional(),
    page: z.coerce.number({ error: m.pageInvalid }).int({ error: m.pageInvalid }).min(1, { error: m.pageInvalid }).max(100_000, { error: m.pageInvalid }).default(1),
  })
  .refine((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, {
    path: ['minAmount'],
    error: m.amountRange,
  });
export type AdminMonthlyGiftsQuery = z.input<typeof adminMonthlyGiftsQuerySchema>;

/**
 * A gift as staff see it in the list: the donor's own view (less the donor's "Reanudar ahora" date and the
 * sponsored child, which the gift's page shows to whoever may see it) plus who the donor is.
 */
export const adminMonthlyGiftSchema = monthlyGiftSchema
  .omit({ resumeChargeAt: true, sponsoredChildFirstName: true })
  .extend({
    donorName: z.string(),
    donorEmail: z.string(),
    provider: z.string(),
    cancelledBy: z.enum(MONTHLY_CANCELLED_BY).nullable(),
    /** A gift paid by bank transfer: the permanent reference the donor writes on each transfer (decision 0045). */
    transferReference: z.string().nullable(),
    /** A transfer gift whose expected transfer has not arrived a few days after its date ("Atrasado"). */
    overdue: z.boolean(),
  })
  .meta({ id: 'AdminMonthlyGift' });
export type AdminMonthlyGift = z.infer<typeof adminMonthlyGiftSchema>;

export const adminMonthlyGiftListSchema = z.object({
  gifts: z.array(adminMonthlyGiftSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMonthlyGiftList = z.infer<typeof adminMonthlyGiftListSchema>;

/** One charge of the gift: a ledger donation with its `recurring_gift_id`. */
export const monthlyChargeSchema = z.object({
  id: z.number().int(),
  referenceCode: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(ADMIN_STATUS_VALUES),
  createdAt: z.string(),
});
export type MonthlyCharge = z.infer<typeof monthlyChargeSchema>;

export const adminMonthlyGiftDetailSchema = adminMonthlyGiftSchema
  .extend({
    subscriptionId: z.string().nullable(),
    userId: z.number().int().nullable(),
    pastDueReason: z.string().nullable(),
    replacesGiftId: z.number().int().nullable(),
    createdAt: z.string(),
    /** Newest first. */
    charges: z.array(monthlyChargeSchema),
    /**
     * The sponsorship the gift pays, if any (decision 0054: by card or by transfer). Which child it is
     * (`childId`, `childFirstName`) only for staff who manage sponsorship; null for the rest of the
     * staff, who see that the gift is a sponsorship and its state, never who is sponsored.
     */
    sponsorship: z
      .object({ id: z.number().int(), childId: z.number().int().nullable(), childFirstName: z.string().nullable(), status: z.enum(SPONSORSHIP_STATUSES) })
      .nullable()
      .optional(),
  })
  .meta({ id: 'AdminMonthlyGiftDetail' });
export type AdminMonthlyGiftDetail = z.infer<typeof adminMonthlyGiftDetailSchema>;

/** `POST /api/v1/admin/monthly-gifts/:id/cancel`: the reason the donor gave, required and audited. */
export const staffCancelMonthlyGiftSchema = z.object(
  {
    reason: z
      .string({ error: m.reasonRequired })
      .trim()
      .min(1, { error: m.reasonRequired })
      .max(CANCEL_REASON_MAX_LENGTH, { error: m.reasonMax }),
  },
  { error: m.reasonRequired },
);
export type StaffCancelMonthlyGift = z.infer<typeof staffCancelMonthlyGiftSchema>;
