import type { ReactNode } from 'react';
import { Ban, CircleCheck, CircleX, Clock, HandCoins, Sparkles } from 'lucide-react';
import { formatDateTime, formatRelative } from '@donaciones/shared/format';
import type { Activity, ActivityType } from '@donaciones/shared/schemas/member';
import { cn } from '@/lib/cn';

const ICONS: Record<ActivityType, { icon: ReactNode; tone: string }> = {
  account_created: { icon: <Sparkles aria-hidden="true" className="size-4" />, tone: 'bg-accent-100 text-accent-700' },
  donation_created: { icon: <HandCoins aria-hidden="true" className="size-4" />, tone: 'bg-brand-50 text-brand-700' },
  donation_completed: { icon: <CircleCheck aria-hidden="true" className="size-4" />, tone: 'bg-green-50 text-green-700' },
  donation_failed: { icon: <CircleX aria-hidden="true" className="size-4" />, tone: 'bg-red-50 text-red-700' },
  donation_cancelled: { icon: <Ban aria-hidden="true" className="size-4" />, tone: 'bg-red-50 text-red-700' },
  // Red like the "Expirada" badge: an expired gift waits for nothing any more.
  donation_expired: { icon: <Clock aria-hidden="true" className="size-4" />, tone: 'bg-red-50 text-red-700' },
};

/** docs/product.md#figures as a timeline, newest first. */
export function ActivityList({ items }: { items: Activity[] }) {
  return (
    <ol className="relative space-y-4 before:absolute before:top-2 before:bottom-2 before:left-4 before:w-px before:bg-sand-200">
      {items.map((item, i) => {
        const { icon, tone } = ICONS[item.type] ?? ICONS.donation_created;
        return (
          <li key={`${item.timestamp}-${i}`} className="relative flex gap-3">
            <span className={cn('relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full ring-4 ring-white', tone)}>{icon}</span>
            <div className="min-w-0 pt-1">
              <p className="text-sm leading-snug text-ink-800">{item.message}</p>
              <time dateTime={item.timestamp} title={formatDateTime(item.timestamp)} className="text-xs text-ink-500">
                {formatRelative(item.timestamp)}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
