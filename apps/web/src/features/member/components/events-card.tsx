import { CalendarDays, MapPin } from 'lucide-react';
import { formatCalendarTile, formatLongDate } from '@donaciones/shared/format';
import { memberMessages } from '@donaciones/shared/messages/member';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { Skeleton } from '@/components/skeleton';
import { EmptyState } from '@/components/states';
import { useUpcomingEvents } from '../api/get-upcoming-events';
import { CardError } from './card-error';

const t = memberMessages.dashboard;

/** docs/product.md#figures: future published events, soonest first. */
export function EventsCard({ className }: { className?: string }) {
  const events = useUpcomingEvents();
  return (
    <Card title={t.eventsTitle} className={className} data-testid="events-card">
      {events.isPending ? (
        <div className="space-y-4" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-14 shrink-0" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-full" />
              </div>
            </div>
          ))}
        </div>
      ) : events.isError ? (
        <CardError onRetry={() => events.refetch()} retrying={events.isFetching} />
      ) : events.data.length === 0 ? (
        <EmptyState title={t.eventsEmpty} icon={<CalendarDays aria-hidden="true" className="size-6" />} />
      ) : (
        <ul className="space-y-4">
          {events.data.map((event) => {
            const tile = formatCalendarTile(event.date);
            return (
              <li key={event.id} className="flex gap-3">
                <time dateTime={event.date} title={formatLongDate(event.date)} className="flex size-14 shrink-0 flex-col items-center justify-center rounded-2xl bg-brand-700 text-white">
                  <span className="text-xl leading-none font-bold">{tile.day}</span>
                  <span className="text-[0.7rem] font-semibold tracking-wide uppercase">{tile.month}</span>
                </time>
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-ink-900">{event.title}</p>
                    <Badge tone={event.type === 'campaign' ? 'accent' : event.type === 'program' ? 'brand' : 'neutral'}>{t.eventTypes[event.type]}</Badge>
                  </div>
                  <p className="mt-0.5 line-clamp-2 text-sm text-ink-600">{event.description}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-500">
                    <span>{formatLongDate(event.date)}</span>
                    {event.location && (
                      <span className="inline-flex items-center gap-1">
                        <MapPin aria-hidden="true" className="size-3.5" />
                        {event.location}
                      </span>
                    )}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
