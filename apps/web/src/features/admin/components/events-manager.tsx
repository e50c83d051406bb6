// The upcoming events of the Sistema tab (docs/product.md#figures), on the shared content manager.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, MapPin } from 'lucide-react';
import { z } from 'zod';
import { EVENT_TYPES } from '@donaciones/shared/constants';
import { formatDateTime } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { type AdminEvent, eventInputSchema } from '@donaciones/shared/schemas/admin';
import { Badge } from '@/components/badge';
import { Checkbox, Select, TextArea, TextInput } from '@/components/form-fields';
import { useDeleteEvent } from '../api/delete-event';
import { useAdminEvents } from '../api/get-admin-events';
import { type EventValues, useSaveEvent } from '../api/save-event';
import { ContentManager, EditorModal, useSaveItem } from './content-managers';

const t = adminMessages.system;

/** Guatemala is UTC-6 all year (no daylight saving time): event times are entered in its clock. */
const GT_OFFSET = '-06:00';

function toGuatemalaLocal(iso: string): string {
  return new Date(new Date(iso).getTime() - 6 * 3_600_000).toISOString().slice(0, 16);
}

const eventFormSchema = eventInputSchema.extend({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: adminMessages.validation.eventDateInvalid })
    .transform((local) => `${local}:00${GT_OFFSET}`)
    .pipe(eventInputSchema.shape.date),
  location: z.string().trim().max(160).transform((s) => s || null),
});
type EventFormInput = z.input<typeof eventFormSchema>;

const TYPE_OPTIONS = EVENT_TYPES.map((type) => ({ value: type, label: t.eventTypes[type] }));

function EventModal({ event, onClose }: { event: AdminEvent | null; onClose: () => void }) {
  const save = useSaveEvent();
  const form = useForm<EventFormInput, unknown, EventValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: event
      ? { type: event.type, title: event.title, description: event.description, date: toGuatemalaLocal(event.date), location: event.location ?? '', is_published: event.is_published }
      : { type: 'event', title: '', description: '', date: '', location: '', is_published: true },
  });
  const { errors } = form.formState;
  const { error, submit } = useSaveItem(form, save, { id: event?.id, saved: t.eventSaved, failed: t.eventError, onClose });
  return (
    <EditorModal
      formId="event-form"
      title={event ? t.editEvent : t.newEvent}
      saving={save.isPending}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <Select label={t.eventType} options={TYPE_OPTIONS} error={errors.type?.message} {...form.register('type')} />
        <TextInput label={t.eventTitle} required error={errors.title?.message} {...form.register('title')} />
      </div>
      <TextArea label={t.eventDescription} rows={3} error={errors.description?.message} {...form.register('description')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput label={t.eventDate} type="datetime-local" required error={errors.date?.message} {...form.register('date')} />
        <TextInput label={t.eventLocation} error={errors.location?.message} {...form.register('location')} />
      </div>
      <Checkbox label={t.eventPublished} {...form.register('is_published')} />
    </EditorModal>
  );
}

export function EventsManager() {
  const [now] = useState(() => Date.now());
  return (
    <ContentManager<AdminEvent>
      texts={{
        title: t.eventsTitle,
        description: t.eventsDescription,
        create: t.newEvent,
        empty: t.noEvents,
        deleted: t.eventDeleted,
        deleteTitle: t.deleteEventTitle,
        deleteText: t.deleteEventText,
        nameOf: (event) => event.title,
      }}
      icon={CalendarDays}
      query={useAdminEvents()}
      remove={useDeleteEvent()}
      renderList={(events, actions) => (
    <ul className="divide-y divide-sand-200">
      {events.map((event) => {
        const past = Date.parse(event.date) < now;
        return (
          <li key={event.id} className="flex items-start gap-4 py-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
              <CalendarDays aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-1.5">
                <p className="font-semibold text-ink-900">{event.title}</p>
                <Badge tone="brand">{t.eventTypes[event.type]}</Badge>
                {past && <Badge tone="neutral">{t.past}</Badge>}
                {!event.is_published && <Badge tone="warning">{t.draft}</Badge>}
              </div>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-ink-600">
                <time dateTime={event.date}>{formatDateTime(event.date)}</time>
                {event.location && (
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden="true" className="size-3.5" />
                    {event.location}
                  </span>
                )}
              </p>
            </div>
            {actions(event)}
          </li>
        );
      })}
    </ul>
      )}
      renderEditor={(event, onClose) => <EventModal key={event?.id ?? 'new'} event={event} onClose={onClose} />}
    />
  );
}
