// A deposit's slip page opened from Mis donaciones stays in the donor area (docs/product.md#bank-deposits):
// the dashboard layout's menu with "Mis donaciones" current, no public header, and the way back to the
// list's filter; the older address /boleta?donacion= leads there.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { DepositStatus } from '@donaciones/shared/schemas/deposits';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const m = depositMessages.upload;
const status: DepositStatus = {
  donation: { id: 41, reference_code: '#MG00000041', donor_name: 'Lucía', amount_cents: 18_500, currency: 'GTQ', status: 'pending', created_at: '2026-11-23T18:00:00Z' },
  accepts_slips: true,
  slips: [],
  accounts: [{ id: 'banrural', bank: 'Banrural', account_type: 'monetaria', number: '3-033-01234-5', holder: 'Fundación de Prueba' }],
};
const gift = {
  id: 41, reference_code: '#MG00000041', donor_name: 'Lucía', donor_email: 'lucia@prueba.gt', amount: 185, currency: 'GTQ', donation_type: 'monetary', status: 'pending', description: null,
  program_name: null, receipt_number: null, created_at: '2026-11-23T18:00:00Z', updated_at: '2026-11-23T18:00:00Z', completed_at: null, payment_method: 'bank_deposit', deposit_slips: 0,
};
const answer = (req: RecordedRequest): FakeAnswer | undefined => {
  if (req.url === '/users/me/donations') return { status: 200, data: { donations: [gift], total: 1, limit: 10, offset: 0 } };
  if (req.url === '/donations/41/deposit') return { status: 200, data: status };
  return undefined;
};
const dashboardMenu = () => screen.getAllByRole('navigation', { name: 'Navegación del panel' })[0];

describe('the slip page of a deposit in Mis donaciones', { timeout: 30_000 }, () => {
  it('opens inside the donor area, "Mis donaciones" current, and returns to the same filter', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/donor/donations?status=pending', { user: { roles: ['USER'] }, handler: answer });
    await user.click((await screen.findAllByRole('link', { name: m.uploadSlip }, { timeout: 20_000 }))[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/donor/donations/41/boleta'));
    expect(await screen.findByTestId('deposit-reference', {}, { timeout: 20_000 })).toHaveTextContent('#MG00000041');
    expect(within(dashboardMenu()).getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
    expect(screen.getByTestId('slip-later')).toHaveTextContent(m.later);
    await user.click(screen.getByRole('link', { name: 'Volver a Mis donaciones' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/donor/donations?status=pending'));
  });

  it('the older address /boleta?donacion= leads there', async () => {
    const { router } = renderApp('/boleta?donacion=41', { user: { roles: ['DONOR'] }, handler: answer });
    await waitFor(() => expect(router.state.location.pathname).toBe('/donor/donations/41/boleta'), { timeout: 20_000 });
    expect(await screen.findByTestId('deposit-reference', {}, { timeout: 20_000 })).toHaveTextContent('#MG00000041');
    expect(screen.getByRole('link', { name: 'Volver a Mis donaciones' })).toHaveAttribute('href', '/donor/donations');
  });
});
