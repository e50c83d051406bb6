// The web pages the donor's emails link to, and the calendar of a monthly gift's charges. They live
// with the ledger because its completion step writes those emails (./completion.ts); payments and
// monthly use them from here.
import type { SignedLinks } from '../../platform/signed-links';

/** What the emails' links need: the public URL and the signer of the no-login links (decision 0022). */
export interface LinkContext {
  links: SignedLinks;
  publicUrl: string;
}

/** The web's return page after paying; its path is also in apps/web/src/lib/paths.ts. */
export const RETURN_PATH = '/donate/resultado';
/** The web page the monthly emails' link opens; its path is also in apps/web. */
export const MANAGE_PATH = '/donacion-mensual';

export function returnUrl(publicUrl: string, reference: string, cancelled = false): string {
  return `${publicUrl}${RETURN_PATH}?ref=${encodeURIComponent(reference)}${cancelled ? '&cancelado=1' : ''}`;
}

export async function manageUrl(ctx: LinkContext, giftId: number): Promise<string> {
  const token = await ctx.links.sign({ purpose: 'monthly-gift', subject: giftId });
  return `${ctx.publicUrl}${MANAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/** The same calendar day one month later (the 31st becomes the month's last day), at the same time. */
export function addMonth(from: Date, months = 1): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(from.getUTCDate(), last), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds()));
}
