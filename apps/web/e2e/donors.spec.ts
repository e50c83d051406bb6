// "Donantes" in the browser (docs/product.md#donors): a FINANCE member searches a donor by the email of a
// gift just recorded, opens the donor's page, and edits it (a NIT that is not valid is refused in Spanish
// next to its field, then a note is saved), at 390 and 1280 px with screenshots and an axe check; a
// COMMUNICATIONS member gets the no-permission page and no "Donantes" entry.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiToken, expect, login, recordDonation, screenshots, statusError, test, uniqueEmail } from './fixtures';

const FINANCE = { email: 'finanzas@ejemplo.org', password: 'Demo1234' };
const COMMUNICATIONS = { email: 'comunicacion@ejemplo.org', password: 'Demo1234' };

/** No serious or critical WCAG 2.2 AA violation on the page as it is now. */
async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(blocking, what).toEqual([]);
}

test.describe('donors', () => {
  test('a FINANCE member finds a donor, opens the page and edits it, a bad NIT refused in Spanish', async ({ page, request, allowConsoleErrors }) => {
    // The bad NIT is refused by the API on purpose.
    allowConsoleErrors(statusError(400));
    const token = await apiToken(request, FINANCE);
    const email = uniqueEmail('donante');
    await recordDonation(request, token, { donor_name: 'Irma Chocooj Tuyuc', donor_email: email, amount: 240 });

    await login(page, FINANCE.email, FINANCE.password);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Donantes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Donantes' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar donantes' }).fill(email);
    await expect(page).toHaveURL(/q=/);
    const table = page.getByRole('table', { name: 'Donantes' });
    await expect(table.getByText('Irma Chocooj Tuyuc')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await screenshots(page, 'donors-list');
    await expectAccessible(page, 'Donantes');

    await table.getByRole('link', { name: 'Ver la página de Irma Chocooj Tuyuc' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Irma Chocooj Tuyuc' })).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Donaciones de este donante' }).getByText('Q240.00')).toBeVisible();
    await screenshots(page, 'donors-page');
    await expectAccessible(page, 'La página del donante');

    await page.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar donante' });
    await dialog.getByRole('textbox', { name: /NIT o CUI/ }).fill('123');
    await dialog.getByRole('textbox', { name: /Notas/ }).fill('Llamar antes de enviar el recibo.');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dialog.getByText('El NIT o CUI no es válido.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /NIT o CUI/ })).toHaveAttribute('aria-invalid', 'true');
    await screenshots(page, 'donors-edit-error');
    await expectAccessible(page, 'Editar donante');

    await dialog.getByRole('textbox', { name: /NIT o CUI/ }).fill('');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Llamar antes de enviar el recibo.')).toBeVisible();
  });

  test('a COMMUNICATIONS member gets the no-permission page for /admin/donantes', async ({ page }) => {
    await login(page, COMMUNICATIONS.email, COMMUNICATIONS.password);
    await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Donantes' })).toHaveCount(0);
    await page.goto('/admin/donantes');
    await expect(page.getByText('No tienes permiso para ver esta página')).toBeVisible();
    await screenshots(page, 'donors-no-permission');
  });
});
