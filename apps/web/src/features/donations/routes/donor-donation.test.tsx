// A donor's own gift opens inside the donor area (/donor/donations/{id}, decision 0083): the dashboard
// layout's menu with "Mis donaciones" current, only the account's own gift (GET /users/me/donations/{id}),
// cancelled there while pending, and dated as "Mis donaciones" dates it (decision 0076).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { donationAnswer, memberDonation } from '@/test/donation';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { renderApp } from '@/test/render-app';

const donor = { roles: ['DONOR', 'USER'] };
// Made on 5 November (14:00 in Guatemala), its deposit confirmed on the 6th (10:00).
const MADE = '2026-11-05T20:00:00Z';
const DONE = '2026-11-06T16:00:00Z';
const pending = donationAnswer({ id: 41, reference_code: '#MG12345678', amount: 185.5, created_at: MADE, updated_at: MADE, can_process: false, can_cancel: true });
const completed = donationAnswer({ ...pending, status: 'completed', completed_at: DONE, updated_at: DONE, receipt_number: 12, receipt_series: 'A', can_cancel: false });

/** The API of one donor whose gift 41 is `gift` until cancelled; gift 77 is someone else's. */
function server(gift: Donation) {
  let current = gift;
  return (req: RecordedRequest): FakeAnswer | undefined => {
    if (req.url === '/users/me/donations/41') return { status: 200, data: current };
    if (req.url === '/users/me/donations/77') return { status: 404, data: { detail: 'Donación no encontrada' } };
    if (req.url === '/donations/41/cancel' && req.method === 'POST') {
      current = { ...current, status: 'cancelled', can_cancel: false };
      return { status: 200, data: current };
    }
    if (req.url === '/donations/41') return { status: 200, data: { ...current, donor_masked: false } };
    if (req.url === '/users/me/donations') {
      const row = memberDonation({ status: current.status, created_at: current.created_at, completed_at: current.completed_at, receipt_number: current.receipt_number });
      return { status: 200, data: { donations: [row], total: 1, limit: 10, offset: 0 } };
    }
    return undefined;
  };
}

const menu = () => screen.getByRole('navigation', { name: 'Navegación del panel' });

describe("a donor's own gift, inside the donor area", { timeout: 20_000 }, () => {
  it('opens in the dashboard layout: its menu with "Mis donaciones" current, not the public header', async () => {
    const { requests } = renderApp('/donor/donations/41', { user: donor, handler: server(pending) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Donación #41' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('aria-current', 'page');
    for (const other of ['Mi panel', 'Historial', 'Recibos']) expect(within(menu()).getByRole('link', { name: other })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Salir' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
    // The account's own gift, never the public answer that shows anyone a completed gift.
    expect(requests.some((r) => r.url === '/users/me/donations/41')).toBe(true);
    expect(requests.some((r) => r.url === '/donations/41')).toBe(false);
    expect(document.title).toMatch(/^Donación #41/);
  });

  it('its owner cancels it while pending, and the page shows it cancelled', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp('/donor/donations/41', { user: donor, handler: server(pending) });
    await user.click(await screen.findByRole('button', { name: 'Cancelar donación' }, { timeout: 20_000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar donación' }));
    expect(await screen.findByTestId('outcome-note')).toHaveTextContent('Esta donación fue cancelada');
    expect(requests.filter((r) => r.url === '/donations/41/cancel')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancelar donación' })).not.toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('aria-current', 'page');
  });

  it("someone else's gift (or an unknown one) is not found: back to Mis donaciones with the reason", async () => {
    const { router } = renderApp('/donor/donations/77', { user: donor, handler: server(pending) });
    expect(await screen.findByText('No encontramos esta donación', {}, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/donor/donations'));
  });

  it('a completed gift reads the day "Mis donaciones" gives it, its completion, labelled so; the day it was made stays below', async () => {
    const user = userEvent.setup();
    renderApp('/donor/donations', { user: donor, handler: server(completed) });
    const row = await screen.findAllByText('06/11/2026', {}, { timeout: 20_000 });
    expect(row.length).toBeGreaterThan(0);
    await user.click((await screen.findAllByRole('link', { name: 'Q185.50, ver la donación #MG12345678' }))[0]);
    expect(await screen.findByTestId('donation-date', {}, { timeout: 20_000 })).toHaveTextContent(/^Completada el 06\/11\/2026$/);
    const details = screen.getByRole('heading', { name: 'Detalles de la donación' }).closest('section') ?? document.body;
    expect(within(details).getByText('Registrada').nextSibling).toHaveTextContent(/^05\/11\/2026/);
    expect(within(details).getByText('Completada').nextSibling).toHaveTextContent(/^06\/11\/2026/);
  });

  it('a pending gift has no completion: it reads the day it was made, as in Mis donaciones', async () => {
    renderApp('/donor/donations/41', { user: donor, handler: server(pending) });
    expect(await screen.findByTestId('donation-date', {}, { timeout: 20_000 })).toHaveTextContent(/^Registrada el 05\/11\/2026$/);
    expect(screen.queryByText('Completada')).not.toBeInTheDocument();
  });

  it('the public page of the same gift keeps the day it was made, as the public list does', async () => {
    renderApp('/donations/41', { user: donor, handler: server(completed) });
    expect(await screen.findByTestId('donation-date', {}, { timeout: 20_000 })).toHaveTextContent(/^Registrada el 05\/11\/2026, 02:00/);
  });
});
