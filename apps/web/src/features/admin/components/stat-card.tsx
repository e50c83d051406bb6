import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Skeleton } from '@/components/skeleton';

const tones = {
  brand: 'bg-brand-50 text-brand-700',
  accent: 'bg-accent-50 text-accent-700',
  green: 'bg-green-50 text-green-700',
  amber: 'bg-amber-50 text-amber-700',
} as const;

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: ReactNode;
  tone?: keyof typeof tones;
  loading?: boolean;
  /** A link or button under the figure. */
  footer?: ReactNode;
}

/** One headline figure with its icon: dashboard and report cards. */
export function StatCard({ label, value, icon: Icon, hint, tone = 'brand', loading = false, footer }: StatCardProps) {
  return (
    <div className="flex flex-col rounded-card border border-sand-200 bg-white p-5 shadow-card">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-semibold text-ink-600">{label}</p>
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl', tones[tone])}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-32" />
      ) : (
        <p className="mt-1 font-display text-3xl font-semibold tracking-tight text-ink-900 tabular-nums">{value}</p>
      )}
      {hint && !loading && <p className="mt-1 text-sm text-ink-600">{hint}</p>}
      {footer && <div className="mt-auto pt-3">{footer}</div>}
    </div>
  );
}
