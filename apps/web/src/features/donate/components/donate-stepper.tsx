// The three steps of the checkout, with the current one marked for assistive technology.
import { Check } from 'lucide-react';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { cn } from '@/lib/cn';

const d = donateMessages;

export function DonateStepper({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol aria-label={d.stepsLabel} className="flex items-center gap-2 sm:gap-3">
      {d.steps.map((label, i) => {
        const n = i + 1;
        const done = n < current;
        const active = n === current;
        return (
          // On a phone only the current step is named: it takes the room its name needs ("Confirmación" whole at
          // 390 px) and the others share the rest. From sm every step is named, each a third.
          <li key={label} aria-current={active ? 'step' : undefined} className={cn('flex min-w-0 items-center gap-2 sm:flex-1 sm:gap-3', active ? 'flex-auto' : 'flex-1')}>
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ring-2 transition-colors',
                done && 'bg-brand-700 text-white ring-brand-700',
                active && 'bg-accent-500 text-ink-900 ring-accent-500',
                !done && !active && 'bg-white text-ink-500 ring-sand-300',
              )}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : n}
            </span>
            <span className={cn('truncate text-sm font-semibold', active ? 'text-ink-900' : 'text-ink-500', !active && 'sr-only sm:not-sr-only')}>{label}</span>
            {n < d.steps.length && <span aria-hidden="true" className={cn('h-0.5 min-w-4 flex-1 rounded-full', done ? 'bg-brand-600' : 'bg-sand-300')} />}
          </li>
        );
      })}
    </ol>
  );
}
