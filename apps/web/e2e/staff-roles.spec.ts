// Staff roles in the browser (docs/product.md#roles-and-permissions): each demo staff member sees the
// console their permissions open. A COMMUNICATIONS member manages content but cannot open donations,
// donor details or refunds (the page says so in Spanish, and the API refuses too); a FINANCE member
// opens the money side of the console but not the people's accounts; a VOLUNTEER enters a gift as
// pending and decides nothing. Each staff role starts on its own screen after signing in, and the
// users screen lists every role of an account.
import { apiToken, expect, login, recordDonation, screenshots, test, uniqueEmail, WIDTHS } from './fixtures';

const STAFF = {
  finance: { email: 'finanzas@ejemplo.org', password: 'Demo1234' },
  communications: { email: 'comunicacion@ejemplo.org', password: 'Demo1234' },
  volunteer: { email: 'voluntariado@ejemplo.org', password: 'Demo1234' },
  sponsorship: { email: 'apadrinamiento@ejemplo.org', password: 'Demo1234' },
} as const;

test.describe('staff roles', () => {
  test('a COMMUNICATIONS member sees content and reports, and cannot open donations, donors or refunds', async ({ page, request }) => {
    await login(page, STAFF.communications.email, STAFF.communications.password);
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Reportes' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Donaciones', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);

    await page.goto('/admin/donations');
    await expect(page.getByText('No tienes permiso para ver esta página')).toBeVisible();
    await screenshots(page, 'staff-no-permission');
    await page.getByRole('link', { name: 'Ir a mi panel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The API says the same, whatever the page shows.
    const token = await apiToken(request, STAFF.communications);
    const auth = { authorization: `Bearer ${token}` };
    expect((await request.get('/api/v1/admin/donations', { headers: auth })).status()).toBe(403);
    expect((await request.get('/api/v1/admin/donations/1/donor', { headers: auth })).status()).toBe(403);
    expect((await request.post('/api/v1/admin/donations/1/refund', { headers: auth, data: { reason: 'prueba' } })).status()).toBe(403);
    expect((await request.get('/api/v1/admin/programs', { headers: auth })).status()).toBe(200);
  });

  test('a FINANCE member opens donations, reconciliation and donor details, and may ask for a refund', async ({ page, request }) => {
    const token = await apiToken(request, STAFF.finance);
    const gift = await recordDonation(request, token, { amount: 120, donor_name: 'Marta Cux' });

    await login(page, STAFF.finance.email, STAFF.finance.password);
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Conciliación' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
    await page.goto(`/admin/donations/${gift.id}`);
    await expect(page.getByText('Marta Cux').first()).toBeVisible();
    await expect(page.getByText('No tienes permiso para ver esta página')).toHaveCount(0);
    await screenshots(page, 'staff-finance-donation');

    // The refund is FINANCE's to ask for: the API answers on the gift itself (a pending gift cannot be refunded), never 403.
    const auth = { authorization: `Bearer ${token}` };
    const refund = await request.post(`/api/v1/admin/donations/${gift.id}/refund`, { headers: auth, data: { reason: 'Donó dos veces' } });
    expect(refund.status()).toBe(409);
    expect((await request.get('/api/v1/admin/users', { headers: auth })).status()).toBe(403);
  });

  test('a VOLUNTEER enters a gift received by hand, as pending, and may not approve it', async ({ page, request }) => {
    await login(page, STAFF.volunteer.email, STAFF.volunteer.password);
    await page.goto('/admin/donations');
    await page.getByRole('link', { name: 'Registrar donación' }).click();
    await expect(page).toHaveURL(/\/donations\/new$/);
    const form = page.getByRole('form', { name: 'Registrar una donación' });
    await form.getByRole('button', { name: 'Registrar donación' }).click();
    await expect(form.getByText(/nombre del donante/i).first()).toBeVisible();
    await form.getByRole('textbox', { name: /Nombre del donante/ }).fill('Rosa Tzul');
    await form.getByRole('textbox', { name: /Correo del donante/ }).fill('rosa.tzul.voluntariado@correo.gt');
    await form.getByLabel(/^Monto/).fill('275');
    await screenshots(page, 'staff-volunteer-gift-entry');
    await form.getByRole('button', { name: 'Registrar donación' }).click();
    await expect(page.getByText('Donación registrada')).toBeVisible();
    await expect(page).toHaveURL(/\/donations\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // The review queue shows it pending, without Aprobar/Rechazar; the API refuses the decision too.
    await page.goto('/admin/donations');
    await page.getByLabel('Buscar donaciones').fill('rosa.tzul.voluntariado@correo.gt');
    await expect(page.getByRole('link', { name: `Ver la donación ${id}` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Aprobar la donación/ })).toHaveCount(0);
    const token = await apiToken(request, STAFF.volunteer);
    const approve = await request.post(`/api/v1/admin/donations/${id}/approve`, { headers: { authorization: `Bearer ${token}` } });
    expect(approve.status()).toBe(403);
  });

  test('each staff role starts on its own screen after signing in, and "Mi panel" takes it back there', async ({ page }) => {
    const starts = [
      [STAFF.volunteer, /\/admin\/donations$/, 'Donaciones', 'Revisión de donaciones'],
      [STAFF.sponsorship, /\/admin\/apadrinamiento$/, 'Apadrinamiento', 'Niñas y niños'],
      [STAFF.finance, /\/dashboard$/, 'Panel Admin', 'Panel de administración'],
      [STAFF.communications, /\/dashboard$/, 'Panel Admin', 'Panel de administración'],
    ] as const;
    for (const [account, start, item, heading] of starts) {
      await login(page, account.email, account.password);
      await expect(page).toHaveURL(start);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Navegación del panel' }).first();
      await expect(nav.getByRole('link', { name: item, exact: true })).toHaveAttribute('aria-current', 'page');
      if (item !== 'Panel Admin') await expect(nav.getByRole('link', { name: 'Panel Admin' })).toHaveCount(0);
      if (account === STAFF.volunteer) await screenshots(page, 'staff-volunteer-start');
      await page.goto('/');
      await page.getByRole('link', { name: 'Mi panel' }).first().click();
      await expect(page).toHaveURL(start);
      await page.getByRole('button', { name: 'Salir' }).first().click();
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('the users screen lists every role of an account, at 1280 and 390 px', async ({ page, request }) => {
    const email = uniqueEmail('varios-roles');
    const token = await apiToken(request);
    const created = await request.post('/api/v1/admin/users', {
      headers: { authorization: `Bearer ${token}` },
      data: { email, first_name: 'Irma', last_name: 'Varios Roles', role: 'FINANCE', also_roles: ['VOLUNTEER'] },
    });
    expect(created.status(), await created.text()).toBe(201);

    await login(page, 'admin@ejemplo.org', 'Demo1234');
    await page.goto('/admin/users');
    await page.getByPlaceholder('Buscar por correo o nombre').fill(email);
    await expect(page.getByTestId('users-count')).toHaveText(/^1 de \d+ usuarios$/);
    const row = page.getByRole('row', { name: /Irma Varios Roles/ });
    await expect(row.getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText(['Finanzas (rol principal)', 'Voluntariado']);
    await page.setViewportSize(WIDTHS.phone);
    const card = page.getByRole('list', { name: 'Lista de usuarios' }).getByRole('listitem').filter({ hasText: 'Irma Varios Roles' }).first();
    await expect(card.getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText(['Finanzas (rol principal)', 'Voluntariado']);
    await screenshots(page, 'users-several-roles');
  });
});
