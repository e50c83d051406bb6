// Staff roles in the browser (docs/product.md#roles-and-permissions): each demo staff member sees the
// console their permissions open. A COMMUNICATIONS member manages content but cannot open donations,
// donor details or refunds (the page says so in Spanish, and the API refuses too); a FINANCE member
// opens the money side of the console but not the people's accounts.
import { apiToken, expect, login, recordDonation, screenshots, test } from './fixtures';

const STAFF = {
  finance: { email: 'finanzas@ejemplo.org', password: 'Demo1234' },
  communications: { email: 'comunicacion@ejemplo.org', password: 'Demo1234' },
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
});
