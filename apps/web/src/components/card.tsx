import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Rendered as <section> with a heading when a title is given, else as <div>. */
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the right of the header. */
  actions?: ReactNode;
  /** Heading level of the title (default h2). */
  headingLevel?: 'h2' | 'h3';
  padded?: boolean;
}

export function Card({ title, description, actions, headingLevel: Heading = 'h2', padded = true, className, children, ...rest }: CardProps) {
  const Tag = title ? 'section' : 'div';
  return (
    <Tag className={cn('rounded-card border border-sand-200 bg-white shadow-card', padded && 'p-5 sm:p-6', className)} {...rest}>
      {(title || actions) && (
        <header className={cn('flex flex-wrap items-start justify-between gap-3', children ? 'mb-4' : undefined)}>
          <div className="min-w-0">
            {title && <Heading className="font-display text-lg font-semibold text-ink-900">{title}</Heading>}
            {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
        </header>
      )}
      {children}
    </Tag>
  );
}
