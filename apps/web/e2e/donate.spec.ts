// The public checkout end to end against the real server: the donation is recorded and, seconds
// later, completed by the demo's card by itself with its receipt emailed; the card number and CVC never leave the browser, bad cards are refused, Regresar keeps
// the amount, and a double submit or a retry after a lost answer records one donation.
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { apiToken, DEMO, expect, futureExpiry, login, test, uniqueEmail, waitForEmail } from './fixtures';

const CARD = '4242424242424242';
const CVC = '987';

interface AdminRow {
  id: number;
  donor_email: string;
  status: string;
  amount: number;
  currency: string;
  reference_code: string;
}

async function adminDonations(request: APIRequestContext, q: string): Promise<AdminRow[]> {
  const token = await apiToken(request);
  const res = await request.get(`/api/v1/admin/donations?q=${encodeURIComponent(q)}&limit=100`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).donations as AdminRow[];
}

/** Every request body the page sends, to prove what leaves the browser. */
function recordBodies(page: Page): { bodies: string[]; donatePosts: Request[] } {
  const bodies: string[] = [];
  const donatePosts: Request[] = [];
  page.on('request', (req) => {
    const body = req.postData();
    if (body) bodies.push(body);
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/v1/donate') donatePosts.push(req);
  });
  return { bodies, donatePosts };
}

async function chooseAmountAndContinue(page: Page, preset: string) {
  await page.goto('/donate');
  await page.getByRole('button', { name: preset, exact: true }).click();
  await page.getByRole('button', { name: 'Continuar donación' }).click();
  await expect(page.locator('input[name="donorName"]')).toBeVisible();
}

async function fillDetails(page: Page, details: { name: string; email: string; card?: string; expiry?: string; cvc?: string }) {
  await page.locator('input[name="donorName"]').fill(details.name);
  await page.locator('input[name="email"]').fill(details.email);
  await page.locator('input[name="cardNumber"]').fill(details.card ?? CARD);
  await page.locator('input[name="expiryDate"]').fill(details.expiry ?? futureExpiry());
  await page.locator('input[name="cvc"]').fill(details.cvc ?? CVC);
}

test.describe('public checkout', () => {
  test('records a donation end to end; no request carries the card number or the CVC', async ({ page, request }) => {
    const { bodies, donatePosts } = recordBodies(page);
    const site = await (await request.get('/api/v1/public/site')).json();
    const email = uniqueEmail('completa');

    await chooseAmountAndContinue(page, 'Q75');
    await fillDetails(page, { name: 'María Pérez', email });
    await page.locator('input[name="phone"]').fill('+502 5555 1234');
    await page.locator('input[name="nit"]').fill('1234567-9');
    await expect(page.locator('input[name="cardNumber"]')).toHaveValue('4242 4242 4242 4242');

    const started = Date.now();
    await page.getByRole('button', { name: 'Realizar donación' }).click();
    await expect(page.getByRole('heading', { name: 'Tu donación está siendo procesada...' })).toBeVisible();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

    await expect(dialog).toContainText(site.organization.name);
    await expect(dialog.getByTestId('success-amount')).toHaveText(/^Q\s?75\.00$/);
    await expect(dialog.getByTestId('success-card')).toContainText('4242');
    await expect(dialog.getByTestId('demo-note')).toHaveText('Donación registrada (modo de demostración, no se hizo ningún cobro).');
    await expect(dialog.getByRole('link', { name: site.organization.phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(dialog.getByTestId('receipt-note')).toContainText('Te enviaremos por correo el comprobante de tu donación');
    const reference = (await dialog.getByTestId('success-reference').innerText()).trim();
    expect(reference).toMatch(/^#MG\d{8}$/);

    // Only the last 4 digits and the brand were sent; the card number and the CVC never were.
    expect(donatePosts).toHaveLength(1);
    const sent = donatePosts[0].postDataJSON() as Record<string, unknown>;
    expect(sent).toEqual({
      donorName: 'María Pérez',
      email,
      phone: '+502 5555 1234',
      nit: '1234567-9',
      amount: 75,
      currency: 'GTQ',
      coverFees: false,
      anonymous: false,
      paymentMethod: 'card',
      frequency: 'once',
      cardLast4: '4242',
      cardBrand: 'visa',
      acceptTerms: true,
    });
    expect(donatePosts[0].headers()['idempotency-key']).toBeTruthy();
    for (const body of bodies) {
      expect(body.replace(/\s/g, '')).not.toContain(CARD);
      expect(body).not.toMatch(/cardNumber|"cvc"|expiryDate/i);
      try {
        expect(Object.values(JSON.parse(body) as Record<string, unknown>)).not.toContain(CVC);
      } catch (err) {
        if (!(err instanceof SyntaxError)) throw err;
      }
    }

    // The server recorded it with the reference the modal showed, and the demo's card completes it by
    // itself seconds later, as a gateway would: nobody presses Procesar, and the receipt is emailed.
    const rows = await adminDonations(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 75, reference_code: reference, donor_email: email });
    await expect.poll(async () => (await adminDonations(request, email))[0].status, { timeout: 15_000 }).toBe('APPROVED');
    await waitForEmail(email, new RegExp(reference.replace('#', '#?')));

    // 'Hacer otra donación' starts over with nothing chosen.
    await dialog.getByRole('button', { name: 'Hacer otra donación' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Continuar donación' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Q75', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('input[name="customAmount"]')).toHaveValue('');
  });

  test('refuses a card that fails the Luhn check, an expired card and a short CVC, in Spanish', async ({ page }) => {
    const { donatePosts } = recordBodies(page);
    await chooseAmountAndContinue(page, 'Q35');
    await fillDetails(page, { name: 'Luis García', email: uniqueEmail('luhn'), card: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' });
    await page.getByRole('button', { name: 'Realizar donación' }).click();
    await expect(page.getByText('El número de tarjeta no es válido')).toBeVisible();
    await expect(page.getByText('La tarjeta está vencida')).toBeVisible();
    await expect(page.getByText('El CVC debe tener 3 o 4 dígitos')).toBeVisible();
    await expect(page.locator('input[name="cardNumber"]')).toHaveAttribute('aria-invalid', 'true');

    await page.locator('input[name="expiryDate"]').fill('13/30');
    await expect(page.getByText('Usa el formato MM/AA')).toBeVisible();
    await page.locator('input[name="donorName"]').fill('');
    await expect(page.getByText('El nombre es requerido')).toBeVisible();
    expect(donatePosts).toHaveLength(0);
  });

  test('presets and the custom amount clear each other, and the bounds are enforced with Spanish messages', async ({ page, request }) => {
    const { system } = await (await request.get('/api/v1/public/site')).json();
    await page.goto('/donate');
    const custom = page.locator('input[name="customAmount"]');
    const continueButton = page.getByRole('button', { name: 'Continuar donación' });
    await expect(continueButton).toBeDisabled();

    await custom.fill('50');
    await expect(continueButton).toBeEnabled();
    await page.getByRole('button', { name: 'Q35', exact: true }).click();
    await expect(custom).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Q35', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await custom.fill('12.5');
    await expect(page.getByRole('button', { name: 'Q35', exact: true })).toHaveAttribute('aria-pressed', 'false');

    await custom.fill(String(system.max_donation_amount + 1));
    await continueButton.click();
    await expect(page.getByText(/^El monto máximo de donación es Q\s?[\d,]+\.00$/)).toBeVisible();
    await custom.fill('0');
    await expect(continueButton).toBeDisabled();
  });

  test('Regresar goes back to the amount, keeping it and the details typed', async ({ page }) => {
    await page.goto('/donate');
    await page.locator('input[name="customAmount"]').fill('250');
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await expect(page.getByTestId('donate-amount')).toHaveText(/^Q\s?250\.00$/);
    await page.locator('input[name="donorName"]').fill('Ana López');
    await page.getByRole('button', { name: 'Regresar' }).click();

    await expect(page.locator('input[name="customAmount"]')).toHaveValue('250');
    await expect(page.getByRole('button', { name: 'Continuar donación' })).toBeEnabled();
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await expect(page.locator('input[name="donorName"]')).toHaveValue('Ana López');
    await expect(page.getByTestId('donate-amount')).toHaveText(/^Q\s?250\.00$/);
  });

  test('a change to dollars converts the amount at the reference rate, step 1 follows, and the server records those dollars', async ({ page, request }) => {
    const { donatePosts } = recordBodies(page);
    const site = await (await request.get('/api/v1/public/site')).json();
    // Q75 in whole dollars at the staff's rate (decision 0071): US$10 at Q7.70, never US$75.
    const usd = Math.max(1, Math.round(75 / site.payments.usd_exchange_rate));
    const email = uniqueEmail('dolares');
    await chooseAmountAndContinue(page, 'Q75');
    const currency = page.getByRole('combobox', { name: 'Moneda' });
    await currency.selectOption('USD');
    await expect(page.getByTestId('donate-amount')).toHaveText(`US$${usd}.00`);
    await expect(page.getByTestId('currency-converted')).toContainText(`de Q75.00 a US$${usd}.00`);
    await expect(page.getByTestId('summary-charge-gtq')).toContainText('Equivale a unos Q');

    await page.getByRole('button', { name: 'Regresar' }).click();
    await expect(page.getByRole('button', { name: `US$${usd}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('amounts-in-usd')).toBeVisible();
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await currency.selectOption('GTQ');
    await expect(page.getByTestId('donate-amount')).toHaveText('Q75.00');
    await currency.selectOption('USD');

    await fillDetails(page, { name: 'Jane Doe', email });
    await page.getByRole('button', { name: 'Realizar donación' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('success-amount')).toContainText(`Tu donaciónUS$${usd}.00`);
    await expect(dialog.getByTestId('success-amount')).toContainText('Equivale a unos Q');
    expect(donatePosts[0].postDataJSON()).toMatchObject({ amount: usd, currency: 'USD' });
    const rows = await adminDonations(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ currency: 'USD', amount: usd });
  });

  test('a donor without a NIT or CUI giving Q2,500 or more is told the most they can give without one and whom to write', async ({ page, request }) => {
    const { donatePosts } = recordBodies(page);
    const site = await (await request.get('/api/v1/public/site')).json();
    await page.goto('/donate');
    await page.locator('input[name="customAmount"]').fill('3,000');
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await fillDetails(page, { name: 'Jane Doe', email: uniqueEmail('extranjera') });
    await expect(page.getByText(/también si no eres guatemalteco/)).toBeVisible();
    await page.getByRole('button', { name: 'Realizar donación' }).click();
    const refusal = page.getByText(/^Para donaciones de Q2,500 o más necesitamos tu NIT o CUI; CF no aplica\./);
    await expect(refusal).toContainText('Si no tienes NIT ni CUI (por ejemplo, si no vives en Guatemala), puedes donar un total de hasta Q2,499.99');
    await expect(refusal).toContainText(`escríbenos a ${site.system.contact_email} antes de hacerlo.`);
    await expect(page.locator('input[name="nit"]')).toBeFocused();
    // In dollars, the most without a NIT or CUI is said in dollars.
    await page.getByRole('combobox', { name: 'Moneda' }).selectOption('USD');
    await page.getByRole('button', { name: /Realizar donación/ }).click();
    await expect(page.getByText(/puedes donar un total de hasta US\$[\d,.]+ \(menos de Q2,500 al tipo de cambio de referencia\)/)).toBeVisible();
    expect(donatePosts).toHaveLength(0);
  });

  test('a double submit records one donation', async ({ page, request }) => {
    const { donatePosts } = recordBodies(page);
    const email = uniqueEmail('doble');
    await chooseAmountAndContinue(page, 'Q15');
    await fillDetails(page, { name: 'Doble Clic', email });
    await page.getByRole('button', { name: 'Realizar donación' }).dblclick();
    await expect(page.getByRole('dialog')).toBeVisible();

    const keys = new Set(donatePosts.map((r) => r.headers()['idempotency-key']));
    expect(keys.size).toBe(1);
    const rows = await adminDonations(request, email);
    expect(rows).toHaveLength(1);
    await expect(page.getByRole('dialog').getByTestId('success-reference')).toHaveText(rows[0].reference_code);
  });

  test('a retry after a lost answer keeps the data and the key, and records one donation', async ({ page, request, consoleErrors }) => {
    const { donatePosts } = recordBodies(page);
    const email = uniqueEmail('reintento');
    // The first request reaches the server, which records the donation, but its answer is lost.
    let lost = false;
    await page.route('**/api/v1/donate', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('failed');
    });

    await chooseAmountAndContinue(page, 'Q185');
    await fillDetails(page, { name: 'Reintento Seguro', email });
    await page.getByRole('button', { name: 'Realizar donación' }).click();
    await expect(page.getByText('Error de red. Por favor verifica tu conexión.')).toBeVisible();
    await expect(page.locator('input[name="donorName"]')).toHaveValue('Reintento Seguro');
    await expect(page.locator('input[name="cardNumber"]')).toHaveValue('4242 4242 4242 4242');

    await page.getByRole('button', { name: 'Realizar donación' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(donatePosts).toHaveLength(2);
    expect(donatePosts[1].headers()['idempotency-key']).toBe(donatePosts[0].headers()['idempotency-key']);
    const rows = await adminDonations(request, email);
    expect(rows).toHaveLength(1);
    await expect(page.getByRole('dialog').getByTestId('success-reference')).toHaveText(rows[0].reference_code);

    // The aborted request is logged by the browser; that one is expected here.
    const aborted = consoleErrors.filter((e) => /net::ERR_FAILED/.test(e));
    expect(aborted.length).toBeLessThanOrEqual(1);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/net::ERR_FAILED/.test(e)));
  });

  test("prefills a signed-in donor's name and email, and links the donation to the account", async ({ page, request }) => {
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await chooseAmountAndContinue(page, 'Q35');
    await expect(page.locator('input[name="email"]')).toHaveValue(DEMO.donor.email);
    await expect(page.locator('input[name="donorName"]')).not.toHaveValue('');
    const { donatePosts } = recordBodies(page);
    await page.locator('input[name="cardNumber"]').fill(CARD);
    await page.locator('input[name="expiryDate"]').fill(futureExpiry());
    await page.locator('input[name="cvc"]').fill(CVC);
    await page.getByRole('button', { name: 'Realizar donación' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(donatePosts[0].headers()['authorization']).toMatch(/^Bearer /);
    const reference = (await page.getByRole('dialog').getByTestId('success-reference').innerText()).trim();
    // The simulated provider completes the card gift by itself within seconds, under the account's email.
    await expect.poll(async () => (await adminDonations(request, reference))[0], { timeout: 20_000 }).toMatchObject({ donor_email: DEMO.donor.email, status: 'APPROVED' });
  });

  for (const width of [390, 1280]) {
    test(`gives anonymously at ${width} px: the public list and detail show "Anónimo" and nothing else of the donor`, async ({ page, request }) => {
      mkdirSync('/tmp/shots/L7', { recursive: true });
      await page.setViewportSize({ width, height: 900 });
      const name = `Xiomara Escondida Ajú${width}`;
      const email = uniqueEmail('anonima');
      await chooseAmountAndContinue(page, 'Q185');
      await fillDetails(page, { name, email });
      const anonymous = page.getByRole('checkbox', { name: 'Donar de forma anónima' });
      await expect(anonymous).not.toBeChecked();
      await anonymous.check();
      await expect(page.getByTestId('anonymous-hint')).toContainText('«Anónimo»');
      // With the fee covered, the charge in parts reads the same before paying, while processing and after.
      await page.getByRole('checkbox', { name: /cubrir la comisión/ }).check();
      const total = (await page.getByTestId('summary-charge-total').innerText()).replace('Total a cobrar', '').trim();
      expect(total).toMatch(/^Q\d+\.\d{2}$/);
      await page.screenshot({ path: `/tmp/shots/L7/anonimo-datos-${width}.png`, fullPage: true });
      const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/donate');
      await page.getByRole('button', { name: 'Realizar donación' }).click();
      const created = (await (await answer).json()) as { id: number };
      expect((await answer).request().postDataJSON()).toMatchObject({ anonymous: true, coverFees: true });
      await expect(page.getByTestId('processing-charge-total')).toContainText(total);
      await page.screenshot({ path: `/tmp/shots/L7/procesando-${width}.png`, fullPage: false });
      await expect(page.getByRole('dialog').getByTestId('success-charge-total')).toContainText(total);
      await page.screenshot({ path: `/tmp/shots/L7/exito-${width}.png`, fullPage: false });

      // The demo's card completes it by itself seconds later; the public then sees it, as "Anónimo".
      await expect.poll(async () => (await request.get(`/api/v1/donations/${created.id}`)).status(), { timeout: 15_000 }).toBe(200);
      await page.goto(`/donations/${created.id}`);
      await expect(page.locator('text=Anónimo >> visible=true').first()).toBeVisible();
      const detail = await page.locator('main').innerText();
      expect(detail).not.toContain('Xiomara');
      expect(detail).not.toContain(email);
      expect(detail).not.toMatch(/e\*\*\*@correo/);
      await page.screenshot({ path: `/tmp/shots/L7/anonimo-detalle-${width}.png`, fullPage: true });
      await page.goto('/donations');
      // The phone list and the desktop table are both in the page; one of them is shown.
      await expect(page.locator('text=Anónimo >> visible=true').first()).toBeVisible();
      expect(await page.locator('main').innerText()).not.toContain('Xiomara');
      await page.screenshot({ path: `/tmp/shots/L7/anonimo-lista-${width}.png`, fullPage: false });
      // Staff still see who gave it.
      const rows = await adminDonations(request, email);
      expect(rows[0]).toMatchObject({ donor_email: email, status: 'APPROVED' });
    });
  }

  test('looks finished at phone and desktop widths (screenshots of each step, no sideways scrolling)', async ({ page }, testInfo) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/donate');
      await expect(page.getByRole('button', { name: 'Q185', exact: true })).toBeVisible();
      const shot = async (name: string) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} a ${width}px no debe desbordar a lo ancho`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: testInfo.outputPath(`donate-${name}-${width}.png`), fullPage: true });
      };
      await page.getByRole('button', { name: 'Q185', exact: true }).click();
      await shot('1-monto');
      await page.getByRole('button', { name: 'Continuar donación' }).click();
      await fillDetails(page, { name: 'Captura de Pantalla', email: uniqueEmail('captura') });
      await shot('2-datos');
      await page.getByRole('button', { name: 'Realizar donación' }).click();
      await expect(page.getByRole('heading', { name: 'Tu donación está siendo procesada...' })).toBeVisible();
      await shot('3-procesando');
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('4-exito');
      await page.getByRole('button', { name: 'Cerrar' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  });
});
