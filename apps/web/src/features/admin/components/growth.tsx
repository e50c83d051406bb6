import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { formatPercent } from '@donaciones/shared/format';
import { cn } from '@/lib/cn';

/** A growth percentage with its direction: green up, red down, grey flat. */
export function Growth({ value, suffix, className }: { value: number; suffix?: (pct: string) => string; className?: string }) {
  const Icon = value > 0 ? ArrowUpRight : value < 0 ? ArrowDownRight : Minus;
  const pct = formatPercent(value, { signed: true });
  const text = suffix ? suffix(pct) : pct;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-sm font-semibold tabular-nums',
        value > 0 ? 'text-green-700' : value < 0 ? 'text-red-700' : 'text-ink-500',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {text}
    </span>
  );
}
