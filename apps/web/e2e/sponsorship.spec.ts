// Children's sponsorship against the real server (docs/product.md#sponsorship): a visitor finds a
// waiting child on /apadrina, opens the profile, sponsors through the demo's card (the code of
// conduct refused until accepted, next to the field), and the first monthly charge makes the child
// "Apadrinado" for staff; the demo donor sees "Mi ahijado/a"; staff see the full record. Screens at
// 390 and 1280 px, and axe on every new screen.
import { DEMO, apiToken, expect, futureExpiry, login, screenshots, test, expectAccessible, aWaitingChild } from './fixtures';

const V1 = '/api/v1';

test('a visitor sponsors a waiting child end to end with the demo card', async ({ page, request }) => {
  const tag = `E2E${Date.now().toString(36)}`;
  const name = `Yesenia${tag.slice(-4)}`;
  const childId = await aWaitingChild(request, name, tag);

  await page.goto('/apadrina');
  await expect(page.getByRole('heading', { name: 'Apadrina a una niña o un niño' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByLabel('Departamento').selectOption('Petén');
  const card = page.getByTestId('waiting-child').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(page.getByText(tag)).toHaveCount(0);
  await expectAccessible(page, '/apadrina');
  await screenshots(page, 'sponsorship-list');

  await card.getByRole('link', { name: `Conocer a ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('10 años').or(page.getByText('11 años'))).toBeVisible();
  await expect(page.getByText(tag)).toHaveCount(0);
  await expectAccessible(page, '/apadrina/:id');
  await screenshots(page, 'sponsorship-profile');

  await page.getByRole('button', { name: `Apadrinar a ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Completa tu apadrinamiento' })).toBeVisible();
  await expect(page.getByText(new RegExp(`Reservamos el lugar de ${name} para ti`))).toBeVisible();
  await expectAccessible(page, '/apadrina/reserva');
  await screenshots(page, 'sponsorship-hold');

  const email = `padrino.${tag.toLowerCase()}@example.com`;
  await page.getByLabel(/^Nombre/).fill('Padrino de Prueba');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Vencimiento (MM/AA)').fill(futureExpiry());
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Apadrinar por Q/ }).click();
  await expect(page.getByText('Debes aceptar el código de conducta para apadrinar')).toBeVisible();
  await page.getByLabel('Acepto el código de conducta').check();
  await page.getByRole('button', { name: /Apadrinar por Q/ }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`comenzarás a apadrinar a ${name}`) })).toBeVisible();
  await screenshots(page, 'sponsorship-thanks');

  // The demo's monthly job charges the first payment: the child is then "Apadrinado" and off the list.
  const staff = { authorization: `Bearer ${await apiToken(request)}` };
  await expect
    .poll(async () => (await (await request.get(`${V1}/admin/sponsorship/children/${childId}`, { headers: staff })).json()).child.status, { timeout: 30_000 })
    .toBe('sponsored');
  const list = await (await request.get(`${V1}/sponsorship/children`)).json();
  expect(list.children.map((c: { id: number }) => c.id)).not.toContain(childId);
});

test('the demo donor sees Mi ahijado/a; staff see the full record', async ({ page }) => {
  await login(page, DEMO.donor.email, DEMO.donor.password);
  await page.goto('/donor/ahijado');
  await expect(page.getByRole('heading', { name: 'Mi ahijado/a', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kevin' })).toBeVisible();
  await expect(page.getByText(/Cumple años en abril/)).toBeVisible();
  await expect(page.getByText('Comunidad de demostración')).toHaveCount(0);
  await expectAccessible(page, '/donor/ahijado');
  await screenshots(page, 'sponsorship-my-child');

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/apadrinamiento');
  await expect(page.getByRole('heading', { name: 'Niñas y niños' })).toBeVisible();
  await expectAccessible(page, '/admin/apadrinamiento');
  await screenshots(page, 'sponsorship-staff-list');
  await page.getByRole('link', { name: 'Lupita Ejemplo Ficticio' }).click();
  await expect(page.getByText('Comunidad de demostración').or(page.getByLabel('Comunidad'))).toBeVisible();
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  // Leaving the programme needs its reason, next to the field.
  await page.getByLabel('Estado').selectOption('left');
  await page.getByRole('button', { name: 'Guardar estado' }).click();
  await expect(page.getByText('Escribe el motivo por el que salió del programa')).toBeVisible();
  await expectAccessible(page, '/admin/apadrinamiento/:id');
  await screenshots(page, 'sponsorship-staff-child');
});
