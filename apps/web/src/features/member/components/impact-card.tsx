import { Utensils } from 'lucide-react';
import { formatMoney, formatNumber } from '@donaciones/shared/format';
import { memberMessages } from '@donaciones/shared/messages/member';
import { Card } from '@/components/card';
import { Skeleton } from '@/components/skeleton';
import { usePublicSite } from '@/lib/public-site';
import { useImpact } from '../api/get-impact';
import { CardError } from './card-error';

const t = memberMessages.dashboard;

/**
 * docs/product.md#figures: one estimate of the account's completed total, in meals, said once how it
 * is counted; the same quetzales are not shown again as children, scholarships and hours.
 */
export function ImpactCard({ className }: { className?: string }) {
  const impact = useImpact();
  const perMeal = usePublicSite().data?.impact.quetzales_per_meal;
  return (
    <Card title={t.impactTitle} description={t.impactDescription} className={className} data-testid="impact-card">
      {impact.isPending ? (
        <Skeleton className="h-32" />
      ) : impact.isError ? (
        <CardError onRetry={() => impact.refetch()} retrying={impact.isFetching} />
      ) : (
        <div className="flex flex-col gap-3 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200 sm:flex-row sm:items-center sm:gap-5">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-xs">
            <Utensils aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-display text-3xl font-semibold text-ink-900 tabular-nums">{formatNumber(impact.data.meals_provided)}</span>
              <span className="text-base font-semibold text-ink-700">{t.impactMeals}</span>
            </p>
            <p className="mt-1 text-sm leading-relaxed text-ink-600" data-testid="impact-how">
              {t.impactHow(formatMoney(impact.data.total_donated), perMeal ? formatMoney(perMeal) : null)}
            </p>
          </div>
        </div>
      )}
    </Card>
  );
}
