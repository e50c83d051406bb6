// A card donation charged through Recurrente end to end in a browser (docs/product.md#payments):
// /donate on the server started with PAYMENT_PROVIDER=recurrente (global-setup.ts) -> the local
// stand-in's checkout page, where the card is typed -> back to /donate/resultado, confirmed by the
// signed webhook, with a receipt number. No request to our server carries card data.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { test as demoTest, futureExpiry, uniqueEmail, waitForEmail, WIDTHS } from './fixtures';

// The embedded database always; PostgreSQL too when the run has TEST_DATABASE_URL (global-setup.ts).
const servers = [
  { database: 'embedded', env: 'E2E_PAYMENTS_URL' },
  ...(process.env.TEST_DATABASE_URL ? [{ database: 'PostgreSQL', env: 'E2E_PAYMENTS_PG_URL' }] : []),
];

for (const server of servers) {
  const base = () => {
    const url = process.env[server.env];
    if (!url) throw new Error(`${server.env} is set by global-setup.ts`);
    return url;
  };

  test.describe(`card donation through Recurrente (${server.database} database)`, () => {
    test('pays on the checkout page and comes back to a confirmed donation', async ({ page }) => {
      const ourBodies: string[] = [];
      page.on('request', (req) => {
        if (req.url().startsWith(base()) && req.postData()) ourBodies.push(req.postData() ?? '');
      });

      await page.goto(`${base()}/donate`);
      const custom = page.getByLabel(/otro monto/i);
      await custom.fill('150');
      await page.getByRole('button', { name: 'Continuar donación' }).click();

      await expect(page.getByTestId('provider-note')).toBeVisible();
      await expect(page.locator('input[name="cardNumber"]')).toHaveCount(0);
      await page.locator('input[name="donorName"]').fill('Lucía Ramírez');
      await page.locator('input[name="email"]').fill(`pago.${Date.now()}@correo.gt`);
      await page.getByRole('button', { name: 'Continuar al pago' }).click();

      // The stand-in's checkout page (test mode shows PRUEBA).
      await expect(page.getByText('PRUEBA')).toBeVisible();
      await expect(page.getByTestId('total')).toHaveText('GTQ 150.00');
      await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
      await page.getByLabel('Vencimiento').fill('12/30');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pagar/ }).click();

      await expect(page).toHaveURL(/\/donate\/resultado\?ref=%23MG\d{8}$/);
      await expect(page.getByTestId('result-paid')).toBeVisible();
      await expect(page.getByTestId('result-amount')).toHaveText('Q150.00');
      await expect(page.getByTestId('result-card')).toContainText('4242');
      await expect(page.getByTestId('result-receipt')).toHaveText(/^[A-Z0-9]+-\d{6}$/);
      await expect(page.getByRole('dialog')).toBeVisible();

      expect(ourBodies.some((b) => b.includes('4242 4242') || b.includes('4242424242424242') || b.includes('cardLast4'))).toBe(false);
    });

    test('a declined card shows the reason on the checkout; leaving it says the payment was cancelled, with Intentar de nuevo', async ({ page }) => {
      await page.goto(`${base()}/donate`);
      await page.getByLabel(/otro monto/i).fill('75');
      await page.getByRole('button', { name: 'Continuar donación' }).click();
      await page.locator('input[name="donorName"]').fill('Pedro Gómez');
      await page.locator('input[name="email"]').fill(`rechazo.${Date.now()}@correo.gt`);
      await page.getByRole('button', { name: 'Continuar al pago' }).click();

      await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await expect(page.getByRole('alert')).toContainText('rechazado');
      await page.getByRole('link', { name: 'Regresar a la tienda' }).click();

      await expect(page).toHaveURL(/\/donate\/resultado\?ref=%23MG\d{8}&cancelado=1$/);
      const outcome = page.getByTestId('result-failed').or(page.getByTestId('result-cancelled'));
      await expect(outcome).toBeVisible();
      await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
      await expect(page.getByText('PRUEBA')).toBeVisible();
      await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await expect(page.getByTestId('result-paid')).toBeVisible();
    });
  });
}

// The offline demo (the default server): its simulated card answers by itself seconds after the gift,
// as a gateway's webhook would, so the donor's emailed receipt ("Te enviaremos por correo…") comes true without staff.
for (const [label, size] of Object.entries(WIDTHS)) {
  demoTest(`the demo's card completes a gift by itself and the receipt is emailed (${label})`, async ({ page }) => {
    await page.setViewportSize(size);
    const email = uniqueEmail(`demo-card-${label}`);
    await page.goto('/donate');
    await page.getByRole('button', { name: 'Q75', exact: true }).click();
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await page.locator('input[name="donorName"]').fill('Carla Demo');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="cardNumber"]').fill('4242424242424242');
    await page.locator('input[name="expiryDate"]').fill(futureExpiry());
    await page.locator('input[name="cvc"]').fill('123');
    const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/donate');
    await page.getByRole('button', { name: 'Realizar donación' }).click();
    const { id } = (await (await answer).json()) as { id: number };
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('receipt-note')).toContainText('Te enviaremos por correo el comprobante de tu donación');
    const reference = (await dialog.getByTestId('success-reference').innerText()).trim();

    // Nobody presses anything: the receipt email arrives and the gift reads completed.
    await waitForEmail(email, new RegExp(reference.replace('#', '#?')));
    await page.goto(`/donations/${id}`);
    await expect(page.getByTestId('outcome-note')).toContainText('Esta donación fue completada');
    mkdirSync('/tmp/shots/L2', { recursive: true });
    await page.screenshot({ path: `/tmp/shots/L2/demo-completada-${label}.png`, fullPage: true });
  });
}
