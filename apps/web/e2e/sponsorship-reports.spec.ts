// Sponsorship reports against the real server (docs/product.md#sponsorship, decision 0053): the
// sponsorship coordinator opens "Reportes", sees the figures the API counts from the records, downloads
// the children's list as CSV (no staff-level column: the permission is ADMIN's); an admin downloads it
// as Excel with the staff fields, never the never_exported ones. Screens at 390 and 1280 px, and axe.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { childColumnTitles } from '@donaciones/shared/messages/sponsorship-reports';
import { parseCsv } from '../../api/test/support/csv';
import { DEMO, apiToken, expect, login, screenshots, test, expectAccessible } from './fixtures';

const COORDINATOR = { email: 'apadrinamiento@ejemplo.org', password: 'Demo1234' };
// The columns are derived from the visibility declaration and walked against it in the API tests
// (apps/api/test/sponsorship/children-export.test.ts); here the file the browser gets is read.
const t = childColumnTitles;
const OPERATIONAL = [t.id, t.firstName, t.status, t.waitingSince, t.sponsorPlaces, t.takenPlaces, t.sponsorCount];
const STAFF = [t.fullName, t.birthDate, t.community, t.school, t.guardianName, t.statusReason];
const NEVER = [t.familySituation, t.notes, t.photoUrl];

test('the coordinator reads the reports and downloads the children without staff columns; an admin with them', async ({ page, request }) => {
  const token = await apiToken(request, COORDINATOR);
  await login(page, COORDINATOR.email, COORDINATOR.password);
  await page.goto('/admin/apadrinamiento');
  await page.getByRole('navigation', { name: 'Vistas de apadrinamiento' }).getByRole('link', { name: 'Reportes' }).click();
  await expect(page).toHaveURL(/vista=reportes/);
  await expect(page.getByRole('heading', { name: 'Reportes de apadrinamiento' })).toBeVisible();

  // The screen shows what the API counts for the same period.
  const year = new Date().toISOString().slice(0, 4);
  await expect(page.getByLabel('Desde')).toHaveValue(`${year}-01-01`);
  const to = await page.getByLabel('Hasta').inputValue();
  const programs = page.getByRole('table', { name: 'Por programa' });
  // Other specs sponsor and release children on the same server while this one runs: the screen and
  // the API are read at one moment, the page reloaded until both count the same records.
  await expect(async () => {
    // Not while the session's refresh is in flight (its new cookie would be lost, and the session with it).
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(programs).toBeVisible({ timeout: 5_000 });
    const res = await request.get(`/api/v1/admin/sponsorship/reports?from=${year}-01-01&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    const report = await res.json();
    expect(report.byProgram.length).toBeGreaterThan(0);
    // Each programme's row: its name, then waiting, sponsored and started in the period.
    for (const row of report.byProgram) {
      const name = row.name ?? 'Sin programa';
      await expect(programs.getByRole('row').filter({ hasText: name }).first()).toHaveText(`${name}${row.waiting}${row.sponsored}${row.started}`, { timeout: 1_000 });
    }
    await expect(page.getByText(report.waitingNow.children === 1 ? '1 niña o niño' : `${report.waitingNow.children} niñas y niños`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Cartas atrasadas (ahora)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Consentimientos que vencen/ })).toBeVisible();

  // A period ending before it starts is refused under its field.
  await page.getByLabel('Hasta').fill(`${Number(year) - 1}-12-31`);
  await page.getByRole('button', { name: 'Ver período' }).click();
  await expect(page.getByText('La fecha final debe ser igual o posterior a la inicial')).toBeVisible();
  await page.getByLabel('Hasta').fill(to);
  await page.getByRole('button', { name: 'Ver período' }).click();
  await expect(page.getByText('La fecha final debe ser igual o posterior a la inicial')).toBeHidden();

  await expectAccessible(page, 'reportes de apadrinamiento');
  await screenshots(page, 'sponsorship-reports');

  // The coordinator's CSV: no staff-fields box, no staff-level column beyond the operational ones.
  await expect(page.getByRole('checkbox', { name: /Incluir datos personales/ })).toHaveCount(0);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^ninas-y-ninos-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(readFileSync(await csv.path()).toString('utf8').replace(/^\uFEFF/, ''));
  for (const column of OPERATIONAL) expect(rows[0]).toContain(column);
  for (const column of [...STAFF, ...NEVER]) expect(rows[0]).not.toContain(column);
  expect(rows.length).toBeGreaterThan(1);
  await expect(page.getByText(`Descargado: ${csv.suggestedFilename()}`)).toBeVisible();
});

test('an admin downloads the children as Excel with the staff fields', async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/apadrinamiento?vista=reportes');
  await page.getByRole('checkbox', { name: /Incluir datos personales/ }).check();
  await screenshots(page, 'sponsorship-reports-admin');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar Excel' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await xlsx.path()) as unknown as ArrayBuffer);
  const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
  for (const column of [...OPERATIONAL, ...STAFF]) expect(header).toContain(column);
  for (const column of NEVER) expect(header).not.toContain(column);
});
