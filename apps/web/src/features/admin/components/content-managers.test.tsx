// The content manager shared by programs and events: the list, a refused save with the server's
// field message on its field, and a delete after confirming.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { AdminEvent } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { EventsManager } from './events-manager';

const t = adminMessages.system;
const c = adminMessages.common;

const event: AdminEvent = {
  id: 4,
  type: 'event',
  title: 'Jornada de lectura',
  description: 'En la escuela',
  date: '2099-03-10T15:00:00.000Z',
  location: 'Mixco',
  is_published: true,
};

function renderEvents() {
  let events = [event];
  const { adapter, requests } = fakeAdapter((req) => {
    if (req.method === 'GET' && req.url === '/admin/events') return { status: 200, data: { events } };
    if (req.method === 'PUT') return { status: 400, data: { detail: 'Datos inválidos', errors: { title: 'El título ya existe' } } };
    if (req.method === 'DELETE') {
      events = [];
      return { status: 204 };
    }
    return { status: 404, data: { detail: 'no' } };
  });
  api.defaults.adapter = adapter;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EventsManager />
    </QueryClientProvider>,
  );
  return { requests, user: userEvent.setup() };
}

describe('content manager (events)', () => {
  it('shows the server’s field message on the field and the form’s error above it, and stays open', async () => {
    const { requests, user } = renderEvents();
    await user.click(await screen.findByRole('button', { name: `${c.edit}: ${event.title}` }));
    const dialog = await screen.findByRole('dialog', { name: t.editEvent });
    await user.click(within(dialog).getByRole('button', { name: c.save }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.url === `/admin/events/${event.id}`)).toBe(true));
    expect(await within(dialog).findByText('El título ya existe')).toBeInTheDocument();
    expect(within(dialog).getByText(t.eventError)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: new RegExp(t.eventTitle) })).toHaveFocus();
  });

  it('deletes after the confirmation and shows the empty state', async () => {
    const { requests, user } = renderEvents();
    await user.click(await screen.findByRole('button', { name: `${c.delete}: ${event.title}` }));
    const confirm = await screen.findByRole('alertdialog', { name: t.deleteEventTitle });
    expect(confirm).toHaveTextContent(t.deleteEventText(event.title));
    await user.click(within(confirm).getByRole('button', { name: c.delete }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url === `/admin/events/${event.id}`)).toBe(true));
    expect(await screen.findByText(t.noEvents)).toBeInTheDocument();
  });
});
