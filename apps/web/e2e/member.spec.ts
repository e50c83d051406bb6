// The donor and user area: dashboards, own donations, history, receipts (a real PDF),
// programs, and the settings screen with profile, preferences and the password change.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO, expect, login, pdfText as pdfPages, screenshots, statusError, test, WIDTHS } from './fixtures';

const screens = (page: Page, name: string) => screenshots(page, `member-${name}`);

/** The PDF's text with every run of white space as one space. */
const pdfText = async (file: string) => (await pdfPages(file)).replace(/\s+/g, ' ');

const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A new account of its own, so changing its password does not disturb other tests. */
async function registerAccount(page: Page, password = 'Inicial123') {
  const email = `e2e.miembro.${randomBytes(4).toString('hex')}@prueba.gt`;
  const res = await page.request.post('/api/v1/auth/register', {
    data: { name: 'Marta Miembro', email, password, confirmPassword: password, acceptTerms: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password };
}

test.describe('donor area', () => {
  test('the demo donor sees totals, milestone, activity, events, programs and impact', async ({ page }) => {
    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /Hola, Diego/ })).toBeVisible();
    const tiles = page.getByTestId('stat-tiles');
    await expect(tiles.getByText('Total donado')).toBeVisible();
    await expect(tiles.getByText('Racha de donaciones')).toBeVisible();
    await expect(tiles.getByText(/Q\s?[\d,]+\.\d\d/).first()).toBeVisible();

    const level = page.getByTestId('level-card');
    await expect(level.getByRole('progressbar')).toBeVisible();
    await expect(level.getByText(/Próxima meta|nivel más alto/)).toBeVisible();
    await expect(page.getByTestId('impact-card').getByText('refacciones, aproximadamente')).toBeVisible();
    await expect(page.getByTestId('impact-how')).toContainText('Lo estimamos dividiendo tu total donado');
    await expect(page.getByTestId('activity-card').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('recent-donations-card').getByText(/#MG\d{8}/).first()).toBeVisible();
    await expect(page.getByTestId('events-card').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('programs-section').getByRole('progressbar').first()).toBeVisible();
    await screens(page, 'donor-dashboard');

    // The aliases lead to the same dashboard.
    await page.goto('/donor-dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the dashboard shows its error with a retry when the stats cannot be loaded', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(statusError(404)); // the stats answer replaced below, on purpose
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await page.route('**/api/v1/dashboard/stats', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"x"}' }));
    await page.goto('/dashboard');
    await expect(page.getByText('Error al cargar los datos del dashboard').first()).toBeVisible();
    await page.unroute('**/api/v1/dashboard/stats');
    await page.getByRole('button', { name: 'Reintentar' }).first().click();
    await expect(page.getByTestId('stat-tiles')).toBeVisible();
  });

  test('own donations, history, programs and receipts, with a real PDF download', async ({ page }) => {
    await login(page, DEMO.donor.email, DEMO.donor.password);

    await page.goto('/donor/donations');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis donaciones' })).toBeVisible();
    await expect(page.getByText(/Mostrando 1–\d+ de \d+/)).toBeVisible();
    await page.getByLabel('Estado').selectOption('completed');
    await expect(page.locator('table').getByText('Pendiente')).toHaveCount(0);
    await expect(page.locator('table').getByText('Completada').first()).toBeVisible();
    await screens(page, 'donor-donations');

    await page.goto('/donor/history');
    await expect(page.getByRole('heading', { level: 1, name: 'Historial' })).toBeVisible();
    await expect(page.getByTestId('history-total')).toContainText('Total donado');
    const year = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Guatemala', year: 'numeric' }).format(new Date());
    await expect(page.getByRole('heading', { level: 2, name: year })).toBeVisible();
    await expect(page.getByText(`Total ${year}`)).toBeVisible();
    // The history comes 50 at a time: the foot says how many of the account's gifts are shown.
    const shownGifts = page.getByTestId('load-more');
    await expect(shownGifts).toContainText(/Se muestran \d+ de \d+ donaci/);
    const [shown, total] = ((await shownGifts.innerText()).match(/\d+/g) ?? []).map(Number);
    expect(shown).toBe(Math.min(total, 50));
    await expect(shownGifts.getByRole('button', { name: 'Ver donaciones anteriores' })).toHaveCount(total > 50 ? 1 : 0);
    await screens(page, 'donor-history');

    await page.goto('/donor/programs');
    await expect(page.getByRole('heading', { level: 1, name: 'Programas' })).toBeVisible();
    await expect(page.getByRole('progressbar').first()).toBeVisible();
    await screens(page, 'donor-programs');

    await page.goto('/donor/receipts');
    await expect(page.getByRole('heading', { level: 1, name: 'Recibos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Constancias anuales' })).toBeVisible();
    await expect(page.getByTestId('load-more')).toContainText(/Se muestran \d+ de \d+ recibos?/);
    await screens(page, 'donor-receipts');

    // The first receipt of the table: its reference and amount must be printed in the PDF.
    const row = page.locator('table tbody tr').first();
    const reference = normalize(await row.locator('td').nth(2).innerText());
    const amount = normalize(await row.locator('td').nth(4).innerText());
    expect(reference).toMatch(/^#MG\d{8}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /Descargar recibo/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^constancia-[A-Z0-9]{1,10}-\d{6}\.pdf$/);
    const text = await pdfText(await download.path());
    expect(text).toContain(reference);
    // The same figure, whichever space the browser's and the server's currency formats put after the Q.
    expect(text.replace(/\s/g, '')).toContain(amount.replace(/\s/g, ''));
    expect(text).toContain('Diego Donante');
    expect(text).toMatch(/quetzales/);

    // The yearly statement downloads too.
    const [statement] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Descargar constancia ${year}` }).click()]);
    expect(statement.suggestedFilename()).toBe(`constancia-donaciones-${year}.pdf`);
    expect(await pdfText(await statement.path())).toContain(`Constancia anual de donaciones ${year}`);
  });

  test('a gift of Mis donaciones opens its page in the donor area, where its owner cancels it while pending, and the page returns to the same filter', async ({ page }) => {
    await page.setViewportSize(WIDTHS.phone);
    const account = await registerAccount(page);
    const token = (await (await page.request.post('/api/v1/auth/login', { data: account })).json()).access_token as string;
    const made = await page.request.post('/api/v1/donations', {
      headers: { authorization: `Bearer ${token}` },
      data: { donor_name: 'Marta Miembro', donor_email: account.email, amount: 240 },
    });
    expect(made.status(), await made.text()).toBe(201);
    const gift = (await made.json()) as { id: number; reference_code: string };
    await login(page, account.email, account.password);

    await page.goto('/donor/donations?status=pending');
    const cards = page.getByRole('list', { name: 'Tus donaciones' });
    const link = cards.getByRole('link', { name: `Q240.00, ver la donación ${gift.reference_code}` });
    await expect(link).toBeVisible();
    await screens(page, 'donor-donations-links');
    await page.setViewportSize(WIDTHS.phone);
    // A keyboard reaches it and Enter opens it.
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/donor/donations/${gift.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Donación #${gift.id}` })).toBeVisible();
    // Still the signed-in area: at 390 px its drawer menu (this new account is a plain USER until a gift
    // completes, and its menu has "Mis donaciones" too, current here), and no public header.
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawerMenu = page.getByRole('dialog').getByRole('navigation', { name: 'Navegación del panel' });
    await expect(drawerMenu.getByRole('link', { name: 'Mi panel' })).toBeVisible();
    await expect(drawerMenu.getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // Pending: no completion yet, so it reads the day it was made, the day Mis donaciones gives it.
    await expect(page.getByTestId('donation-date')).toHaveText(/^Registrada el \d\d\/\d\d\/\d{4}$/);
    await screens(page, 'own-gift');
    await page.setViewportSize(WIDTHS.phone);

    await page.getByRole('button', { name: 'Cancelar donación' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar donación' }).click();
    await expect(page.getByTestId('outcome-note')).toHaveText('Esta donación fue cancelada');
    await page.getByRole('link', { name: 'Volver a Mis donaciones' }).click();
    await expect(page).toHaveURL(/\/donor\/donations\?status=pending$/);
    await expect(page.getByText('No tienes donaciones con este filtro.')).toBeVisible();
  });

  test('a recent gift of the dashboard opens its page in the donor area, dated as Mis donaciones dates it, and returns to the panel', async ({ page }) => {
    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto('/dashboard');
    const recent = page.getByTestId('recent-donations-card').getByRole('link', { name: /#MG\d{8}/ }).first();
    const reference = (await recent.textContent())?.match(/#MG\d{8}/)?.[0] ?? '';
    await recent.click();
    await expect(page).toHaveURL(/\/donor\/donations\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Donación #\d+$/ })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Navegación del panel' });
    await expect(menu.getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Mi panel' })).not.toHaveAttribute('aria-current');
    // The heading gives the day Mis donaciones shows for the gift: its completion's, or while pending the day it was made.
    const completed = (await page.getByTestId('outcome-note').filter({ hasText: 'Esta donación fue completada' }).count()) === 1;
    const dated = page.getByTestId('donation-date');
    await expect(dated).toHaveText(new RegExp(`^${completed ? 'Completada' : 'Registrada'} el \\d\\d/\\d\\d/\\d{4}$`));
    const day = ((await dated.textContent()) ?? '').slice(-10);
    await screens(page, 'own-gift-completed');
    // At 390 px the same menu is in the drawer, the same item current.
    await page.setViewportSize(WIDTHS.phone);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await page.setViewportSize(WIDTHS.desktop);
    await page.getByRole('link', { name: 'Volver a Mi panel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/donor/donations');
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row.getByRole('cell', { name: day })).toBeVisible();
  });

  test('phones get cards instead of tables and the drawer navigation', async ({ page }) => {
    await page.setViewportSize(WIDTHS.phone);
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto('/donor/donations');
    await expect(page.locator('table')).toBeHidden();
    await expect(page.getByRole('list', { name: 'Tus donaciones' }).getByRole('listitem').first()).toBeVisible();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Historial' }).click();
    await expect(page).toHaveURL(/\/donor\/history$/);
  });
});

test.describe('user area', () => {
  test('the demo user gets the user dashboard with an empty state', async ({ page }) => {
    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.user.email, DEMO.user.password);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /Hola/ })).toBeVisible();
    await expect(page.getByTestId('level-card').getByRole('progressbar')).toBeVisible();
    await expect(page.getByTestId('events-card').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('programs-section').getByRole('progressbar').first()).toBeVisible();
    await expect(page.getByTestId('activity-card')).toBeVisible();
    await screens(page, 'user-dashboard');

    await page.goto('/donor/receipts');
    await expect(page.getByText('Aún no tienes recibos. Cada donación completada genera uno.')).toBeVisible();
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Perfil Personal' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Sistema' })).toHaveCount(0);
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(DEMO.user.email);
    await screens(page, 'user-settings');
  });

  test('a new account sees the empty dashboard', async ({ page }) => {
    const account = await registerAccount(page);
    await login(page, account.email, account.password);
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-empty')).toContainText('Aún no tienes donaciones');
    await expect(page.getByTestId('dashboard-empty').getByRole('link', { name: 'Hacer una donación' })).toBeVisible();
    await screens(page, 'new-account-dashboard');
  });
});

test.describe('settings', () => {
  test('profile and preferences are saved with messages that vanish after 3 s', async ({ page }) => {
    const account = await registerAccount(page);
    await login(page, account.email, account.password);
    await page.goto('/settings');

    const email = page.getByLabel('Correo electrónico');
    await expect(email).toHaveValue(account.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(page.getByText(/^Tu correo no se puede cambiar desde aquí\. Para cambiarlo, escribe desde él a .+@.+ y dinos cuál es el nuevo\.$/)).toBeVisible();

    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('');
    await page.getByLabel('Teléfono').fill('123');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('El nombre es requerido')).toBeVisible();
    await expect(page.getByText('Escribe un teléfono válido: 8 dígitos en Guatemala, o + y el código del país si es de otro país (hasta 15 dígitos en total)')).toBeVisible();

    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Marta Lucía');
    await page.getByLabel('Apellido').fill('Xicará');
    await page.getByLabel('Teléfono').fill('+502 5555 1234');
    await page.getByLabel('Dirección').fill('4a avenida 10-20, zona 1, Ciudad de Guatemala');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const saved = page.getByText('Perfil actualizado exitosamente');
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 5000 });
    await page.reload();
    await expect(page.getByLabel('Apellido')).toHaveValue('Xicará');
    await expect(page.getByLabel('Teléfono')).toHaveValue('+502 5555 1234');

    await page.getByRole('tab', { name: 'Preferencias' }).click();
    await page.getByLabel('Causa favorita').selectOption({ index: 1 });
    await expect(page.getByLabel(/SMS|Informe mensual/)).toHaveCount(0);
    await page.getByLabel('Agradecimientos y recibos por correo').uncheck();
    await expect(page.getByLabel('Invitaciones por correo')).not.toBeChecked();
    await page.getByLabel('Invitaciones por correo').check();
    await page.getByLabel('Mostrar mis donaciones públicamente').check();
    await page.getByRole('button', { name: 'Guardar preferencias' }).click();
    const prefsSaved = page.getByText('Preferencias guardadas exitosamente');
    await expect(prefsSaved).toBeVisible();
    await screens(page, 'settings-preferences');
    await expect(prefsSaved).toBeHidden({ timeout: 5000 });
    await page.reload();
    await page.getByRole('tab', { name: 'Preferencias' }).click();
    await expect(page.getByLabel('Agradecimientos y recibos por correo')).not.toBeChecked();
    await expect(page.getByLabel('Invitaciones por correo')).toBeChecked();
    await expect(page.getByLabel('Mostrar mis donaciones públicamente')).toBeChecked();
    await expect(page.getByLabel('Causa favorita')).not.toHaveValue('');
  });

  test('the password change checks the current one, then the new one signs in', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(statusError(400)); // the wrong current password, on purpose
    const account = await registerAccount(page);
    await login(page, account.email, account.password);
    await page.goto('/donor/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi perfil' })).toBeVisible();

    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Contraseña actual').fill('NoEsLaMia99');
    await dialog.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('Cambiada456');
    await dialog.getByLabel('Confirmar nueva contraseña').fill('Distinta456');
    await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(dialog.getByText('Las contraseñas nuevas no coinciden')).toBeVisible();

    await dialog.getByLabel('Confirmar nueva contraseña').fill('Cambiada456');
    await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(dialog.getByText('La contraseña actual no es correcta.')).toBeVisible();
    await screens(page, 'change-password');

    await dialog.getByLabel('Contraseña actual').fill(account.password);
    await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Contraseña cambiada exitosamente')).toBeVisible();

    // This session keeps working; then sign out and in again with the new password.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /Hola/ })).toBeVisible();
    await page.getByRole('button', { name: 'Salir' }).first().click();
    await expect(page).toHaveURL(/\/login$/);

    const old = await page.request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } });
    expect(old.status()).toBe(401);
    await login(page, account.email, 'Cambiada456');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('admins reach the same settings screen at /admin/settings', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/settings');
    // The admin's Configuración link opens the Sistema tab; the personal tabs are beside it.
    await expect(page.getByRole('tab', { name: 'Sistema' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Preferencias' })).toBeVisible();
    await page.getByRole('tab', { name: 'Perfil Personal' }).click();
    // By role: the Sistema tab, opened first, stays mounted (hidden) with its own contact email field.
    await expect(page.getByRole('textbox', { name: 'Correo electrónico', exact: true })).toHaveValue(DEMO.admin.email);
  });
});
