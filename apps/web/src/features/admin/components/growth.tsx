import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { formatPercent } from '@donaciones/shared/format';
import { cn } from '@/lib/cn';

/**
 * A change with its direction (green up, red down, grey flat), always read with its base: `text`
 * words the signed percent with what it is measured against. Against nothing (`previous` 0) there is
 * no percent to give, so `noBase` says so instead of a "+100%" that would mean nothing.
 */
export function Growth({
  value,
  previous,
  text,
  noBase,
  className,
}: {
  value: number;
  previous: number;
  text: (pct: string) => string;
  noBase: string;
  className?: string;
}) {
  const flat = previous === 0 || value === 0;
  const Icon = flat ? Minus : value > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-sm font-semibold tabular-nums',
        flat ? 'text-ink-500' : value > 0 ? 'text-green-700' : 'text-red-700',
        className,
      )}
      data-testid="growth"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {previous === 0 ? noBase : text(formatPercent(value, { signed: true }))}
    </span>
  );
}
