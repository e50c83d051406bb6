import { cn } from '@/lib/cn';
import { appMessages } from '@donaciones/shared/messages/shell';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-[3px]', lg: 'size-10 border-4' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Read by screen readers; visible when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = appMessages.loading, showLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-ink-600', className)}>
      <span
        aria-hidden="true"
        className={cn('animate-spin rounded-full border-current border-r-transparent text-brand-600', sizes[size])}
      />
      <span className={showLabel ? 'text-sm font-medium' : 'sr-only'}>{label}</span>
    </span>
  );
}

/** A whole-area loading state (route chunks, the session boot). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-8">
      <Spinner size="lg" label={label} />
    </div>
  );
}
