// Monthly giving, staff side, end to end: a donor starts a monthly gift (the demo's simulated charge
// pays its first month, and the gift is active at once), then the admin finds it in "Donaciones
// mensuales", opens it with its charge and cancels it on the donor's request, with the reason required.
import { formatMoney } from '@donaciones/shared/format';
import { apiToken, DEMO, expect, login, screenshots, test, uniqueEmail } from './fixtures';

test('the admin lists, opens and cancels a monthly gift with a reason', async ({ page, request }) => {
  const email = uniqueEmail('padrino');
  const created = await request.post('/api/v1/donate', {
    headers: { 'idempotency-key': `e2e-monthly-admin-${Date.now()}` },
    data: { donorName: 'Padrino Mensual', email, amount: 175, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true, frequency: 'monthly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  // The first payment: the demo's simulated charge, by Procesar or by the monthly job if it ran
  // first (then Procesar finds it no longer pending). Either way the gift is active when it answers.
  const token = await apiToken(request, DEMO.admin);
  const processed = await request.post(`/api/v1/donations/${id}/process`, { headers: { authorization: `Bearer ${token}` } });
  expect([200, 409], await processed.text()).toContain(processed.status());

  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation').getByRole('link', { name: 'Mensuales' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Donaciones mensuales' })).toBeVisible();
  await page.getByLabel('Estado').selectOption('active');
  await expect(page).toHaveURL(/status=active/);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row.getByText('Activa')).toBeVisible();
  await expect(row.getByText('Q175.00')).toBeVisible();
  await screenshots(page, 'monthly-admin-list');

  await row.getByRole('link', { name: /Ver la donación mensual/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Donación mensual #\d+/ })).toBeVisible();
  const charges = page.getByRole('table', { name: 'Cobros de esta donación mensual' });
  await expect(charges.getByText('Completada')).toBeVisible();
  await screenshots(page, 'monthly-admin-detail');

  await page.getByRole('button', { name: 'Cancelar a pedido del donante' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancelar la donación mensual' });
  await dialog.getByRole('button', { name: 'Cancelar donación mensual' }).click();
  await expect(dialog.getByText('Escribe el motivo de la cancelación')).toBeVisible();
  await dialog.getByLabel(/Motivo/).fill('Lo pidió por teléfono');
  await dialog.getByRole('button', { name: 'Cancelar donación mensual' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Esta donación mensual ya terminó.')).toBeVisible();
  await expect(page.getByText('Lo pidió por teléfono')).toBeVisible();
  await expect(page.getByText('El equipo')).toBeVisible();
  await screenshots(page, 'monthly-admin-cancelled');

  // The figures: the dashboard card and the reports' section, from the same API answers.
  await page.getByRole('navigation').getByRole('link', { name: 'Panel Admin' }).first().click();
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Donaciones mensuales' }) });
  // Other specs start and end monthly gifts on the same server meanwhile: the page and the API are read
  // again together until one moment finds them equal.
  await expect(async () => {
    await page.reload();
    const stats = await (await request.get('/api/v1/dashboard/stats', { headers: { authorization: `Bearer ${token}` } })).json();
    await expect(card.getByText(formatMoney(stats.monthly_giving.mrr), { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await screenshots(page, 'monthly-admin-dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Reportes' }).first().click();
  const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Donaciones mensuales' }) });
  await expect(section.getByRole('table', { name: 'Donaciones mensuales por mes' })).toBeVisible();
  await screenshots(page, 'monthly-admin-reports');
});
