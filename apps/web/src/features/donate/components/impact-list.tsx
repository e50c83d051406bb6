// What a donation makes possible, from the impact factors the organisation keeps as data (docs/product.md#figures):
// for the chosen amount when there is one, else what each unit costs. A monthly gift
// (docs/product.md#monthly-giving) speaks per month and per year: twelve times the amount, counted again.
// The factors are in quetzales: a dollar gift is counted by its quetzal value at the staff's reference
// rate, and says both amounts ("Con US$100.00 (unos Q770.00)").
import { BookHeart, GraduationCap, HandHeart, Utensils } from 'lucide-react';
import { formatMoney, formatNumber } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import type { DonationFrequency } from '@donaciones/shared/schemas/monthly';
import type { PaymentCurrency } from '@donaciones/shared/schemas/payments';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';

const d = donateMessages;
const m = monthlyMessages;

/** Months in a year of a monthly gift. */
const MONTHS_PER_YEAR = 12;

export interface ImpactListProps {
  amount: number;
  impact: PublicSite['impact'];
  frequency?: DonationFrequency;
  currency?: PaymentCurrency;
  /** Quetzales per dollar, for a gift in dollars. */
  usdRate?: number;
}

export function ImpactList({ amount: chosen, impact, frequency = 'once', currency = 'GTQ', usdRate = 1 }: ImpactListProps) {
  const amount = currency === 'USD' ? Math.round(chosen * usdRate * 100) / 100 : chosen;
  const units = [
    { icon: Utensils, per: impact.quetzales_per_meal, many: d.impactMeals, one: d.impactMealUnit },
    { icon: BookHeart, per: impact.quetzales_per_evangelism_hour, many: d.impactHours, one: d.impactHourUnit },
    {
      icon: HandHeart,
      per: impact.quetzales_per_child,
      many: d.impactChildren,
      one: d.impactChildUnit,
      // A monthly gift accompanies children all year long: said in child-years, not child-months.
      manyInYear: (months: number) => {
        const children = Math.floor(months / MONTHS_PER_YEAR);
        return m.impactChildrenYear(children, formatNumber(children), months);
      },
    },
    { icon: GraduationCap, per: impact.quetzales_per_scholarship, many: d.impactScholarships, one: d.impactScholarshipUnit },
  ];
  if (frequency === 'monthly' && amount > 0) return <MonthlyImpact amount={amount} units={units} shown={{ amount: chosen, currency }} />;
  const forAmount = amount > 0 ? units.map((u) => ({ ...u, count: Math.floor(amount / u.per) })).filter((u) => u.count >= 1) : [];
  const items =
    forAmount.length > 0
      ? forAmount.map((u) => ({ icon: u.icon, text: u.many(u.count, formatNumber(u.count)) }))
      : units.map((u) => ({ icon: u.icon, text: u.one(formatMoney(u.per)) }));

  return (
    <div>
      <h2 className="font-display text-lg font-semibold">{d.impactTitle}</h2>
      <p className="mt-1 text-sm text-ink-600" aria-live="polite">
        {forAmount.length > 0 ? (currency === 'USD' ? d.impactForUsd(formatMoney(chosen, 'USD'), formatMoney(amount)) : d.impactFor(formatMoney(amount))) : d.impactPerUnit}
      </p>
      <ul className="mt-4 space-y-3" data-testid="impact-list">
        {items.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3 text-[0.95rem] text-ink-800">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span className="pt-1">{text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Unit = { icon: typeof Utensils; per: number; many: (n: number, shown: string) => string; manyInYear?: (n: number) => string };

/** "Q150 al mes = Q1,800 al año", then what each brings a month and a year; units a year cannot reach are left out. */
function MonthlyImpact({ amount, units, shown }: { amount: number; units: Unit[]; shown: { amount: number; currency: PaymentCurrency } }) {
  const yearly = amount * MONTHS_PER_YEAR;
  const items = units
    .map((u) => ({ icon: u.icon, many: u.many, inYear: u.manyInYear ?? ((n: number) => u.many(n, formatNumber(n))), month: Math.floor(amount / u.per), year: Math.floor(yearly / u.per) }))
    .filter((u) => u.year >= 1);
  return (
    <div>
      <h2 className="font-display text-lg font-semibold">{m.impactTitle}</h2>
      <p className="mt-1 text-sm text-ink-600" aria-live="polite" data-testid="impact-summary">
        {m.impactFor(formatMoney(shown.amount, shown.currency), formatMoney(shown.amount * MONTHS_PER_YEAR, shown.currency))}
      </p>
      <ul className="mt-4 space-y-3" data-testid="impact-list">
        {items.map(({ icon: Icon, many, inYear, month, year }) => (
          <li key={many(1, '1')} className="flex items-start gap-3 text-[0.95rem] text-ink-800">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span className="pt-1">
              {month >= 1 && (
                <span className="block">
                  <strong className="font-semibold">{m.impactMonthLabel}:</strong> {many(month, formatNumber(month))}
                </span>
              )}
              <span className="block">
                <strong className="font-semibold">{m.impactYearLabel}:</strong> {inYear(year)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
