// A bank deposit made signed out, then an account with that address (docs/product.md#accounts-and-sessions,
// decision 0085): once the address is confirmed by the emailed link, the pending deposit is in "Mis
// donaciones" (a menu item of the plain account too) and its slip is sent from there, inside the donor area.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, login, screenshots, test, uniqueEmail, waitForEmail, WIDTHS } from './fixtures';

const PASSWORD = 'Quetzal2024';

const slipPhoto = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#f4efe1' } })
    .composite([{ input: Buffer.from('<svg width="320" height="200"><text x="20" y="60" font-size="22">Boleta 445566</text><text x="20" y="110" font-size="22">Q185.00</text></svg>'), top: 0, left: 0 }])
    .jpeg()
    .toBuffer();

/** Records a Q185 deposit on /donate without signing in; answers its id and reference. */
async function depositSignedOut(page: Page, email: string): Promise<{ id: number; reference_code: string }> {
  await page.goto('/donate');
  await page.getByRole('button', { name: 'Q185' }).click();
  await page.getByRole('button', { name: 'Continuar donación' }).click();
  await page.locator('label', { hasText: 'Depósito o transferencia bancaria' }).click();
  await page.locator('input[name="donorName"]').fill('Lucía Ajú');
  await page.locator('input[name="email"]').fill(email);
  const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/donate');
  await page.getByRole('button', { name: 'Registrar donación de Q185.00' }).click();
  const created = await (await answer).json();
  expect(created).toMatchObject({ payment_method: 'bank_deposit', status: 'pending' });
  // Signed out, the slip is sent later by the email's link or, once an account of this address is confirmed, from it.
  await expect(page.getByTestId('deposit-reference')).toHaveText(created.reference_code);
  return created;
}

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.locator('input[name="name"]').fill('Lucía Ajú');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
  await page.locator('input[name="acceptTerms"]').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
}

test.describe('a deposit made signed out, then an account with its address', () => {
  test('confirming the address brings the pending deposit into Mis donaciones, and its slip is sent from there', async ({ page }) => {
    const email = uniqueEmail('deposito-cuenta');
    await page.setViewportSize(WIDTHS.phone);
    const gift = await depositSignedOut(page, email);
    await register(page, email);

    const link = await waitForEmail(email, /(https?:\/\/\S+\/verify-email\?token=[\w-]+)/);
    // The welcome email promises what follows.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Correo verificado' })).toBeVisible();
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    // A plain account (no gift completed yet): "Mis donaciones" is in its drawer at 390 px.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Mis donaciones' }).click();
    await expect(page).toHaveURL(/\/donor\/donations$/);
    const cards = page.getByRole('list', { name: 'Tus donaciones' });
    await expect(cards.getByRole('link', { name: `Q185.00, ver la donación ${gift.reference_code}` })).toBeVisible();
    await screenshots(page, 'deposit-account-list');
    await page.setViewportSize(WIDTHS.phone);

    await cards.getByRole('link', { name: 'Subir boleta' }).click();
    await expect(page).toHaveURL(new RegExp(`/donor/donations/${gift.id}/boleta$`));
    await expect(page.getByTestId('deposit-reference')).toHaveText(gift.reference_code);
    // Still the donor area: no public header, "Mis donaciones" current.
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);
    await page.getByLabel(/Foto o PDF de la boleta/).setInputFiles({ name: 'IMG_3310.jpg', mimeType: 'image/jpeg', buffer: await slipPhoto() });
    await page.getByRole('combobox', { name: /Banco donde depositaste/ }).selectOption('Banrural');
    await page.getByRole('textbox', { name: /Número de boleta/ }).fill('445566');
    await page.getByRole('button', { name: 'Enviar boleta' }).click();
    await expect(page.getByText('Recibimos tu boleta, la estamos verificando')).toBeVisible();
    await screenshots(page, 'deposit-account-slip');
    await expect(page.getByRole('navigation', { name: 'Navegación del panel' }).first().getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('link', { name: 'Volver a Mis donaciones' }).click();
    await expect(page).toHaveURL(/\/donor\/donations$/);
    await expect(page.getByRole('link', { name: 'Boleta en verificación' }).first()).toBeVisible();
  });
});
