// The charge in parts, the same on every screen that shows the amount before and after paying (the
// details step's summary, the processing state, the success dialog, the payment result): the gift,
// then, when the donor covers the fee, the commission and its IVA, and the total. A dollar gift adds
// its quetzal value at the staff's reference rate and that rate's date (docs/product.md#payments).
import { formatCents, formatLongDay, formatMoney } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import type { ChargeBreakdown as Charge } from '@donaciones/shared/schemas/donate';
import { type PaymentSettings, toQuetzalCents } from '@donaciones/shared/schemas/payments';
import { cn } from '@/lib/cn';

const b = donateMessages.breakdown;

export interface ChargeBreakdownProps {
  charge: Charge;
  currency: string;
  /** Before paying "Total a cobrar", after "Total cobrado". */
  paid?: boolean;
  /** The reference rate, for a dollar gift's quetzal value; null when unknown. */
  rate?: Pick<PaymentSettings, 'usd_exchange_rate' | 'usd_exchange_rate_date'> | null;
  /** Appended to the amounts, e.g. " al mes". */
  suffix?: string;
  className?: string;
  testId?: string;
}

export function ChargeBreakdown({ charge, currency, paid = false, rate = null, suffix = '', className, testId = 'charge-breakdown' }: ChargeBreakdownProps) {
  const money = (cents: number) => `${formatCents(cents, currency)}${suffix}`;
  const rows =
    charge.feeCents > 0
      ? [
          { label: b.gift, value: money(charge.giftCents), key: 'gift' },
          { label: b.commission, value: `+ ${money(charge.commissionCents)}`, key: 'commission' },
          { label: b.vat, value: `+ ${money(charge.vatCents)}`, key: 'vat' },
        ]
      : [];
  return (
    <div className={className} data-testid={testId}>
      <dl className="text-sm">
        {rows.map((row) => (
          <div key={row.key} className="flex items-baseline justify-between gap-4 py-0.5" data-testid={`${testId}-${row.key}`}>
            <dt className="text-ink-600">{row.label}</dt>
            <dd className="font-semibold text-ink-800 tabular-nums">{row.value}</dd>
          </div>
        ))}
        <div className={cn('flex items-baseline justify-between gap-4', rows.length > 0 && 'mt-1 border-t border-sand-200 pt-1.5')} data-testid={`${testId}-total`}>
          <dt className="font-semibold text-ink-800">{rows.length > 0 ? (paid ? b.charged : b.toCharge) : b.gift}</dt>
          <dd className="font-bold text-ink-900 tabular-nums">{money(charge.chargedCents)}</dd>
        </div>
      </dl>
      {currency === 'USD' && rate && (
        <p className="mt-1.5 text-sm text-ink-600" data-testid={`${testId}-gtq`}>
          {donateMessages.quetzalEquivalent(
            formatCents(toQuetzalCents(charge.chargedCents, 'USD', rate.usd_exchange_rate)),
            formatMoney(rate.usd_exchange_rate),
            formatLongDay(rate.usd_exchange_rate_date),
          )}
        </p>
      )}
    </div>
  );
}
