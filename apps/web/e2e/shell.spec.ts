import { DEMO, expect, login, test } from './fixtures';

test.describe('shell', () => {
  test('the home page renders in Spanish', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('link', { name: 'Inicio' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Donar' }).first()).toBeVisible();
    await expect(page.getByText('1.0.0')).toBeVisible();
  });

  test('an unknown path shows the 404 page, and «Ir al inicio» returns home', async ({ page }) => {
    await page.goto('/esta-pagina-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await page.getByRole('button', { name: 'Ir al inicio' }).or(page.getByRole('link', { name: 'Ir al inicio' })).click();
    await expect(page).toHaveURL('/');
  });

  test('the guard sends a visitor to /login and back to the origin after signing in', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login$/);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test('a user without the role is sent to /dashboard', async ({ page }) => {
    await login(page, DEMO.user.email, DEMO.user.password);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('unknown API paths answer JSON 404, not the app', async ({ request }) => {
    const res = await request.get('/api/v1/no-existe');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Recurso no encontrado' });
  });
});
