// "Importar" in the browser (docs/product.md#imports): a FINANCE member opens Donantes > Importar desde hoja
// de cálculo, uploads a CSV of past gifts, checks the columns over the preview, reviews the dry run (a line
// with no amount refused with its reason in Spanish next to its line number), imports, and finds that the
// same file again adds nothing; monthly donors by transfer get their permanent reference and appear in
// Donaciones mensuales. Screenshots at 390 and 1280 px and an axe check of each step.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, login, screenshots, test, uniqueEmail } from './fixtures';

const FINANCE = { email: 'finanzas@ejemplo.org', password: 'Demo1234' };

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(blocking, what).toEqual([]);
}

const today = () => new Date().toLocaleDateString('en-GB', { timeZone: 'America/Guatemala' });

async function openImport(page: Page) {
  await page.getByRole('navigation').first().getByRole('link', { name: 'Donantes' }).click();
  await page.getByRole('link', { name: 'Importar desde hoja de cálculo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar' })).toBeVisible();
}

async function upload(page: Page, kind: string, name: string, csv: string) {
  await page.getByLabel('Qué contiene el archivo').selectOption({ label: kind });
  await page.getByLabel(/Archivo \(CSV o XLSX/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Leer el archivo' }).click();
}

test.describe('import', () => {
  test('a FINANCE member imports past gifts with a dry run first, and the same file again adds nothing', async ({ page }) => {
    const [ana, luis] = [uniqueEmail('importada'), uniqueEmail('importado')];
    const csv = `Nombre;Correo;Fecha;Monto;Recibo\nAna Importada;${ana};${today()};350.00;\nLuis Importado;${luis};${today()};1,200.50;\nSin Monto;sinmonto@prueba.gt;${today()};;\n`;
    await login(page, FINANCE.email, FINANCE.password);
    await openImport(page);
    await expectAccessible(page, 'the file step');
    await screenshots(page, 'import-file');

    await upload(page, 'Donaciones pasadas', 'donaciones.csv', csv);
    await expect(page.getByLabel(/^Monto/)).toHaveValue('Monto');
    await expect(page.getByLabel(/^Fecha/)).toHaveValue('Fecha');
    await expect(page.getByText('Primeras 3 de 3 filas del archivo')).toBeVisible();
    await expectAccessible(page, 'the mapping step');
    await screenshots(page, 'import-mapping');

    await page.getByRole('button', { name: 'Revisar sin guardar' }).click();
    await expect(page.getByText('2 se crean, 0 coinciden con donantes existentes, 0 ya importadas, 1 rechazada.')).toBeVisible();
    const refused = page.getByRole('table', { name: 'Líneas rechazadas' });
    await expect(refused.getByRole('row', { name: /4.*Falta el monto\./ })).toBeVisible();
    await expectAccessible(page, 'the dry run');
    await screenshots(page, 'import-dry-run');

    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Importación terminada' })).toBeVisible();
    await expect(page.getByText('Se importaron 2 líneas.')).toBeVisible();
    await screenshots(page, 'import-done');

    await page.getByRole('button', { name: 'Importar otro archivo' }).click();
    await upload(page, 'Donaciones pasadas', 'donaciones.csv', csv);
    await page.getByRole('button', { name: 'Revisar sin guardar' }).click();
    await expect(page.getByText('0 se crean, 0 coinciden con donantes existentes, 2 ya importadas, 1 rechazada.')).toBeVisible();
    await expect(page.getByText('No hay líneas nuevas que importar.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  });

  test('monthly donors by transfer get a permanent reference and are listed in Donaciones mensuales', async ({ page }) => {
    const email = uniqueEmail('mensual-transferencia');
    await login(page, FINANCE.email, FINANCE.password);
    await openImport(page);
    await upload(page, 'Donantes mensuales por transferencia', 'mensuales.csv', `Nombre,Correo,Monto\nMarta Transferencia,${email},175\n`);
    await page.getByRole('button', { name: 'Revisar sin guardar' }).click();
    await expect(page.getByText('1 se crea, 0 coinciden con donantes existentes, 0 ya importadas, 0 rechazadas.')).toBeVisible();
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const line = page.getByRole('table', { name: 'Líneas importadas' }).getByText(/Marta Transferencia: Q\s?175\.00 al mes por transferencia, referencia TM\d{6}/);
    await expect(line).toBeVisible();
    const reference = /TM\d{6}/.exec((await line.textContent()) ?? '')?.[0] as string;

    await page.goto('/admin/monthly-gifts');
    await expect(page.getByRole('table', { name: 'Donaciones mensuales' }).getByText(`Por transferencia · ref. ${reference}`)).toBeVisible();
    await screenshots(page, 'import-monthly-list');
  });
});
