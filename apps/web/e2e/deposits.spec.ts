// Bank deposits from the donor's side against the real server (docs/product.md#bank-deposits):
// /donate with "Depósito o transferencia bancaria" shows the demo organisation's accounts, the exact
// amount and the reference, the slip is sent from that screen and the donor sees it being checked;
// the link of the instructions email opens the same deposit without signing in. Phone screenshots
// of the instructions and the upload are kept for review.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, screenshots, test, uniqueEmail, waitForEmail, WIDTHS } from './fixtures';

const SHOTS = '/tmp/shots/L7';

async function phoneShot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(WIDTHS.phone);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
}

/** A real photo of a slip, as a phone would send it. */
const slipPhoto = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#f4efe1' } })
    .composite([{ input: Buffer.from('<svg width="320" height="200"><text x="20" y="60" font-size="22">Boleta 778812</text><text x="20" y="110" font-size="22">Q185.00</text></svg>'), top: 0, left: 0 }])
    .jpeg()
    .toBuffer();

test.describe('bank deposits, donor side', () => {
  test('a deposit on /donate: accounts, amount and reference, then the slip and its status; the email link opens it', async ({ page }) => {
    const email = uniqueEmail('deposito');
    await page.setViewportSize(WIDTHS.phone);
    await page.goto('/donate');
    await page.getByRole('button', { name: 'Q185' }).click();
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    // The radio itself is visually hidden inside its card: the donor taps the card.
    await page.locator('label', { hasText: 'Depósito o transferencia bancaria' }).click();
    await expect(page.getByRole('radio', { name: 'Depósito o transferencia bancaria' })).toBeChecked();
    await expect(page.locator('input[name="cardNumber"]')).toHaveCount(0);
    // The organisation's accounts are shown before the gift is registered.
    await expect(page.getByTestId('deposit-accounts-before').getByTestId('bank-account')).toHaveCount(2);
    await page.getByTestId('deposit-accounts-before').scrollIntoViewIfNeeded();
    await phoneShot(page, 'deposit-accounts-before');
    await page.locator('input[name="donorName"]').fill('Lucía Ajú');
    await page.locator('input[name="email"]').fill(email);
    const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/donate');
    await page.getByRole('button', { name: 'Registrar donación de Q185.00' }).click();
    const created = await (await answer).json();
    expect(created).toMatchObject({ payment_method: 'bank_deposit', status: 'pending' });

    const panel = page.getByTestId('deposit-panel');
    await expect(panel.getByTestId('deposit-amount')).toHaveText('Q185.00');
    await expect(panel.getByTestId('deposit-reference')).toHaveText(created.reference_code);
    await expect(panel.getByTestId('bank-account')).toHaveCount(2);
    await expect(panel.getByTestId('bank-account').first()).toContainText('Banrural');
    await page.getByTestId('deposit-instructions').scrollIntoViewIfNeeded();
    await phoneShot(page, 'deposit-instructions');

    await panel.getByLabel(/Foto o PDF de la boleta/).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await slipPhoto() });
    await panel.getByRole('combobox', { name: /Banco donde depositaste/ }).selectOption('Banrural');
    await panel.getByRole('textbox', { name: /Número de boleta/ }).fill('778812');
    await page.getByTestId('slip-upload-form').scrollIntoViewIfNeeded();
    await phoneShot(page, 'slip-upload-form');
    await panel.getByRole('button', { name: 'Enviar boleta' }).click();
    await expect(panel.getByText('Recibimos tu boleta, la estamos verificando')).toBeVisible();
    await expect(panel.getByText('IMG_2041.jpg')).toBeVisible();
    await phoneShot(page, 'slip-received');

    const link = await waitForEmail(email, /(\/boleta\?token=[^\s"<>]+)/);
    await page.goto(link);
    await expect(page.getByTestId('deposit-reference')).toHaveText(created.reference_code);
    await expect(page.getByText('Recibimos tu boleta, la estamos verificando')).toBeVisible();
    await screenshots(page, 'deposit-link');
    await page.setViewportSize(WIDTHS.phone);
    await phoneShot(page, 'deposit-link');
  });

  test('a phone photo over 5 MB is made smaller in the browser and sent; a declared amount other than the gift is pointed out', async ({ page }) => {
    await page.setViewportSize(WIDTHS.phone);
    await page.goto('/donate');
    await page.getByRole('button', { name: 'Q185' }).click();
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await page.locator('label', { hasText: 'Depósito o transferencia bancaria' }).click();
    await page.locator('input[name="donorName"]').fill('Pedro Foto Grande');
    await page.locator('input[name="email"]').fill(uniqueEmail('fotogrande'));
    await page.getByRole('button', { name: 'Registrar donación de Q185.00' }).click();
    const panel = page.getByTestId('deposit-panel');
    await expect(panel.getByTestId('slip-upload-form')).toBeVisible();

    // A 12-megapixel photo of noise, as large as a phone's: well over 5 MB.
    const width = 4000;
    const height = 3000;
    const big = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    await panel.getByLabel(/Foto o PDF de la boleta/).setInputFiles({ name: 'IMG_3001.jpg', mimeType: 'image/jpeg', buffer: big });
    await expect(panel.getByTestId('slip-shrunk')).toContainText('Reducimos la foto de', { timeout: 20_000 });
    await panel.getByRole('combobox', { name: /Banco donde depositaste/ }).selectOption('Banrural');
    await panel.getByRole('textbox', { name: /Número de boleta/ }).fill('990011');
    await panel.getByRole('textbox', { name: /Monto depositado/ }).fill('180');
    await expect(panel.getByTestId('slip-amount-differs')).toContainText('no coincide con el de tu donación (Q185.00)');
    await page.getByTestId('slip-upload-form').scrollIntoViewIfNeeded();
    await phoneShot(page, 'slip-shrunk-amount-differs');
    const sent = page.waitForResponse((res) => res.request().method() === 'POST' && /\/slip/.test(new URL(res.url()).pathname));
    await panel.getByRole('button', { name: 'Enviar boleta' }).click();
    // The server takes up to 5 MB and tells the type from the bytes: 201 means a JPEG under the limit went.
    const answer = await sent;
    expect(answer.status()).toBe(201);
    const { slips } = (await answer.json()) as { slips: { file_name: string; content_type: string }[] };
    expect(slips.at(-1)).toMatchObject({ file_name: 'IMG_3001.jpg', content_type: 'image/jpeg' });
    await expect(panel.getByText('Recibimos tu boleta, la estamos verificando')).toBeVisible();
  });

  test('a link that is not valid says so', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 403/);
    await page.goto('/boleta?token=no-es-valido');
    await expect(page.getByRole('alert')).toContainText('El enlace no es válido o ya venció');
  });
});
