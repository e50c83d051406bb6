import { cn } from '@/lib/cn';

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  /** What the bar measures, read by screen readers. */
  label: string;
  /** Spoken value, e.g. 'Q1,510.50 de Q3,000.00'. */
  valueText?: string;
  tone?: 'brand' | 'accent';
  size?: 'sm' | 'md';
  className?: string;
}

export function ProgressBar({ value, label, valueText, tone = 'brand', size = 'md', className }: ProgressBarProps) {
  const pct = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(pct)}
      aria-valuetext={valueText}
      className={cn('w-full overflow-hidden rounded-full bg-sand-200', size === 'md' ? 'h-3' : 'h-2', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-700 ease-out',
          tone === 'brand' ? 'bg-gradient-to-r from-brand-700 to-brand-400' : 'bg-gradient-to-r from-accent-600 to-accent-400',
        )}
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}
