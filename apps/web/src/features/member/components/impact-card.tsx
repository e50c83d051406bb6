import type { ReactNode } from 'react';
import { BookHeart, GraduationCap, Users, Utensils } from 'lucide-react';
import { formatNumber } from '@donaciones/shared/format';
import { memberMessages } from '@donaciones/shared/messages/member';
import { Card } from '@/components/card';
import { Skeleton } from '@/components/skeleton';
import { useImpact } from '../api/get-impact';
import { CardError } from './card-error';

const t = memberMessages.dashboard;

function Figure({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
      <span className="flex size-10 items-center justify-center rounded-xl bg-white text-brand-700 shadow-xs">{icon}</span>
      <p className="font-display text-3xl font-semibold text-ink-900 tabular-nums">{formatNumber(value)}</p>
      <p className="text-sm leading-snug text-ink-600">{label}</p>
    </div>
  );
}

/** docs/product.md#figures: figures computed from the account's completed donations. */
export function ImpactCard({ className }: { className?: string }) {
  const impact = useImpact();
  return (
    <Card title={t.impactTitle} description={t.impactDescription} className={className} data-testid="impact-card">
      {impact.isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : impact.isError ? (
        <CardError onRetry={() => impact.refetch()} retrying={impact.isFetching} />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure icon={<Users aria-hidden="true" className="size-5" />} value={impact.data.children_impacted} label={t.impactChildren} />
          <Figure icon={<Utensils aria-hidden="true" className="size-5" />} value={impact.data.meals_provided} label={t.impactMeals} />
          <Figure icon={<GraduationCap aria-hidden="true" className="size-5" />} value={impact.data.scholarships_awarded} label={t.impactScholarships} />
          <Figure icon={<BookHeart aria-hidden="true" className="size-5" />} value={impact.data.evangelism_hours} label={t.impactHours} />
        </div>
      )}
    </Card>
  );
}
