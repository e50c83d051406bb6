// One donation flow for donors (/donate); /donations/new is the staff form for gifts received by hand.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/test/render-app';

afterEach(cleanup);

describe('/donations/new', { timeout: 20_000 }, () => {
  it.each([['DONOR'], ['USER'], ['COMMUNICATIONS'], ['SPONSORSHIP']])('takes a %s to the donation flow at /donate', async (role) => {
    const { router } = renderApp('/donations/new', { user: { roles: [role] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/donate'), { timeout: 6000 });
    expect(screen.queryByRole('form', { name: 'Registrar una donación' })).not.toBeInTheDocument();
  });

  it.each([['ADMIN'], ['FINANCE'], ['VOLUNTEER']])('is the staff form for %s (gifts.enter), with the donor left for staff to type', async (role) => {
    renderApp('/donations/new', { user: { email: 'personal@ejemplo.org', roles: [role] } });
    expect(await screen.findByRole('form', { name: 'Registrar una donación' }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nombre del donante/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Correo del donante/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Tipo de donación/ })).toHaveValue('goods');
  });
});
