// Fiscal receipts in the browser (docs/product.md#receipts): the donor downloads a completed donation's
// receipt from "Mis donaciones"; staff download it from the donation's page and re-send it.
import type { Page } from '@playwright/test';
import { DEMO, expect, login, pdfText as pdfPages, test, WIDTHS } from './fixtures';

const pdfText = async (file: string) => (await pdfPages(file)).replace(/\s+/g, ' ');

async function downloadFrom(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), text: await pdfText(await download.path()) };
}

test.describe('receipts', () => {
  test('the donor downloads a completed donation\'s receipt from Mis donaciones', async ({ page }) => {
    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto('/donor/donations');
    const row = page.locator('table tbody tr').filter({ hasText: 'Completada' }).first();
    const reference = (await row.locator('td').nth(2).innerText()).trim();
    expect(reference).toMatch(/^#MG\d{8}$/);
    const mine = await downloadFrom(page, row.getByRole('button', { name: /Descargar recibo/ }));
    expect(mine.name).toMatch(/^recibo-A-\d{6}\.pdf$/);
    expect(mine.text).toContain('Constancia de donación');
    expect(mine.text).toContain(reference);
    expect(mine.text).toContain('Fecha de emisión');
    expect(mine.text).toMatch(/NIT \d+-[\dK]/);
  });

  test('staff download a donation\'s receipt as issued and re-send it to the donor', async ({ page }) => {
    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/donations?status=APPROVED');
    await page.locator('a[href^="/admin/donations/"]').first().click();
    await expect(page.getByRole('heading', { name: 'Constancia de donación' })).toBeVisible();
    const reference = (await page.locator('dd .font-mono').first().innerText()).trim();
    const first = await downloadFrom(page, page.getByRole('button', { name: 'Descargar recibo' }));
    expect(first.name).toMatch(/^recibo-A-\d{6}\.pdf$/);
    expect(first.text).toContain('Constancia de donación');
    expect(first.text).toContain(reference);
    // Downloaded again, the same document (same number and issue date).
    expect((await downloadFrom(page, page.getByRole('button', { name: 'Descargar recibo' }))).text).toBe(first.text);
    await page.getByRole('button', { name: 'Reenviar recibo' }).click();
    await expect(page.getByText(/^Recibo A-\d{6} reenviado a /)).toBeVisible();
  });
});
