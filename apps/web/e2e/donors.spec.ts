// "Donantes" in the browser (docs/product.md#donors): a FINANCE member searches a donor by the email of a
// gift just recorded, opens the donor's page, and edits it (a NIT that is not valid is refused in Spanish
// next to its field, then a note is saved), at 390 and 1280 px with screenshots and an axe check; two
// donors with one NIT are merged from "Posibles duplicados" after the preview and the merge undone; the
// segment is exported; a COMMUNICATIONS member gets the no-permission page and no "Donantes" entry.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { apiToken, expect, login, screenshots, statusError, test, uniqueEmail } from './fixtures';

const FINANCE = { email: 'finanzas@ejemplo.org', password: 'Demo1234' };
const COMMUNICATIONS = { email: 'comunicacion@ejemplo.org', password: 'Demo1234' };

/** No serious or critical WCAG 2.2 AA violation on the page as it is now. */
async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(blocking, what).toEqual([]);
}

/** A guest's bank-deposit gift through POST /donate: the donation's insert matches or creates its donor by the email. */
async function guestGift(request: APIRequestContext, donorName: string, email: string, amount: number) {
  const res = await request.post('/api/v1/donate', {
    headers: { 'idempotency-key': `e2e-donor-${randomBytes(6).toString('hex')}` },
    data: { donorName, email, amount, paymentMethod: 'bank_deposit', acceptTerms: true },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The donor record a gift to `email` created, with the NIT set by PUT /admin/donors/{id}. */
async function donorWithTaxId(request: APIRequestContext, token: string, email: string, taxId: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await request.get('/api/v1/admin/donors', { headers, params: { q: email } })).json();
  const id = list.items[0].id as number;
  const { donor } = await (await request.get(`/api/v1/admin/donors/${id}`, { headers })).json();
  const body = {
    kind: donor.kind, name: donor.name, contactPerson: donor.contactPerson, taxId, emails: donor.emails, phones: donor.phones, address: donor.address,
    consentEmail: donor.consentEmail, consentWhatsapp: donor.consentWhatsapp, notes: donor.notes, tags: donor.tags,
  };
  const res = await request.put(`/api/v1/admin/donors/${id}`, { headers, data: body });
  expect(res.status(), await res.text()).toBe(200);
  return id;
}

test.describe('donors', () => {
  test('a FINANCE member finds a donor, opens the page and edits it, a bad NIT refused in Spanish', async ({ page, request, allowConsoleErrors }) => {
    // The bad NIT is refused by the API on purpose.
    allowConsoleErrors(statusError(400));
    const email = uniqueEmail('donante');
    await guestGift(request, 'Irma Chocooj Tuyuc', email, 240);

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
    await expect(dialog.getByText('El NIT no es válido: revisa el dígito verificador')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /NIT o CUI/ })).toHaveAttribute('aria-invalid', 'true');
    await screenshots(page, 'donors-edit-error');
    await expectAccessible(page, 'Editar donante');

    await dialog.getByRole('textbox', { name: /NIT o CUI/ }).fill('');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Llamar antes de enviar el recibo.')).toBeVisible();

    // No sideways scrolling at 320 px (WCAG 1.4.10), the list with its filters open and the donor's page.
    const donorUrl = new URL(page.url()).pathname;
    await page.setViewportSize({ width: 320, height: 640 });
    for (const url of ['/admin/donantes?monthly=no', donorUrl]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${url} @320px`).toBeLessThanOrEqual(1);
    }
  });

  test('a FINANCE member merges two donors with one NIT after the preview, undoes it, and exports the segment', async ({ page, request }) => {
    const token = await apiToken(request, FINANCE);
    const [first, second] = [uniqueEmail('tomasa'), uniqueEmail('tomasa')];
    await guestGift(request, 'Tomasa Ixcoy', first, 100);
    await guestGift(request, 'Tomasa Ixcoy de Pop', second, 50);
    const ids = [await donorWithTaxId(request, token, first, '576937-k'), await donorWithTaxId(request, token, second, '576937-k')];
    const survivor = Math.min(...ids);

    await login(page, FINANCE.email, FINANCE.password);
    await page.goto('/admin/donantes');
    await page.getByRole('link', { name: 'Posibles duplicados' }).click();
    const pair = page.getByRole('group').filter({ hasText: `#${ids[0]}` }).filter({ hasText: `#${ids[1]}` });
    await expect(pair.getByText('Mismo NIT o CUI')).toBeVisible();
    await screenshots(page, 'donors-duplicates');
    await pair.getByRole('button', { name: /^Fusionar/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Fusionar donantes' });
    await dialog.getByRole('button', { name: 'Ver vista previa' }).click();
    await expect(dialog.getByTestId('merge-preview')).toContainText(first);
    await expect(dialog.getByTestId('merge-preview')).toContainText(second);
    await screenshots(page, 'donors-merge-preview');
    await expectAccessible(page, 'Fusionar donantes');
    await dialog.getByRole('button', { name: 'Fusionar', exact: true }).click();
    await expect(dialog).toHaveCount(0);

    await page.goto(`/admin/donantes/${survivor}`);
    await expect(page.getByText(second).first()).toBeVisible();
    // Undoing asks first, naming what comes back apart.
    await page.getByRole('button', { name: 'Deshacer fusión' }).click();
    const undo = page.getByRole('alertdialog', { name: '¿Deshacer esta fusión?' });
    await expect(undo).toContainText('vuelven a quedar separados');
    await undo.getByRole('button', { name: 'Deshacer fusión' }).click();
    await expect(page.getByText('Fusión deshecha')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deshacer fusión' })).toHaveCount(0);

    await page.goto('/admin/donantes?q=Tomasa');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const exporting = page.getByRole('dialog', { name: 'Exportar donantes' });
    await expectAccessible(page, 'Exportar donantes');
    const download = page.waitForEvent('download');
    await exporting.getByRole('button', { name: 'Descargar' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });

  test('a COMMUNICATIONS member gets the no-permission page for /admin/donantes', async ({ page }) => {
    await login(page, COMMUNICATIONS.email, COMMUNICATIONS.password);
    await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Donantes' })).toHaveCount(0);
    await page.goto('/admin/donantes');
    await expect(page.getByText('No tienes permiso para ver esta página')).toBeVisible();
    await screenshots(page, 'donors-no-permission');
  });
});
