import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface StatTileProps {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'brand' | 'accent' | 'sand';
}

const tones = {
  brand: 'bg-brand-50 text-brand-700',
  accent: 'bg-accent-50 text-accent-700',
  sand: 'bg-sand-100 text-ink-700',
};

export function StatTile({ icon, label, value, hint, tone = 'brand' }: StatTileProps) {
  return (
    <div className="flex flex-col gap-3 rounded-card border border-sand-200 bg-white p-4 shadow-card sm:flex-row sm:items-start sm:gap-4 sm:p-5">
      <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-2xl', tones[tone])}>{icon}</span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-ink-600">{label}</p>
        <p className="mt-1 font-display text-xl font-semibold text-ink-900 tabular-nums sm:text-2xl">{value}</p>
        {hint && <p className="mt-0.5 text-xs text-ink-500">{hint}</p>}
      </div>
    </div>
  );
}
