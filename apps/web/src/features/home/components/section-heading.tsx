// The heading of each section of the home page: an optional eyebrow, the title and an introduction.
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function SectionHeading({ eyebrow, title, intro, id, invert = false }: { eyebrow?: string; title: ReactNode; intro?: string; id: string; invert?: boolean }) {
  return (
    <div className="max-w-2xl">
      {eyebrow && <p className={cn('text-sm font-bold tracking-wider uppercase', invert ? 'text-accent-300' : 'text-accent-700')}>{eyebrow}</p>}
      <h2 id={id} className={cn('mt-2 text-3xl font-semibold sm:text-4xl', invert && 'text-white')}>
        {title}
      </h2>
      {intro && <p className={cn('mt-3 text-lg leading-relaxed', invert ? 'text-brand-100' : 'text-ink-600')}>{intro}</p>}
    </div>
  );
}
