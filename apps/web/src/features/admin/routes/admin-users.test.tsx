// Usuarios (docs/product.md#screens-and-routes): the Roles column lists every role an account holds,
// main role first, in the table (wide screens) and in each phone card alike; it used to show the
// main role alone, so a finance member who also volunteers read only "Finanzas".
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminUser, AdminUserList } from '@donaciones/shared/schemas/admin';
import { renderApp } from '@/test/render-app';

const user = (over: Partial<AdminUser>): AdminUser => ({
  id: 1,
  email: 'persona@ejemplo.org',
  first_name: 'Persona',
  last_name: 'Ejemplo',
  roles: ['USER'],
  is_active: true,
  status: 'active',
  email_verified: true,
  created_at: '2026-01-10T15:00:00Z',
  last_login_at: null,
  ...over,
});

const list: AdminUserList = {
  users: [
    user({ id: 2, email: 'fernanda@ejemplo.org', first_name: 'Fernanda', last_name: 'Tesorera', roles: ['FINANCE', 'VOLUNTEER', 'DONOR'] }),
    user({ id: 3, email: 'ursula@ejemplo.org', first_name: 'Úrsula', last_name: 'Usuaria', roles: ['USER'] }),
  ],
  total: 2,
  total_users: 2,
  limit: 500,
  offset: 0,
};

const chips = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('list', { name: 'Roles' })
    .map((l) => within(l).getAllByRole('listitem').map((li) => li.textContent));

describe('admin: the users list', { timeout: 20_000 }, () => {
  it('shows every role of each account, main role first, in the table and in the phone cards', async () => {
    renderApp('/admin/users', { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] }, handler: (req) => (req.url === '/admin/users' ? { status: 200, data: list } : undefined) });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    expect(within(table).getByRole('columnheader', { name: 'Roles' })).toBeTruthy();
    const expected = [['Finanzas (rol principal)', 'Voluntariado', 'Donante'], ['Usuario']];
    expect(chips(table)).toEqual(expected);

    const cards = screen.getByRole('list', { name: 'Lista de usuarios' });
    expect(chips(cards)).toEqual(expected);
    // The main role keeps the top bar's colour; the others are quieter.
    const [main, other] = within(within(table).getAllByRole('list', { name: 'Roles' })[0]).getAllByRole('listitem');
    expect(main.firstElementChild?.className).toContain('bg-brand-50');
    expect(other.firstElementChild?.className).toContain('bg-sand-100');
  });
});
