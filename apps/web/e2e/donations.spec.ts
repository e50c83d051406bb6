// The donation screens: list with client-side search and filters, detail with process and
// cancel (confirm dialog), unknown ids, the new-donation form with inline validation, and /stats
// whose figures match the API. Screenshots at 390 and 1280 px in test-results/screens.
import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney, formatNumber, formatPercent } from '@donaciones/shared/format';
import { type ApiDonation, apiToken, DEMO, expect, login, recordDonation, screenshots, statusError, test, WIDTHS } from './fixtures';

const screens = (page: Page, name: string) => screenshots(page, `donations-${name}`);

/** docs/product.md#money-currencies-and-formats: `Q185.00` (no space after the symbol). */
const money = { format: (n: number) => formatMoney(n) };

/** A pending donation recorded through the API by the given account (who becomes its owner). */
const pendingDonation = (request: APIRequestContext, token: string, overrides: Record<string, unknown> = {}): Promise<ApiDonation> =>
  recordDonation(request, token, { donation_type: 'goods', description: 'Útiles escolares para la escuela de Chinautla', ...overrides });

test.describe('donation list', () => {
  test('searches by donor name or email and filters by type on the page; a visitor has no status filter', async ({ page }) => {
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto('/donations');
    await expect(page.getByRole('heading', { level: 1, name: 'Donaciones' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Donaciones registradas' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const rowCount = await table.locator('tbody tr').count();
    expect(rowCount).toBeGreaterThan(10);

    // Visitors see donors masked (docs/product.md#donor-privacy).
    await expect(table.locator('tbody tr').first()).toContainText(/\*\*\*@/);

    // A visitor only ever sees completed donations: no status to choose, and no empty Referencia column.
    await expect(page.getByLabel('Filtrar por estado')).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Referencia' })).toHaveCount(0);
    const statusCells = table.locator('tbody tr td:nth-child(4)');
    await expect.poll(async () => (await statusCells.allInnerTexts()).every((t) => t.trim() === 'Completada')).toBe(true);

    // Type filter on top of it.
    await page.getByLabel('Filtrar por tipo').selectOption('goods');
    await expect(page).toHaveURL(/[?&]type=goods/);
    await expect.poll(async () => (await table.locator('tbody tr td:nth-child(3)').allInnerTexts()).every((t) => t.trim() === 'En especie')).toBe(true);

    // Search by the first donor's name, then by a text nobody has.
    await page.getByLabel('Filtrar por tipo').selectOption('');
    await expect(page).not.toHaveURL(/[?&]type=/);
    await expect(table.locator('tbody tr')).toHaveCount(rowCount);
    const firstName = (await table.locator('tbody tr td:nth-child(1) a').first().innerText()).split(' ')[0];
    await page.getByRole('searchbox', { name: /Buscar donaciones/ }).fill(firstName.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(firstName.toLowerCase())}`));
    await expect(page.getByTestId('donations-count')).toContainText('coincid');
    // The API answers the search over the whole ledger; every row shown matches it.
    await expect
      .poll(async () => (await table.locator('tbody tr td:nth-child(1)').allInnerTexts()).every((t) => t.toLowerCase().includes(firstName.toLowerCase())))
      .toBe(true);
    await page.getByRole('searchbox', { name: /Buscar donaciones/ }).fill('zzz-nadie');
    await expect(page.getByText('Ninguna donación coincide')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(rowCount);
    await screens(page, 'list');

    // Links to the detail and to the new-donation form.
    const firstLink = table.locator('tbody tr td:nth-child(1) a').first();
    const href = await firstLink.getAttribute('href');
    await firstLink.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: /^Donación #\d+$/ })).toBeVisible();
    await page.getByRole('link', { name: 'Volver a donaciones' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Donar' }).first().click();
    await expect(page).toHaveURL(/\/donate$/);
  });

  test('pages forward and back by the API cursor, with the page numbers as before (decision 0058)', async ({ page }) => {
    await page.goto('/donations');
    const table = page.getByRole('table', { name: 'Donaciones registradas' });
    const pager = page.getByRole('navigation', { name: 'Páginas de donaciones' });
    await expect(pager).toContainText(/Donaciones 1–20 de \d+ · Página 1 de \d+/);
    const firstPage = await table.locator('tbody tr td:nth-child(1) a').allInnerTexts();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/donations?')) asked.push(r.url());
    });
    await pager.getByRole('button', { name: /Más antiguas/ }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager).toContainText(/Donaciones 21–40 de \d+ · Página 2 de \d+/);
    await pager.getByRole('button', { name: /Más antiguas/ }).click();
    await expect(pager).toContainText(/Donaciones 41–60 de \d+ · Página 3 de \d+/);
    // Each older page was asked after the last row of the one before, never by offset.
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((url) => new URL(url).searchParams.has('after') && !new URL(url).searchParams.has('offset'))).toBe(true);
    await pager.getByRole('button', { name: /Más recientes/ }).click();
    await pager.getByRole('button', { name: /Más recientes/ }).click();
    await expect(pager).toContainText(/Donaciones 1–20 de \d+ · Página 1 de \d+/);
    await expect.poll(() => table.locator('tbody tr td:nth-child(1) a').allInnerTexts()).toEqual(firstPage);
  });

  test('ADMIN sees donors in full', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/donations');
    const table = page.getByRole('table', { name: 'Donaciones registradas' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.locator('tbody')).not.toContainText('***@');
  });
});

test.describe('donation detail', () => {
  test('ADMIN processes a pending donation', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.admin);
    const donation = await pendingDonation(request, token, { donation_type: 'goods', amount: 250.5 });
    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto(`/donations/${donation.id}`);

    await expect(page.getByRole('heading', { level: 1, name: `Donación #${donation.id}` })).toBeVisible();
    await expect(page.getByText(/^Registrada el \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    for (const title of ['Información del donante', 'Detalles de la donación', 'Acciones', 'Resumen']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByText('Rosa Xicará Ajú')).toBeVisible();
    await expect(page.getByText(money.format(250.5)).first()).toBeVisible();
    await expect(page.getByText('Útiles escolares para la escuela de Chinautla')).toBeVisible();
    await screens(page, 'detail-pending');

    await page.getByRole('button', { name: 'Procesar donación' }).click();
    await expect(page.getByText('¡Donación procesada con éxito!')).toBeVisible();
    await expect(page.getByTestId('outcome-note')).toHaveText('Esta donación fue completada');
    await expect(page.getByRole('button', { name: 'Procesar donación' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancelar donación' })).toHaveCount(0);
    const res = await request.get(`/api/v1/donations/${donation.id}`);
    expect((await res.json()).status).toBe('completed');
    await screens(page, 'detail-completed');
  });

  test('cancel asks for confirmation in a dialog, and the owner may cancel', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.user);
    const donation = await pendingDonation(request, token, { donation_type: 'monetary', amount: 75 });
    await login(page, DEMO.user.email, DEMO.user.password);
    await page.goto(`/donations/${donation.id}`);
    await expect(page.getByRole('button', { name: 'Cancelar donación' })).toBeVisible();
    // Only ADMIN processes.
    await expect(page.getByRole('button', { name: 'Procesar donación' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Cancelar donación' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Seguro que quieres cancelar esta donación?' });
    await expect(dialog).toBeVisible();
    await screens(page, 'cancel-confirm');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancelar donación' })).toBeFocused();

    await page.getByRole('button', { name: 'Cancelar donación' }).click();
    await dialog.getByRole('button', { name: 'Conservar donación' }).click();
    await expect(dialog).toBeHidden();
    expect((await (await request.get(`/api/v1/donations/${donation.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).status).toBe('pending');

    await page.getByRole('button', { name: 'Cancelar donación' }).click();
    await dialog.getByRole('button', { name: 'Cancelar donación' }).click();
    await expect(page.getByText('Donación cancelada', { exact: true })).toBeVisible();
    await expect(page.getByTestId('outcome-note')).toContainText('Esta donación fue cancelada');
    expect((await (await request.get(`/api/v1/donations/${donation.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).status).toBe('cancelled');
  });

  test('shows no actions to a visitor, and a failed cancel says so', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(statusError(409)); // the cancel of a donation cancelled elsewhere, on purpose
    const token = await apiToken(request, DEMO.admin);
    // Visitors only see completed donations (docs/product.md#donor-privacy): a pending one is a 404 to them.
    const given = await pendingDonation(request, token);
    const processed = await request.post(`/api/v1/donations/${given.id}/process`, { headers: { authorization: `Bearer ${token}` } });
    expect((await processed.json()).status).toBe('completed');
    await page.goto(`/donations/${given.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Donación #${given.id}` })).toBeVisible();
    await expect(page.getByTestId('outcome-note')).toContainText('Esta donación fue completada');
    await expect(page.getByRole('button', { name: /Procesar donación|Cancelar donación/ })).toHaveCount(0);
    await expect(page.getByText(`${given.donor_email[0]}***@correo.gt`)).toBeVisible();
    await expect(page.getByText('Rosa X.', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(given.reference_code)).toHaveCount(0);

    // A pending donation is cancelled elsewhere while the admin's page is open: 409 -> the failure toast.
    const donation = await pendingDonation(request, token);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto(`/donations/${donation.id}`);
    await expect(page.getByRole('button', { name: 'Cancelar donación' })).toBeVisible();
    const gone = await request.post(`/api/v1/donations/${donation.id}/cancel`, { headers: { authorization: `Bearer ${token}` } });
    expect(gone.status()).toBe(200);
    await page.getByRole('button', { name: 'Cancelar donación' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar donación' }).click();
    await expect(page.getByText('No se pudo cancelar la donación')).toBeVisible();
    await expect(page.getByTestId('outcome-note')).toContainText('Esta donación fue cancelada');
  });

  test('an unknown or malformed id goes back to the list with "No encontramos esta donación"', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(statusError(404));
    await page.goto('/donations/999999');
    await expect(page).toHaveURL(/\/donations$/);
    await expect(page.getByText('No encontramos esta donación')).toBeVisible();
    await page.goto('/donations/abc');
    await expect(page).toHaveURL(/\/donations$/);
    await expect(page.getByText('No encontramos esta donación')).toBeVisible();
  });

  test('a load failure other than 404 goes back with "No pudimos cargar la donación"', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(statusError(429));
    // A 429 is not retried (docs/product.md#limits-and-constants), so the failure shows at once.
    await page.route('**/api/v1/donations/1', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"detail":"Demasiadas solicitudes. Por favor intenta más tarde."}' }),
    );
    await page.goto('/donations/1');
    await expect(page).toHaveURL(/\/donations$/);
    await expect(page.getByText('No pudimos cargar la donación')).toBeVisible();
  });
});

test.describe('new donation', () => {
  test('donors have one flow: /donations/new takes them to /donate', async ({ page }) => {
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto('/donations/new');
    await expect(page).toHaveURL(/\/donate$/);
  });

  test('validates inline with the Spanish messages and records a pending donation that opens on its review page', async ({ page, allowConsoleErrors }) => {
    // The settings' bounds are the server's: its 400 answers are shown on the amount.
    allowConsoleErrors(statusError(400));
    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/donations/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Registrar una donación' })).toBeVisible();
    // Staff register someone else's gift: the donor is typed, not taken from the account.
    await expect(page.getByLabel('Correo del donante')).toHaveValue('');

    await page.getByLabel('Nombre del donante').fill('');
    await page.getByLabel('Monto').fill('0.5');
    await page.getByRole('button', { name: 'Registrar donación' }).click();
    await expect(page.getByText('El nombre del donante es requerido')).toBeVisible();
    await expect(page.getByLabel('Nombre del donante')).toHaveAttribute('aria-invalid', 'true');
    await screens(page, 'new-errors');

    // The bounds are the settings' (the public checkout's), checked by the server and shown on the field.
    await page.getByLabel('Nombre del donante').fill('Héctor Monterroso');
    await page.getByRole('button', { name: 'Registrar donación' }).click();
    await expect(page.getByText('El monto mínimo de donación es Q1.00')).toBeVisible();
    await page.getByLabel('Monto').fill('60000');
    await page.getByRole('button', { name: 'Registrar donación' }).click();
    await expect(page.getByText('El monto máximo de donación es Q50,000.00')).toBeVisible();
    await page.getByLabel('Correo del donante').fill('no-es-correo');
    await page.getByLabel('Correo del donante').blur();
    await expect(page.getByText('Ingresa un correo electrónico válido')).toBeVisible();

    await page.getByLabel('Correo del donante').fill('hector.monterroso@correo.gt');
    await page.getByLabel('Monto').fill('350');
    await page.getByLabel('Forma de pago').selectOption('in_kind');
    await page.getByLabel('Qué se recibió').fill('Jornada de clases de refuerzo');
    await page.getByLabel('Cómo se valoró').fill('Cotización de una academia');
    await page.getByRole('button', { name: 'Registrar donación' }).click();

    // The saved gift opens on its review page in the console, where staff approve it once received.
    await expect(page).toHaveURL(/\/admin\/donations\/\d+$/);
    await expect(page.getByText('Donación registrada')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Donación #\d+$/ })).toBeVisible();
    await expect(page.getByText('Héctor Monterroso')).toBeVisible();
    await expect(page.getByText(money.format(350)).first()).toBeVisible();
    await expect(page.getByText('En especie').first()).toBeVisible();
    await expect(page.getByText('Aprueba cuando el dinero o el bien ya se recibió; rechaza si no va a llegar.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Rechazar la donación/ })).toBeVisible();
    await page.getByRole('link', { name: 'Volver a la revisión' }).click();
    await expect(page).toHaveURL(/\/admin\/donations$/);
  });
});

test.describe('statistics', () => {
  test('shows the cards, metrics, recent donations and summary with the API figures; pending ones to ADMIN only', async ({ page, request }) => {
    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.user.email, DEMO.user.password);
    await page.getByRole('link', { name: 'Estadísticas' }).first().click();
    await expect(page).toHaveURL(/\/stats$/);
    await expect(page.getByTestId('stat-success-rate')).toBeVisible();
    const metrics = page.getByTestId('detailed-metrics');
    const summary = page.getByTestId('performance-summary');
    // Other specs complete gifts on the same server meanwhile: the page and the API are read again
    // together until one moment finds them equal.
    await expect(async () => {
      // Never reload while the session's refresh is in flight: its new cookie would be lost and the
      // next refresh, with the spent token, is taken for a stolen one and ends the session.
      await page.waitForLoadState('networkidle');
      await page.reload();
      await expect(page.getByTestId('stat-success-rate')).toBeVisible();
      const stats = await (await request.get('/api/v1/donations/stats')).json();
      // Pending figures are not public (docs/product.md#figures): no card, row or 0 stands in for them.
      expect(stats).toMatchObject({ count_pending: null, total_amount_pending: null });

      const quick = { timeout: 5_000 };
      await expect(page.getByTestId('stat-total-completed')).toContainText('Monto total completado', quick);
      await expect(page.getByTestId('stat-total-completed')).toContainText(money.format(stats.total_amount_completed), quick);
      await expect(page.getByTestId('stat-pending-amount')).toHaveCount(0, quick);
      await expect(page.getByTestId('stat-completed-count')).toContainText('Donaciones completadas', quick);
      await expect(page.getByTestId('stat-completed-count')).toContainText(formatNumber(stats.count_completed), quick);
      await expect(page.getByTestId('stat-success-rate')).toContainText(formatPercent(stats.success_rate), quick);

      const average = stats.count_completed ? stats.total_amount_completed / stats.count_completed : 0;
      await expect(metrics.getByRole('heading', { name: 'Métricas detalladas' })).toBeVisible(quick);
      await expect(metrics).toContainText(`Completadas + fallidas (las pendientes solo las ve el equipo).${formatNumber(stats.count_completed + stats.count_failed)}`, quick);
      await expect(metrics.getByText('Pendientes', { exact: true })).toHaveCount(0, quick);
      await expect(metrics).toContainText(money.format(average), quick);
      await expect(summary.getByRole('heading', { name: 'Resumen de desempeño' })).toBeVisible(quick);
      await expect(summary).toContainText(formatPercent(stats.success_rate), quick);
      await expect(summary).toContainText(money.format(average), quick);
      await expect(summary).not.toContainText('Donaciones pendientes', quick);
    }).toPass({ timeout: 60_000 });

    const recent = page.getByTestId('recent-donations');
    await expect(page.getByRole('heading', { name: 'Donaciones recientes' })).toBeVisible();
    await expect(recent.getByRole('listitem')).toHaveCount(5);

    await screens(page, 'stats');

    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/stats');
    const token = await apiToken(request, DEMO.admin);
    await expect(async () => {
      await page.waitForLoadState('networkidle');
      await page.reload();
      await expect(page.getByTestId('stat-success-rate')).toBeVisible();
      const staff = await (await request.get('/api/v1/donations/stats', { headers: { authorization: `Bearer ${token}` } })).json();
      expect(staff.count_pending).toEqual(expect.any(Number));
      const quick = { timeout: 5_000 };
      await expect(page.getByTestId('stat-pending-amount')).toContainText(`Monto pendiente${money.format(staff.total_amount_pending)}`, quick);
      await expect(metrics).toContainText(`Completadas + pendientes + fallidas.${formatNumber(staff.count_completed + staff.count_pending + staff.count_failed)}`, quick);
      await expect(summary).toContainText(`Donaciones pendientes${formatNumber(staff.count_pending)}`, quick);
    }).toPass({ timeout: 60_000 });
    await screens(page, 'stats-admin');
  });
});
