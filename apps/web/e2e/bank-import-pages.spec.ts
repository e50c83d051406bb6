// A long bank import, a page at a time (docs/product.md#bank-deposits): staff import a file of 60 credits
// nobody registered, see the count of the section and its first 50 lines, and page to the rest; the
// other sections, within one page, have no pager.
import { randomBytes } from 'node:crypto';
import { guatemalaDay } from '@donaciones/shared/format';
import { DEMO, expect, login, screenshots, test } from './fixtures';

test('staff page through the unmatched credits of a 60-line bank import', async ({ page }) => {
  const [y, m, d] = guatemalaDay(new Date()).split('-');
  const run = randomBytes(3).toString('hex');
  // Each line's reference (shown after its description) names it. Amounts of Q3.xx: below any gift, so no pending deposit fits them and all 60 stay unmatched.
  const lines = Array.from({ length: 60 }, (_, i) => `${d}/${m}/${y};TRANSFERENCIA ${run} ${i + 1};${run}-${i + 1};;3,${String(i + 10).padStart(2, '0')}`);
  const csv = ['Fecha;Descripción;No. Documento;Débito;Crédito', ...lines].join('\r\n');

  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation').getByRole('link', { name: 'Conciliación' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conciliación bancaria' })).toBeVisible();
  await page.getByRole('combobox', { name: /^Banco/ }).fill(`Banco Páginas e2e ${run}`);
  await page.getByLabel(/Archivo de movimientos/).setInputFiles({ name: 'largo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Leer archivo' }).click();
  await expect(page.getByRole('combobox', { name: /^Crédito/ })).toHaveValue('Crédito');
  await page.getByRole('button', { name: 'Importar y buscar coincidencias' }).click();

  await expect(page.getByRole('heading', { name: 'Movimientos sin coincidencia (60)' })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Páginas de Movimientos sin coincidencia' });
  await expect(pager.getByText('Mostrando 1–50 de 60')).toBeVisible();
  await expect(page.getByText(`· ${run}-50`, { exact: true })).toBeVisible();
  await expect(page.getByText(`· ${run}-51`, { exact: true })).toHaveCount(0);
  await expect(pager.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await expect(page.getByRole('navigation', { name: 'Páginas de Coincidencias propuestas' })).toHaveCount(0);
  await screenshots(page, 'bank-import-pages-first');

  await pager.getByRole('button', { name: 'Siguiente' }).click();
  await expect(pager.getByText('Mostrando 51–60 de 60')).toBeVisible();
  await expect(page.getByText(`· ${run}-60`, { exact: true })).toBeVisible();
  await expect(page.getByText(`· ${run}-1`, { exact: true })).toHaveCount(0);
  await expect(pager.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  // Line 61 of the file (its 60th credit) can still be recorded as a donation from the second page.
  await expect(page.getByRole('button', { name: 'Registrar la línea 61 como donación' })).toBeVisible();
  await screenshots(page, 'bank-import-pages-second');

  await pager.getByRole('button', { name: 'Anterior' }).click();
  await expect(pager.getByText('Mostrando 1–50 de 60')).toBeVisible();
  await expect(page.getByText(`· ${run}-1`, { exact: true })).toBeVisible();
});
