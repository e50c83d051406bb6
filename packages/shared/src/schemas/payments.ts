// Staff settings of card payments (docs/product.md#payments): the processing fee a donor may choose
// to cover, and the quetzal value of a dollar used for donations in USD.
import { z } from 'zod';
import { boundedDate } from './fields';

/** How a donor pays: by card (through the payment provider) or by bank deposit (docs/product.md#bank-deposits). */
export const PAYMENT_METHODS = ['card', 'bank_deposit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_CURRENCIES = ['GTQ', 'USD'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];
/** A stored or typed currency code as a payment currency: dollars when it says USD, quetzales otherwise (the default). */
export const paymentCurrency = (code: unknown): PaymentCurrency => (code === 'USD' ? 'USD' : 'GTQ');

/** The card providers a deployment runs with (PAYMENT_PROVIDER): the offline demo's, or the gateway. */
export const PAYMENT_PROVIDERS = ['simulated', 'recurrente'] as const;
export type CardProviderName = (typeof PAYMENT_PROVIDERS)[number];
/**
 * How each card provider takes the card: on the gateway's own checkout page (`hosted`), or with card
 * fields on /donate that charge nothing real (`demo`, the offline demo). Screens ask `hostedCheckout`
 * and `demoProvider`, never a provider's name.
 */
const CARD_PROVIDER_CHECKOUT: Record<CardProviderName, 'hosted' | 'demo'> = { simulated: 'demo', recurrente: 'hosted' };
const checkoutOf = (provider: string | null | undefined) => (provider ? (CARD_PROVIDER_CHECKOUT as Record<string, 'hosted' | 'demo' | undefined>)[provider] : undefined);
/** True when the donor pays on the provider's own checkout page (no card field on our pages). */
export const hostedCheckout = (provider: string | null | undefined): boolean => checkoutOf(provider) === 'hosted';
/** True for the offline demo's provider, which charges nothing real. */
export const demoProvider = (provider: string | null | undefined): boolean => checkoutOf(provider) === 'demo';

/** Every provider a donation may name in `payment_provider`: a card provider, or the bank deposit. */
export const DONATION_PROVIDERS = [...PAYMENT_PROVIDERS, 'deposit'] as const;
export type PaymentProviderName = (typeof DONATION_PROVIDERS)[number];

/**
 * Why staff must look at a payment the provider reported: money that completed nothing (a wrong amount
 * or currency, a checkout never opened here) or a second payment of a donation already settled.
 */
export const PAYMENT_PROBLEMS = ['amount_mismatch', 'unknown_checkout', 'duplicate_payment'] as const;
export type PaymentProblem = (typeof PAYMENT_PROBLEMS)[number];

export const paymentSettingsSchema = z.object({
  /** The provider's fee, in percent of the amount charged (Recurrente's example: 4.5). */
  fee_percent: z.number().min(0).max(20),
  /** IVA charged on that fee, in percent (12 in Guatemala). */
  fee_vat_percent: z.number().min(0).max(50),
  /** Quetzales per US dollar, and the date staff took the rate from. */
  usd_exchange_rate: z.number().min(0.01).max(1000),
  usd_exchange_rate_date: boundedDate(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  fee_percent: 4.5,
  fee_vat_percent: 12,
  usd_exchange_rate: 7.7,
  usd_exchange_rate_date: '2026-01-01',
};

/**
 * The amount to charge so that, after the fee (and its IVA) on that amount, the charity keeps the
 * whole gift: gross = ceil(gift / (1 - rate)). Integer cents in and out.
 */
export function coverFeesCents(giftCents: number, settings: Pick<PaymentSettings, 'fee_percent' | 'fee_vat_percent'>): { grossCents: number; feeCents: number } {
  const rate = (settings.fee_percent / 100) * (1 + settings.fee_vat_percent / 100);
  const grossCents = rate > 0 && rate < 1 ? Math.ceil(Math.round((giftCents / (1 - rate)) * 1e6) / 1e6) : giftCents;
  return { grossCents, feeCents: grossCents - giftCents };
}

/** Quetzal cents of an amount in another currency, at `rate` quetzales per unit. */
export function toQuetzalCents(cents: number, currency: PaymentCurrency, rate: number): number {
  return currency === 'GTQ' ? cents : Math.round(cents * rate);
}

/** A gift's minimum and maximum, in units of its currency. */
export interface AmountBounds {
  min: number;
  max: number;
}

/**
 * The bounds staff set (quetzales) in `currency`, to the cent, as the API compares a gift in another
 * currency: the smallest amount whose quetzal value at `rate` reaches the minimum and the largest
 * whose value stays within the maximum. Used by /donate and by a monthly gift's "Cambiar monto".
 */
export function boundsIn(bounds: AmountBounds, currency: PaymentCurrency, rate: number): AmountBounds {
  if (currency === 'GTQ') return bounds;
  const minQ = Math.round(bounds.min * 100);
  const maxQ = Math.round(bounds.max * 100);
  let min = Math.max(1, Math.ceil(minQ / rate));
  while (min > 1 && toQuetzalCents(min - 1, currency, rate) >= minQ) min -= 1;
  while (toQuetzalCents(min, currency, rate) < minQ) min += 1;
  let max = Math.floor(maxQ / rate);
  while (toQuetzalCents(max + 1, currency, rate) <= maxQ) max += 1;
  while (max > 0 && toQuetzalCents(max, currency, rate) > maxQ) max -= 1;
  return { min: min / 100, max: max / 100 };
}

export const REFERENCE_PATTERN = /^#MG\d{8}$/;

/** `GET /donate/status?ref=`: what the return page shows of one donation (nothing about the donor). */
export const donationPaymentStatusSchema = z
  .object({
    reference_code: z.string(),
    status: z.enum(['pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded', 'voided']),
    amount: z.number(),
    currency: z.string(),
    covered_fee: z.number(),
    payment_provider: z.string().nullable(),
    payment_method: z.string().nullable(),
    card_last4: z.string().nullable(),
    card_network: z.string().nullable(),
    failure_reason: z.string().nullable(),
    receipt_number: z.number().int().nullable(),
    /** The receipt's series ('A'), printed with its number ('A-000303'); null without a receipt. */
    receipt_series: z.string().nullable(),
    /** The open checkout, while the donation can still be paid there. */
    checkout_url: z.string().nullable(),
  })
  .meta({ id: 'DonationPaymentStatus' });
export type DonationPaymentStatus = z.infer<typeof donationPaymentStatusSchema>;

export const REFUND_REASON_MAX_LENGTH = 500;

/** A provider's event as staff see it; `problem` with the payment's amount when it needs them. */
export const paymentEventSchema = z
  .object({
    id: z.number().int(),
    event_id: z.string(),
    event_type: z.string(),
    received_at: z.string(),
    processed_at: z.string().nullable(),
    error: z.string().nullable(),
    payment_id: z.string().nullable(),
    amount: z.number().nullable(),
    currency: z.string().nullable(),
    problem: z.enum(PAYMENT_PROBLEMS).nullable(),
    /** A duplicate payment staff can refund with one click (not refunded yet, through the provider). */
    refundable: z.boolean(),
    refunded_at: z.string().nullable(),
  })
  .meta({ id: 'PaymentEvent' });
export type PaymentEventView = z.infer<typeof paymentEventSchema>;

/** Payments that need staff, newest first (the admin's list). */
export const paymentProblemSchema = paymentEventSchema
  .extend({ donation_id: z.number().int().nullable(), reference_code: z.string().nullable() })
  .meta({ id: 'PaymentProblem' });
export type PaymentProblemView = z.infer<typeof paymentProblemSchema>;

/** The payment of one donation as staff see it (admin donation detail). */
export const adminDonationPaymentSchema = z
  .object({
    id: z.number().int(),
    reference_code: z.string(),
    status: z.string(),
    payment_provider: z.string().nullable(),
    payment_method: z.string().nullable(),
    checkout_id: z.string().nullable(),
    payment_id: z.string().nullable(),
    card_network: z.string().nullable(),
    card_last4: z.string().nullable(),
    currency: z.string(),
    amount: z.number(),
    covered_fee: z.number(),
    fee: z.number().nullable(),
    vat_withheld: z.number().nullable(),
    net: z.number().nullable(),
    gtq_amount: z.number().nullable(),
    exchange_rate: z.number().nullable(),
    exchange_rate_date: z.string().nullable(),
    failure_reason: z.string().nullable(),
    refunded_at: z.string().nullable(),
    refund_reason: z.string().nullable(),
    /** Staff confirm it by hand (Aprobar/Rechazar): not charged through a card provider. */
    manual_review: z.boolean(),
    refundable: z.boolean(),
    /** Why a completed card gift cannot be refunded from this screen (the Reembolsar button is then absent); null otherwise. */
    refund_unavailable: z.string().nullable(),
    /** A gift the office entered (docs/product.md#staff-gift-entry): the day it arrived and its method's details. */
    entry: z
      .object({
        received_on: z.string(),
        reference: z.string().nullable(),
        cheque_number: z.string().nullable(),
        cheque_bank: z.string().nullable(),
        in_kind_description: z.string().nullable(),
        valuation_basis: z.string().nullable(),
      })
      .nullable(),
    events: z.array(paymentEventSchema),
  })
  .meta({ id: 'AdminDonationPayment' });
export type AdminDonationPayment = z.infer<typeof adminDonationPaymentSchema>;
