// The admin console end to end: users, donation review, reports with each export opened and
// checked, system settings, and the screens at phone and desktop widths.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney, guatemalaDay } from '@donaciones/shared/format';
import { parseCsv } from '../../api/test/support/csv';
import { apiToken, DEMO, expect, login, pdfText, recordDonation, test, uniqueEmail, waitForEmail } from './fixtures';

const pendingDonation = (request: APIRequestContext, token: string, email: string, amount: number) =>
  recordDonation(request, token, { donor_name: 'Prueba Administración', donor_email: email, amount });

/** 'Q1,234.50' (or 'Q 1,234.50') -> 1234.5 */
const moneyValue = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function exportFile(page: Page, format: 'PDF' | 'Excel (.xlsx)' | 'CSV') {
  // The previous export's "Descargado" toast sits over the button, and stays while the pointer rests
  // on it (react-hot-toast pauses on hover): move the pointer away and let it go first.
  await page.mouse.move(10, 700);
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()]);
  const file = await download.path();
  return { file, name: download.suggestedFilename() };
}

test.describe('admin console', () => {
  test('creates, edits and deletes a user', async ({ page }) => {
    const email = uniqueEmail('usuario');
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/users');
    const count = page.getByTestId('users-count');
    await expect(count).toHaveText(/^\d+ de \d+ usuarios$/);

    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(dialog.getByText('El nombre es requerido')).toBeVisible();
    await dialog.getByLabel('Nombre').fill('Gabriela');
    await dialog.getByLabel('Apellido').fill('Cifuentes');
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByLabel('Rol').selectOption('DONOR');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Usuario creado. Le enviamos un correo para que elija su contraseña.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
    await waitForEmail(email, /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/);

    await page.getByPlaceholder('Buscar por correo o nombre').fill(email);
    await expect(count).toHaveText(/^1 de \d+ usuarios$/);
    const row = page.getByRole('row', { name: /Gabriela Cifuentes/ });
    await expect(row.getByText('Donante')).toBeVisible();
    await expect(row.getByText('Nunca')).toBeVisible();

    await row.getByRole('button', { name: 'Editar a Gabriela Cifuentes' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar usuario' });
    await edit.getByLabel('Apellido').fill('Monterroso');
    await edit.getByLabel('Rol').selectOption('USER');
    await edit.getByLabel('Cuenta activa').uncheck();
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(edit).toBeHidden();
    const edited = page.getByRole('row', { name: /Gabriela Monterroso/ });
    await expect(edited.getByText('Usuario', { exact: true })).toBeVisible();
    await expect(edited.getByText('Inactivo')).toBeVisible();

    await edited.getByRole('button', { name: 'Eliminar a Gabriela Monterroso' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminar usuario' });
    await expect(confirm).toContainText('¿Estás seguro de que deseas eliminar este usuario?');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Usuario eliminado')).toBeVisible();
    await expect(count).toHaveText(/^0 de \d+ usuarios$/);
    await expect(page.getByText('No encontramos usuarios')).toBeVisible();
  });

  test('an admin cannot delete their own account', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/users');
    await page.getByPlaceholder('Buscar por correo o nombre').fill(DEMO.admin.email);
    await expect(page.getByRole('row', { name: /Tú/ }).getByRole('button', { name: /^Eliminar a/ })).toBeDisabled();
  });

  test('approves and rejects pending donations', async ({ page, request }) => {
    const token = await apiToken(request);
    const approveEmail = uniqueEmail('aprobar');
    const rejectEmail = uniqueEmail('rechazar');
    const toApprove = await pendingDonation(request, token, approveEmail, 185);
    const toReject = await pendingDonation(request, token, rejectEmail, 35);

    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/donations');
    const search = page.getByPlaceholder('Buscar por correo, nombre o referencia');
    // The queue opens on what needs a decision.
    await expect(page.getByLabel('Estado')).toHaveValue('PENDING');
    await page.getByLabel('Estado').selectOption('');

    await search.fill(toApprove.reference_code);
    const row = page.getByRole('row', { name: new RegExp(toApprove.reference_code) });
    await expect(row.getByText('Pendiente')).toBeVisible();
    await expect(row.getByRole('link', { name: `Ver la donación ${toApprove.id}` })).toHaveAttribute('href', `/admin/donations/${toApprove.id}`);
    await row.getByRole('button', { name: `Aprobar la donación ${toApprove.reference_code}` }).click();
    const approve = page.getByRole('alertdialog', { name: 'Aprobar donación' });
    await expect(approve).toContainText('le enviaremos un correo al donante');
    await expect(approve).toContainText(approveEmail);
    await approve.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await expect(approve).toBeHidden();
    await expect(page.getByText('Donación aprobada. Avisamos al donante por correo.')).toBeVisible();
    await expect(row.getByText('Completada')).toBeVisible();
    await expect(row.getByRole('button', { name: /Aprobar/ })).toHaveCount(0);
    await waitForEmail(approveEmail, new RegExp(`${toApprove.reference_code.replace('#', '#?')}`));

    await page.getByLabel('Estado').selectOption('PENDING');
    await search.fill(rejectEmail);
    const pending = page.getByRole('row', { name: new RegExp(toReject.reference_code) });
    await pending.getByRole('button', { name: `Rechazar la donación ${toReject.reference_code}` }).click();
    const reject = page.getByRole('alertdialog', { name: 'Rechazar donación' });
    await expect(reject).toContainText('El donante podrá intentar donar de nuevo o contactar a soporte.');
    await reject.getByRole('button', { name: 'Rechazar', exact: true }).click();
    await expect(reject.getByText('Escribe el motivo del rechazo: queda en la donación y en su historial')).toBeVisible();
    await reject.getByLabel(/Motivo del rechazo/).fill('No encontramos la transferencia en la cuenta');
    await reject.getByRole('button', { name: 'Rechazar', exact: true }).click();
    await expect(reject).toBeHidden();
    await waitForEmail(rejectEmail, /Motivo: No encontramos la transferencia en la cuenta/);
    await expect(page.getByText('Donación rechazada')).toBeVisible();
    // Filtered by PENDING, the decided donation leaves the list.
    await expect(page.getByText('No hay donaciones que coincidan')).toBeVisible();
    await page.getByLabel('Estado').selectOption('');
    await expect(page.getByRole('row', { name: new RegExp(toReject.reference_code) }).getByText('Fallida')).toBeVisible();

    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByRole('row', { name: new RegExp(toReject.reference_code) })).toBeVisible();
  });

  test('reports: period change and every export downloaded and opened', async ({ page, request }) => {
    const token = await apiToken(request);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Estadísticas mensuales' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Gráfica del monto aprobado en el período' })).toBeVisible();

    await page.getByLabel('Período', { exact: true }).selectOption('year');
    // The year is the calendar year in course (docs/product.md#figures): January to this month.
    const monthsSoFar = Number(guatemalaDay(new Date()).slice(5, 7));
    const monthly = page.getByRole('table', { name: 'Estadísticas mensuales' });
    await expect(monthly.locator('tbody tr')).toHaveCount(monthsSoFar);
    const totalCard = page.getByText('Total recaudado', { exact: true }).locator('xpath=../..').locator('p.font-display');
    await expect(totalCard).toHaveText(/Q/);
    const shown = moneyValue((await totalCard.textContent())!);

    /** The year's total now, to compare with a file in case a donation was decided meanwhile. */
    const apiTotal = async () =>
      (await (await request.get('/api/v1/admin/analytics?period=year', { headers: { authorization: `Bearer ${token}` } })).json()).summary.total_amount as number;

    const csv = await exportFile(page, 'CSV');
    expect(csv.name).toMatch(/^reporte-donaciones-year-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(csv.file, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    expect(rows[0][0]).toBe('Reporte de donaciones');
    const csvTotal = Number(rows.find((r) => r[0] === 'Total recaudado (Q)')![1]);
    expect([shown, await apiTotal()]).toContain(csvTotal);
    const header = rows.findIndex((r) => r[0] === 'Mes');
    expect(rows[header]).toEqual(['Mes', 'Donaciones', 'Monto (Q)', 'Usuarios nuevos']);
    expect(rows.slice(header + 1, header + 1 + monthsSoFar).every((r) => /^\p{L}+ de \d{4}$/u.test(r[0]))).toBe(true);

    const xlsx = await exportFile(page, 'Excel (.xlsx)');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx.file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Resumen', 'Estadísticas mensuales', 'Principales donantes', 'Tendencias recientes', 'Por programa', 'Donaciones mensuales']);
    let xlsxTotal = NaN;
    wb.getWorksheet('Resumen')!.eachRow((r) => {
      if (r.getCell(1).value === 'Total recaudado') xlsxTotal = Number(r.getCell(2).value);
    });
    expect([shown, await apiTotal()]).toContain(xlsxTotal);
    expect(wb.getWorksheet('Estadísticas mensuales')!.rowCount).toBe(monthsSoFar + 1);

    const pdf = await exportFile(page, 'PDF');
    expect(pdf.name).toMatch(/\.pdf$/);
    const content = await pdfText(pdf.file);
    expect(content).toContain('Reporte de donaciones');
    expect(content).toContain('Año en curso');
    expect([formatMoney(shown), formatMoney(await apiTotal())].some((text) => content.includes(text))).toBe(true);

    await page.getByLabel('Período', { exact: true }).selectOption('week');
    await expect(monthly.locator('tbody tr')).not.toHaveCount(12);
  });

  test('saves the system settings with the success message for 3 seconds', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/settings');
    await expect(page.getByRole('tab', { name: 'Sistema' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Configuración del sistema' });
    const name = form.getByLabel('Nombre del sistema');
    await expect(name).not.toHaveValue('');
    const original = await name.inputValue();

    await form.getByLabel('Monto mínimo de donación (Q)').fill('900000');
    await form.getByLabel('Monto máximo de donación (Q)').fill('100');
    await form.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(form.getByText('El monto mínimo no puede ser mayor que el máximo')).toBeVisible();
    await form.getByLabel('Monto mínimo de donación (Q)').fill('1');
    await form.getByLabel('Monto máximo de donación (Q)').fill('50000');

    const renamed = `Plataforma e2e ${randomBytes(2).toString('hex')}`;
    await name.fill(renamed);
    await form.getByRole('button', { name: 'Guardar configuración' }).click();
    const success = form.getByText('Configuración del sistema guardada exitosamente');
    await expect(success).toBeVisible();
    await expect(success).toBeHidden({ timeout: 5000 });

    await page.reload();
    await expect(page.getByRole('form', { name: 'Configuración del sistema' }).getByLabel('Nombre del sistema')).toHaveValue(renamed);
    await page.getByRole('form', { name: 'Configuración del sistema' }).getByLabel('Nombre del sistema').fill(original);
    await page.getByRole('form', { name: 'Configuración del sistema' }).getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(page.getByText('Configuración del sistema guardada exitosamente')).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`admin screens fit a ${width} px screen`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await login(page, DEMO.admin.email, DEMO.admin.password);
      for (const [name, url, ready] of [
        ['panel', '/dashboard', () => page.getByRole('heading', { name: 'Actividad reciente' })],
        ['usuarios', '/admin/users', () => page.getByTestId('users-count')],
        ['donaciones', '/admin/donations', () => page.getByText(/^Mostrando /)],
        ['reportes', '/admin/reports', () => page.getByRole('heading', { name: 'Principales donantes' })],
        ['sistema', '/admin/settings', () => page.getByRole('heading', { name: 'Próximos eventos' })],
      ] as const) {
        await page.goto(url);
        await expect(ready()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${url} a ${width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: testInfo.outputPath(`admin-${name}-${width}.png`), fullPage: true });
      }
    });
  }
});
