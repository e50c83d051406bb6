// Fiscal receipts in the browser (docs/product.md#receipts): the donor downloads a completed donation's
// receipt from "Mis donaciones"; staff download it from the donation's page and re-send it.
import type { Page } from '@playwright/test';
import { apiToken, DEMO, expect, login, pdfText as pdfPages, test, WIDTHS } from './fixtures';

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
    expect(mine.name).toMatch(/^constancia-A-\d{6}\.pdf$/);
    expect(mine.text).toContain('Constancia de donación');
    expect(mine.text).toContain(reference);
    expect(mine.text).toContain('Fecha de emisión');
    expect(mine.text).toMatch(/NIT \d+-[\dK]/);
  });

  test('staff download a donation\'s receipt as issued and re-send it to the donor', async ({ page, request }) => {
    // A completed gift with our receipt (one imported from the earlier records has none of ours).
    const headers = { authorization: `Bearer ${await apiToken(request)}` };
    const list = (await (await request.get('/api/v1/donations?status=completed&limit=50', { headers })).json()) as { donations: { id: number; receipt_number: number | null }[] };
    const withReceipt = list.donations.find((d) => d.receipt_number !== null);
    expect(withReceipt, 'a completed donation with a receipt').toBeTruthy();
    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto(`/admin/donations/${withReceipt!.id}`);
    await expect(page.getByRole('heading', { name: 'Constancia de donación' })).toBeVisible();
    const reference = (await page.locator('dd .font-mono').first().innerText()).trim();
    const first = await downloadFrom(page, page.getByRole('button', { name: 'Descargar recibo' }));
    expect(first.name).toMatch(/^constancia-A-\d{6}\.pdf$/);
    expect(first.text).toContain('Constancia de donación');
    expect(first.text).toContain(reference);
    // Downloaded again, the same document (same number and issue date).
    expect((await downloadFrom(page, page.getByRole('button', { name: 'Descargar recibo' }))).text).toBe(first.text);
    await page.getByRole('button', { name: 'Reenviar recibo' }).click();
    await expect(page.getByText(/^Recibo A-\d{6} reenviado a /)).toBeVisible();
  });
});
