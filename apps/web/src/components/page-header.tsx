import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The title block of a screen: eyebrow, heading, a line of context, and the screen's actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        {eyebrow && <p className="text-sm font-bold tracking-wider text-accent-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-1 text-3xl font-semibold text-balance sm:text-4xl">{title}</h1>
        {description && <p className="mt-2 max-w-2xl text-ink-600">{description}</p>}
      </div>
      {/* The actions may shrink to their widest button and wrap, so that three of them fit a narrow window. */}
      {actions && <div className="flex flex-wrap items-center gap-3 sm:justify-end">{actions}</div>}
    </div>
  );
}
