// Which gifts are known by their day alone (docs/product.md#staff-gift-entry, #imports).
import type { DonationRow } from './types';

/**
 * A gift the office entered (it has the day it arrived, `received_on`) or one imported from a
 * spreadsheet is dated by its day: its `created_at` holds that day's start (entry) or noon (import),
 * not the hour it was given. Screens show such a gift's date without an hour.
 */
export function isDatedByDay(row: Pick<DonationRow, 'receivedOn' | 'source'>): boolean {
  return row.receivedOn != null || row.source === 'import';
}
