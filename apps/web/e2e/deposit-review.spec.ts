// Bank deposits from staff's side against the real server (docs/product.md#bank-deposits): in "Depósitos y
// transferencias por verificar" the declared bank, date, number and amount read whole at 390 and 1280 px, for a photo and
// for a PDF slip; on the donation's own page the slip opens at full size with zoom and rotation beside
// the declared data and the amount warning, the money line reads as pending, the approve dialog shows
// the slip, and after Aprobar the history says who approved it. Screenshots are kept for review.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, login, test, uniqueEmail, WIDTHS } from './fixtures';

const SHOTS = '/tmp/shots/L6';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [['390', WIDTHS.phone], ['1280', WIDTHS.desktop]] as const) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
}

/** A phone photo of a slip, its digits in small print as on a real one. */
const slipPhoto = () =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#f4efe1' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1000"><text x="60" y="120" font-size="44">BANRURAL · Boleta de depósito</text><text x="60" y="220" font-size="30">No. 55667788 · Cuenta 3-033-00000-1</text><text x="60" y="300" font-size="30">Monto Q180.00</text></svg>',
        ),
        top: 0,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();

/** A one-page PDF slip, as a bank's online transfer receipt. */
const slipPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A donor registers a Q185 deposit on /donate and sends its slip; answers the reference. */
async function depositWithSlip(browser: Browser, file: { name: string; mimeType: string; buffer: Buffer }, declared: string): Promise<string> {
  const page = await browser.newPage({ viewport: WIDTHS.desktop });
  await page.goto('/donate');
  await page.getByRole('button', { name: 'Q185' }).click();
  await page.getByRole('button', { name: 'Continuar donación' }).click();
  await page.locator('label', { hasText: 'Depósito o transferencia bancaria' }).click();
  await page.locator('input[name="donorName"]').fill('Rosa Revisión');
  await page.locator('input[name="email"]').fill(uniqueEmail('revision'));
  const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/donate');
  await page.getByRole('button', { name: 'Registrar donación de Q185.00' }).click();
  const created = (await (await answer).json()) as { reference_code: string };
  const panel = page.getByTestId('deposit-panel');
  await panel.getByLabel(/Foto o PDF de la boleta/).setInputFiles(file);
  await panel.getByRole('combobox', { name: /Banco donde depositaste/ }).selectOption('Banrural');
  await panel.getByRole('textbox', { name: /Número de boleta/ }).fill('55667788');
  await panel.getByRole('textbox', { name: /Monto depositado/ }).fill(declared);
  await panel.getByRole('button', { name: 'Enviar boleta' }).click();
  await expect(panel.getByText('Recibimos tu boleta, la estamos verificando')).toBeVisible();
  await page.close();
  return created.reference_code;
}

/** Every declared value of a slip stays on one line: none wraps a letter or two at a time. */
async function expectDeclaredOnOneLine(page: Page, scope: ReturnType<Page['locator']>, what: string) {
  const values = scope.getByTestId('declared-data').locator('dd');
  await expect(values.first()).toBeVisible();
  for (const dd of await values.all()) {
    const box = await dd.evaluate((el) => ({ height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) }));
    expect(box.height, `${what}: «${await dd.innerText()}»`).toBeLessThanOrEqual(box.line * 1.5);
  }
}

test.describe('bank deposits, staff side', () => {
  test('the queue reads at 390 and 1280 px; the donation page shows the slip at full size and decides', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const photoRef = await depositWithSlip(browser, { name: 'IMG_5001.jpg', mimeType: 'image/jpeg', buffer: await slipPhoto() }, '180');
    const pdfRef = await depositWithSlip(browser, { name: 'transferencia.pdf', mimeType: 'application/pdf', buffer: slipPdf() }, '185');

    await page.setViewportSize(WIDTHS.desktop);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/donations?status=DEPOSITS');
    for (const size of [WIDTHS.desktop, WIDTHS.phone]) {
      await page.setViewportSize(size);
      for (const ref of [photoRef, pdfRef]) {
        const row = page.locator('tr, li').filter({ hasText: ref }).filter({ visible: true }).first();
        await expectDeclaredOnOneLine(page, row, `${ref} @${size.width}px`);
      }
    }
    await shot(page, 'depositos-por-verificar');

    await page.setViewportSize(WIDTHS.desktop);
    await page.locator('tr').filter({ has: page.locator('span.font-mono.whitespace-nowrap', { hasText: photoRef }) }).getByRole('link', { name: /Ver la donación/ }).click();
    const slip = page.getByRole('img', { name: `Boleta de ${photoRef} a tamaño completo` });
    await expect(slip).toBeVisible();
    // The photo itself: its natural size, not the 480 px preview.
    expect(await slip.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    await expect(page.getByText('El monto declarado (Q180.00) no es el de la donación (Q185.00).')).toBeVisible();
    await expect(page.getByText('Por recibir (pendiente)')).toBeVisible();
    await expect(page.getByText('Cobrado', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Acercar' }).click();
    await page.getByRole('button', { name: 'Girar 90°' }).click();
    await shot(page, 'donacion-revision-girada');
    await page.getByRole('button', { name: 'Ajustar' }).click();
    await shot(page, 'donacion-revision');

    await page.setViewportSize(WIDTHS.desktop);
    await page.getByRole('button', { name: `Aprobar la donación ${photoRef}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Aprobar donación' });
    await expect(dialog.getByText('El monto declarado (Q180.00) no es el de la donación (Q185.00).')).toBeVisible();
    await expect(dialog.getByRole('img', { name: `Boleta de ${photoRef} a tamaño completo` })).toBeVisible();
    await shot(page, 'donacion-aprobar-dialogo');
    await page.setViewportSize(WIDTHS.desktop);
    await dialog.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${DEMO.admin.email} aprobó la donación ${photoRef}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Aprobar la donación ${photoRef}` })).toHaveCount(0);
    await expect(page.getByText('Cobrado', { exact: true })).toBeVisible();
  });
});
