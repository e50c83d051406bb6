// The web pages the donor's emails link to, and the calendar of a monthly gift's charges. They live
// with the ledger because its completion step writes those emails (./completion.ts); payments and
// monthly use them from here.
import { addMonthsInGuatemala, guatemalaDayOfMonth, isLastDayOfMonth } from '@donaciones/shared/billing-calendar';
import type { SignedLinks } from '../../platform/signed-links';

/** What the emails' links need: the public URL and the signer of the no-login links (decision 0022). */
export interface LinkContext {
  links: SignedLinks;
  publicUrl: string;
}

/** The web's return page after paying; its path is also in apps/web/src/lib/paths.ts. */
export const RETURN_PATH = '/donate/resultado';
/** The web's "Mi ahijado/a" (apps/web's paths.donorSponsorships), which sponsorship emails link to. */
export const MY_CHILD_PATH = '/donor/ahijado';
/** A sponsor's letters with the child of one sponsorship (apps/web's paths.sponsorLetters). */
export const sponsorLettersPath = (sponsorshipId: number) => `${MY_CHILD_PATH}/${sponsorshipId}/cartas`;
/** The web page the monthly emails' link opens; its path is also in apps/web. */
export const MANAGE_PATH = '/donacion-mensual';

export function returnUrl(publicUrl: string, reference: string, cancelled = false): string {
  return `${publicUrl}${RETURN_PATH}?ref=${encodeURIComponent(reference)}${cancelled ? '&cancelado=1' : ''}`;
}

export async function manageUrl(ctx: LinkContext, giftId: number): Promise<string> {
  const token = await ctx.links.sign({ purpose: 'monthly-gift', subject: giftId });
  return `${ctx.publicUrl}${MANAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The same calendar day in Guatemala `months` later (or earlier), at the same time; `day` (the day of
 * the month, `from`'s own by default) becomes the month's last day in a shorter month.
 */
export const addMonth = addMonthsInGuatemala;

/**
 * The day of the month a gift's charges fall on, when it is known: the day it started in Guatemala,
 * for a gift charged from its first payment (a gift started at 8 p.m. on the 28th is charged on the
 * 28th, though in UTC it started on the 29th). A gift that replaced another (a trial in whole weeks)
 * or came from an import started on another day than it is charged: null, its dates keep their own day.
 */
export function ownBillingDay(gift: { startedAt: Date | null; replacesGiftId: number | null; importId: number | null }, firstCharge?: Date): number | null {
  const started = gift.startedAt ?? firstCharge;
  return started && gift.replacesGiftId == null && gift.importId == null ? guatemalaDayOfMonth(started) : null;
}

/**
 * A monthly gift's billing day `months` after (or before) `from`, one of its billing days. The gift
 * keeps its own day of the month (ownBillingDay): a gift started on the 31st is charged on
 * 28 February and again on 31 March, not on the 28th from then on. Only a month's last day, shorter
 * than the gift's own day, goes back to it; any other day is kept as it is. Days are Guatemala's.
 */
export function billingDayAfter(from: Date, months: number, ownDay: number | null): Date {
  const day = guatemalaDayOfMonth(from);
  return addMonth(from, months, isLastDayOfMonth(from) && ownDay != null && ownDay > day ? ownDay : day);
}
