// One donation flow for donors (/donate); /donations/new is the staff gift form (docs/product.md#staff-gift-entry).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { guatemalaDay } from '@donaciones/shared/format';
import { renderApp } from '@/test/render-app';

afterEach(cleanup);

const OPTIONS = { min_amount: 1, max_amount: 50_000, usd_exchange_rate: 7.7, programs: [{ id: 3, name: 'Útiles escolares' }], may_complete: true, closed_through: null };

describe('/donations/new', { timeout: 20_000 }, () => {
  it.each([['DONOR'], ['USER'], ['COMMUNICATIONS'], ['SPONSORSHIP']])('takes a %s to the donation flow at /donate', async (role) => {
    const { router } = renderApp('/donations/new', { user: { roles: [role] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/donate'), { timeout: 20_000 });
    expect(screen.queryByRole('form', { name: 'Registrar una donación' })).not.toBeInTheDocument();
  });

  it.each([['ADMIN'], ['FINANCE'], ['VOLUNTEER']])('is the staff form for %s (gifts.enter), with the donor left for staff to type', async (role) => {
    renderApp('/donations/new', { user: { email: 'personal@ejemplo.org', roles: [role] } });
    expect(await screen.findByRole('form', { name: 'Registrar una donación' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nombre del donante/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Correo del donante/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Forma de pago/ })).toHaveValue('cash');
    expect(screen.getByLabelText(/Fecha en que se recibió/)).toHaveValue(guatemalaDay(new Date()));
  });

  it('asks each method for its own details, shows the errors next to them, and offers the programmes', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp('/donations/new', {
      user: { roles: ['FINANCE'] },
      handler: (req) => (req.url === '/admin/gifts/options' ? { status: 200, data: OPTIONS } : undefined),
    });
    const method = await screen.findByRole('combobox', { name: /Forma de pago/ }, { timeout: 20_000 });
    expect(screen.queryByLabelText(/Número de cheque/)).not.toBeInTheDocument();
    await user.selectOptions(method, 'cheque');
    await user.type(screen.getByRole('textbox', { name: /Nombre del donante/ }), 'Héctor Monterroso');
    await user.click(screen.getByRole('button', { name: 'Registrar donación' }));
    expect(await screen.findByText('Indica el número de cheque')).toBeInTheDocument();
    expect(screen.getByText('Indica el banco del cheque')).toBeInTheDocument();
    expect(screen.getByLabelText(/Número de cheque/)).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(method, 'in_kind');
    expect(screen.getByLabelText(/Qué se recibió/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Cómo se valoró/)).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Útiles escolares' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Ya se recibió/ })).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/admin/gifts')).toBe(false);
  });

  it('says under the date that a day of a month already closed gives the gift today\'s date; a day after it says nothing', async () => {
    renderApp('/donations/new', {
      user: { roles: ['FINANCE'] },
      handler: (req) => (req.url === '/admin/gifts/options' ? { status: 200, data: { ...OPTIONS, closed_through: '2026-10' } } : undefined),
    });
    await screen.findByRole('option', { name: 'Útiles escolares' }, { timeout: 20_000 });
    const date = screen.getByLabelText(/Fecha en que se recibió/);
    const said = 'El mes de septiembre de 2026 ya está cerrado en Contabilidad: la donación quedará con la fecha de hoy, en el mes abierto, y se anotará el día en que se recibió.';
    fireEvent.input(date, { target: { value: '2026-09-30' } });
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(date).toHaveAccessibleDescription(said);
    fireEvent.input(date, { target: { value: '2026-11-02' } });
    await waitFor(() => expect(screen.queryByText(/ya está cerrado en Contabilidad/)).not.toBeInTheDocument());
  });

  it('hides "Ya se recibió" from staff who may only enter it pending', async () => {
    renderApp('/donations/new', {
      user: { roles: ['VOLUNTEER'] },
      handler: (req) => (req.url === '/admin/gifts/options' ? { status: 200, data: { ...OPTIONS, may_complete: false } } : undefined),
    });
    expect(await screen.findByRole('option', { name: 'Útiles escolares' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Ya se recibió/ })).not.toBeInTheDocument();
  });

  it('opens inside the staff console with Donaciones current, and a saved gift opens on its review page there', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderApp('/donations/new', {
      user: { roles: ['FINANCE'] },
      handler: (req) => {
        if (req.url === '/admin/gifts/options') return { status: 200, data: OPTIONS };
        if (req.url === '/admin/gifts' && req.method.toUpperCase() === 'POST') {
          return { status: 201, data: { id: 77, reference_code: 'DON-77', status: 'pending', donor_id: 5, receipt_number: null, receipt_series: null } };
        }
        return undefined;
      },
    });
    await screen.findByRole('form', { name: 'Registrar una donación' }, { timeout: 20_000 });
    const nav = screen.getAllByRole('link', { name: 'Donaciones' });
    expect(nav.some((link) => link.getAttribute('href') === '/admin/donations' && link.className.includes('bg-brand-50'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/admin/donations');
    await user.type(screen.getByRole('textbox', { name: /Nombre del donante/ }), 'Héctor Monterroso');
    // The amount as Guatemalans write it; the browser's number parsing ('1e3' for a thousand) is not used.
    await user.type(screen.getByLabelText(/^Monto/), '1e3');
    await user.click(screen.getByRole('button', { name: 'Registrar donación' }));
    // Each refusal says why the text was not read, as the checkout does, never "debe ser un número positivo".
    expect(await screen.findByText('Escribe el monto solo con números, por ejemplo 1,500 o 1500.50.')).toBeInTheDocument();
    for (const [typed, why] of [
      ['1.500', /No está claro qué monto quisiste escribir/],
      ['99999999999999999999', /El monto es demasiado grande/],
    ] as const) {
      await user.clear(screen.getByLabelText(/^Monto/));
      await user.type(screen.getByLabelText(/^Monto/), typed);
      await user.click(screen.getByRole('button', { name: 'Registrar donación' }));
      expect(await screen.findByText(why)).toBeInTheDocument();
    }
    expect(screen.queryByText('El monto debe ser un número positivo')).toBeNull();
    expect(requests.filter((r) => r.url === '/admin/gifts')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Monto/));
    await user.type(screen.getByLabelText(/^Monto/), '1,500.50');
    await user.click(screen.getByRole('button', { name: 'Registrar donación' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/donations/77'), { timeout: 20_000 });
    const sent = requests.filter((r) => r.url === '/admin/gifts');
    expect(sent).toHaveLength(1);
    expect(sent[0].data).toMatchObject({ amount: 1500.5 });
  });

  it('reads the amount with the chosen currency\'s symbol, as the API does (decision 0074): US$100 in dollars, not Q100', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp('/donations/new', {
      user: { roles: ['FINANCE'] },
      handler: (req) => {
        if (req.url === '/admin/gifts/options') return { status: 200, data: OPTIONS };
        if (req.url === '/admin/gifts') return { status: 201, data: { id: 78, reference_code: 'DON-78', status: 'pending', donor_id: 5, receipt_number: null, receipt_series: null } };
        return undefined;
      },
    });
    await screen.findByRole('form', { name: 'Registrar una donación' }, { timeout: 20_000 });
    await user.type(screen.getByRole('textbox', { name: /Nombre del donante/ }), 'John Miller');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Moneda/ }), 'USD');
    await user.type(screen.getByLabelText(/^Monto/), 'Q100');
    await user.click(screen.getByRole('button', { name: 'Registrar donación' }));
    expect(await screen.findByText('El monto lleva el símbolo de otra moneda: escribe solo el número en la moneda elegida.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Monto/));
    await user.type(screen.getByLabelText(/^Monto/), 'US$100');
    await user.click(screen.getByRole('button', { name: 'Registrar donación' }));
    await waitFor(() => expect(requests.filter((r) => r.url === '/admin/gifts')).toHaveLength(1), { timeout: 20_000 });
    expect(requests.find((r) => r.url === '/admin/gifts')?.data).toMatchObject({ amount: 100, currency: 'USD' });
  });

  it('tells namesakes apart in the donor picker, to a screen reader too', async () => {
    const user = userEvent.setup();
    const items = [
      { id: 7, name: 'Ana Méndez', hint: 'a***@gmail.com · último donativo: 23/09/2026' },
      { id: 9, name: 'Ana Méndez', hint: 'a***@hotmail.com · sin donativos recibidos' },
    ];
    renderApp('/donations/new', {
      user: { roles: ['VOLUNTEER'] },
      handler: (req) =>
        req.url === '/admin/gifts/options' ? { status: 200, data: OPTIONS } : req.url === '/admin/gifts/donor-choices' ? { status: 200, data: { items } } : undefined,
    });
    await user.click(await screen.findByRole('radio', { name: /Ya está en Donantes/ }, { timeout: 20_000 }));
    await user.type(screen.getByRole('searchbox', { name: /Buscar en Donantes/ }), 'Ana Méndez');
    expect(await screen.findByRole('button', { name: 'Elegir a Ana Méndez (a***@gmail.com · último donativo: 23/09/2026)' }, { timeout: 20_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elegir a Ana Méndez (a***@hotmail.com · sin donativos recibidos)' }));
    expect(screen.getByText('Donante elegido: Ana Méndez')).toBeInTheDocument();
  });
});
