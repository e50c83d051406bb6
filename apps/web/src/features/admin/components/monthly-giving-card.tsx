// The admin dashboard's "Donaciones mensuales" card (docs/product.md#figures, #monthly-giving): the monthly
// recurring amount now, its change against the end of the previous month, and the active donors.
import { ArrowRight, Repeat } from 'lucide-react';
import { formatMoney } from '@donaciones/shared/format';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import type { AdminDashboardStats } from '@donaciones/shared/schemas/admin';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { paths } from '@/lib/paths';
import { Growth } from './growth';

const c = monthlyAdminMessages.dashboard;

/** `linked`: the link to the monthly gifts, for staff who may open them (donations.read). */
export function MonthlyGivingCard({ giving, linked }: { giving: AdminDashboardStats['monthly_giving']; linked: boolean }) {
  return (
    <Card
      title={c.title}
      actions={
        linked && (
          <ButtonLink to={paths.adminMonthlyGifts} variant="ghost" size="sm">
            {c.link}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        )
      }
    >
      <div className="flex flex-wrap items-center gap-x-8 gap-y-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-green-50 text-green-700">
            <Repeat aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold text-ink-600">{c.mrr}</p>
            <p className="font-display text-3xl font-semibold tracking-tight text-ink-900 tabular-nums">{formatMoney(giving.mrr)}</p>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <Growth
            value={giving.mrr_change_percentage}
            previous={giving.previous_mrr}
            text={(pct) => `${pct} ${c.change} (${formatMoney(giving.previous_mrr)})`}
            noBase={c.noPreviousBase}
          />
          <p className="text-sm text-ink-600">{c.activeDonors(giving.active_donors)}</p>
        </div>
      </div>
    </Card>
  );
}
