// Labels of the report's trend buckets (a day, a week starting Monday, or a month).
import { formatDay, formatMonth } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { Analytics } from '@donaciones/shared/schemas/admin';

export function trendLabel(date: string, granularity: Analytics['granularity'], short = false): string {
  if (granularity === 'month') return formatMonth(date.slice(0, 7), short ? 'short' : 'long');
  const [, m, d] = date.split('-');
  if (short) return `${d}/${m}`;
  return granularity === 'week' ? `${adminMessages.reports.weekOf} ${formatDay(date)}` : formatDay(date);
}
