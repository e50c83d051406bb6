// Monthly giving from the donor's side against the real server and the simulated provider
// (docs/product.md#monthly-giving): "Dona cada mes" opens /donate on "Cada mes", the gift appears in
// "Mis donaciones mensuales", where its amount is changed, it is paused and resumed early ("Reanudar
// ahora"), and cancelled; a second
// identical gift is asked about first; the link of its email opens the gift without signing in,
// where its amount is changed, it is paused and resumed early, and it is cancelled too; a link that is not valid says so and shows nothing else.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, expect, futureExpiry, login, screenshots, statusError, test, uniqueEmail, waitForEmail } from './fixtures';

interface AdminGift {
  id: number;
  donorEmail: string;
  amountCents: number;
  status: string;
}

/** No serious or critical WCAG 2.2 AA violation on the page as it is now. */
async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(blocking, what).toEqual([]);
}

/** Fills the details step (name and email unless the session gave them) and the simulated card. */
async function fillDetails(page: Page, details: { name?: string; email?: string }) {
  if (details.name) await page.locator('input[name="donorName"]').fill(details.name);
  if (details.email) await page.locator('input[name="email"]').fill(details.email);
  await page.locator('input[name="cardNumber"]').fill('4242424242424242');
  await page.locator('input[name="expiryDate"]').fill(futureExpiry());
  await page.locator('input[name="cvc"]').fill('123');
}

/** Starts a monthly gift of `amount` quetzales on /donate (opened on "Cada mes"). */
async function startMonthlyGift(page: Page, amount: string, details: { name?: string; email?: string }): Promise<void> {
  await expect(page.getByRole('radio', { name: 'Cada mes' })).toBeChecked();
  await page.getByLabel('Otro monto').fill(amount);
  await page.getByRole('button', { name: 'Continuar donación' }).click();
  await expect(page.getByTestId('donate-amount')).toHaveText(`Q${amount}.00 al mes`);
  await fillDetails(page, details);
  const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/donate');
  await page.getByRole('button', { name: `Donar Q${amount}.00 al mes` }).click();
  const created = await (await answer).json();
  expect(created.recurring_gift_id).toEqual(expect.any(Number));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('¡Gracias por tu donación mensual!')).toBeVisible();
  await expect(dialog.getByTestId('success-amount')).toHaveText(`Q${amount}.00 al mes`);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
}

/**
 * The first payment of a simulated gift is charged by the monthly job (every JOBS_INTERVAL_MS in the
 * browser tests' server); waits until staff see the gift active.
 */
async function waitUntilActive(request: APIRequestContext, email: string, amountCents: number): Promise<AdminGift> {
  const token = await apiToken(request);
  let gift: AdminGift | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/v1/admin/monthly-gifts?status=active', { headers: { authorization: `Bearer ${token}` } });
        expect(res.ok(), await res.text()).toBeTruthy();
        gift = ((await res.json()).gifts as AdminGift[]).find((g) => g.donorEmail === email && g.amountCents === amountCents);
        return gift?.status;
      },
      { timeout: 20_000 },
    )
    .toBe('active');
  return gift!;
}

test.describe('monthly giving, donor side', () => {
  test('a donor becomes a sponsor from the dashboard, sees the gift in "Mis donaciones mensuales", changes its amount from the next charge, pauses it, resumes it early and cancels it', async ({ page, request }) => {
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Dona cada mes' }).first().click();
    await expect(page).toHaveURL(/\/donate\?frecuencia=mensual$/);
    await expect(page.getByRole('radio', { name: 'Cada mes' })).toBeChecked();

    // The impact list speaks per month and per year (Q137 a month is Q1,644 a year).
    await page.getByLabel('Otro monto').fill('137');
    await expect(page.getByTestId('impact-summary')).toHaveText('Q137.00 al mes = Q1,644.00 al año:');
    await screenshots(page, 'monthly-toggle');
    await expectAccessible(page, '/donate, Cada mes');
    await page.getByLabel('Otro monto').fill('');

    await startMonthlyGift(page, '137', {});
    await waitUntilActive(request, DEMO.donor.email, 13_700);

    await page.getByRole('link', { name: 'Mi panel' }).click();
    await page.getByRole('navigation', { name: 'Navegación del panel' }).getByRole('link', { name: 'Donaciones mensuales' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mis donaciones mensuales' })).toBeVisible();
    const item = page.getByTestId('monthly-gift').filter({ has: page.getByRole('heading', { name: 'Q137.00 al mes' }) });
    await expect(item.getByText('Activa')).toBeVisible();
    await expect(item.getByTestId('charges-count')).toHaveText('1');
    await expect(item.getByTestId('total-given')).toHaveText('Q137.00');
    await screenshots(page, 'monthly-member-list');
    await expectAccessible(page, 'Mis donaciones mensuales');

    // "Cambiar monto": nothing is charged now; the new amount starts at the next charge, on the same day.
    const nextCharge = (await item.getByTestId('next-charge').innerText()).trim();
    await item.getByRole('button', { name: 'Cambiar monto' }).click();
    const change = page.getByRole('dialog', { name: 'Cambiar el monto de tu donación mensual' });
    await expect(change).toContainText('Hoy no se cobra nada. El nuevo monto empieza en tu próximo cobro');
    await expect(change).toContainText('hasta entonces tu donación sigue siendo de Q137.00 al mes');
    await expectAccessible(page, 'Cambiar monto');
    await change.getByLabel(/Nuevo monto mensual/).fill('137');
    await change.getByRole('button', { name: 'Guardar el nuevo monto' }).click();
    await expect(change.getByText('El nuevo monto es igual al actual')).toBeVisible();
    await change.getByLabel(/Nuevo monto mensual/).fill('abc');
    await change.getByRole('button', { name: 'Guardar el nuevo monto' }).click();
    await expect(change.getByText('Escribe el monto solo con números, por ejemplo 1,500 o 1500.50.')).toBeVisible();
    await change.getByLabel(/Nuevo monto mensual/).fill('142');
    await screenshots(page, 'monthly-change-amount');
    await change.getByRole('button', { name: 'Guardar el nuevo monto' }).click();
    await expect(page.getByText(/^Listo: desde el .+ tu donación mensual será de Q142\.00\. Te enviamos un correo\.$/)).toBeVisible();
    await expect(change).toHaveCount(0);
    // The same gift, still Q137 and still once a month, says from when it changes; no charge was made.
    await expect(item.getByText('Activa')).toBeVisible();
    await expect(item.getByTestId('pending-change')).toContainText('Cambia a Q142.00 desde el');
    await expect(item.getByTestId('charges-count')).toHaveText('1');
    await expect(item.getByTestId('next-charge')).toHaveText(nextCharge);
    await expect(page.getByTestId('monthly-gift').filter({ has: page.getByRole('heading', { name: 'Q142.00 al mes' }) })).toHaveCount(0);
    const changeMail = await waitForEmail(DEMO.donor.email, /Registramos el cambio de tu [^\n]*\n?[^\n]*? (Q142\.00) cada mes/);
    expect(changeMail).toBe('Q142.00');
    await screenshots(page, 'monthly-member-pending-change');
    // Checked once the toast has gone: leaving, it fades, and axe measured its white text half drawn (a CI failure).
    await expect(page.getByText(/^Listo: desde el /)).toHaveCount(0);
    await expectAccessible(page, 'Mis donaciones mensuales, cambio registrado');

    // "Pausar": skip the next charges; each choice names the date it resumes, on the same day of the month.
    await item.getByRole('button', { name: 'Pausar' }).click();
    const pause = page.getByRole('dialog', { name: 'Pausar tu donación mensual' });
    await expect(pause.getByRole('radio', { name: /^1 mes \(se reanuda el / })).toBeChecked();
    await pause.getByRole('radio', { name: /^2 meses \(se reanuda el / }).check();
    await expectAccessible(page, 'Pausar');
    await screenshots(page, 'monthly-pause');
    await pause.getByRole('button', { name: 'Pausar la donación' }).click();
    await expect(page.getByText(/^Tu donación mensual quedó en pausa hasta el .+\. Te enviamos un correo\.$/)).toBeVisible();
    await expect(item.getByText('Pausada')).toBeVisible();
    await expect(item.getByTestId('paused-until')).toContainText('En pausa hasta el');
    await expect(item.getByTestId('charges-count')).toHaveText('1');
    await waitForEmail(DEMO.donor.email, /Pausamos tu [^\n]*: no haremos los pr.{1,2}ximos (2) cobros/);
    // The charge that ends the pause takes the new amount, and the email says so.
    expect(await waitForEmail(DEMO.donor.email, /cuando haremos el siguiente cobro, de (Q\d+\.\d\d)\./)).toBe('Q142.00');
    await screenshots(page, 'monthly-member-paused');

    // "Reanudar ahora": the confirmation says nothing is charged now and names the day and the amount of
    // the next charge, the first one the pause skipped (the day shown before pausing).
    await item.getByRole('button', { name: 'Reanudar ahora' }).click();
    const resume = page.getByRole('alertdialog', { name: '¿Reanudar tu donación mensual ahora?' });
    await expect(resume).toContainText(/Hoy no se cobra nada\. Tu próximo cobro será el \d{1,2} de [a-z]+ de \d{4}, de Q142\.00, y después cada mes el mismo día, en lugar de esperar al \d{1,2} de [a-z]+ de \d{4}\./);
    await expectAccessible(page, 'Reanudar ahora');
    await screenshots(page, 'monthly-resume');
    await resume.getByRole('button', { name: 'Sí, reanudar' }).click();
    await expect(page.getByText(/^Tu donación mensual se reanudó: el próximo cobro será el .+\. Te enviamos un correo\.$/)).toBeVisible();
    await expect(resume).toHaveCount(0);
    await expect(item.getByText('Activa')).toBeVisible();
    await expect(item.getByTestId('paused-until')).toHaveCount(0);
    await expect(item.getByTestId('next-charge')).toHaveText(nextCharge);
    await expect(item.getByTestId('charges-count')).toHaveText('1');
    await expect(item.getByRole('button', { name: 'Reanudar ahora' })).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Pausar' })).toBeVisible();
    expect(await waitForEmail(DEMO.donor.email, /Reanudamos tu donaci[^\n]*antes de lo previsto\. El pr.{1,2}ximo cobro ser.{1,2} el [^\n]*?, de (Q\d+\.\d\d)/)).toBe('Q142.00');
    await screenshots(page, 'monthly-member-resumed');

    const renewed = item;
    await renewed.getByRole('button', { name: 'Cancelar' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Cancelar tu donación mensual?' });
    await confirm.getByLabel(/Cuéntanos por qué/).fill('Prueba de cancelación');
    await confirm.getByRole('button', { name: 'Sí, cancelar la donación' }).click();
    await expect(page.getByText('Tu donación mensual fue cancelada')).toBeVisible();
    await expect(renewed.getByText('Cancelada')).toBeVisible();
    await expect(renewed.getByText('Prueba de cancelación')).toBeVisible();
    await expect(renewed.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
  });

  test('the same gift again asks first; the link of the email opens the gift without signing in, changes its amount, pauses it, resumes it early and cancels it', async ({ page, request, allowConsoleErrors }) => {
    const email = uniqueEmail('padrino');
    await page.goto('/');
    await page.getByRole('link', { name: 'Dona cada mes' }).first().click();
    await startMonthlyGift(page, '89', { name: 'Lucía Hernández', email });
    await waitUntilActive(request, email, 8_900);

    // The same gift again asks first (409 DUPLICATE_MONTHLY_GIFT); "No, volver" records nothing.
    allowConsoleErrors(statusError(409));
    await page.goto('/donate?frecuencia=mensual');
    await page.getByLabel('Otro monto').fill('89');
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await fillDetails(page, { name: 'Lucía Hernández', email });
    await page.getByRole('button', { name: 'Donar Q89.00 al mes' }).click();
    const question = page.getByRole('alertdialog', { name: '¿Quieres tener dos donaciones mensuales?' });
    await expect(question).toContainText('Q89.00 al mes');
    await question.getByRole('button', { name: 'No, volver' }).click();
    await expect(question).toHaveCount(0);
    await expect(page.locator('input[name="email"]')).toHaveValue(email);

    const link = await waitForEmail(email, /(\/donacion-mensual\?token=[^\s"<>]+)/);
    await page.goto(link);
    const gift = page.getByTestId('managed-gift');
    await expect(gift.getByRole('heading', { name: 'Q89.00 al mes' })).toBeVisible();
    await expect(gift.getByText('Lucía Hernández')).toBeVisible();
    await expect(gift.getByText('Activa')).toBeVisible();
    await screenshots(page, 'monthly-manage');
    await expectAccessible(page, '/donacion-mensual');
    // Nothing of the account is offered here: the public header's sign-in only.
    await expect(page.getByRole('link', { name: 'Mis donaciones mensuales' })).toHaveCount(0);

    // The link's page offers the same change of amount and pause as the donor area, with no account.
    await gift.getByRole('button', { name: 'Cambiar monto' }).click();
    const change = page.getByRole('dialog', { name: 'Cambiar el monto de tu donación mensual' });
    await expect(change).toContainText('Hoy no se cobra nada');
    await change.getByLabel(/Nuevo monto mensual/).fill('1,20');
    await change.getByRole('button', { name: 'Guardar el nuevo monto' }).click();
    await expect(change.getByText(/No está claro qué monto quisiste escribir/)).toBeVisible();
    await change.getByLabel(/Nuevo monto mensual/).fill('95');
    await change.getByRole('button', { name: 'Guardar el nuevo monto' }).click();
    await expect(page.getByText(/^Listo: desde el .+ tu donación mensual será de Q95\.00\./)).toBeVisible();
    await expect(gift.getByTestId('pending-change')).toContainText('Cambia a Q95.00 desde el');
    await expect(gift.getByRole('heading', { name: 'Q89.00 al mes' })).toBeVisible();
    await waitForEmail(email, /Registramos el cambio de tu [^\n]*\n?[^\n]*? (Q95\.00) cada mes/);

    const nextCharge = (await gift.getByTestId('next-charge').textContent()) as string;
    await gift.getByRole('button', { name: 'Pausar' }).click();
    const pause = page.getByRole('dialog', { name: 'Pausar tu donación mensual' });
    await pause.getByRole('radio', { name: /^3 meses / }).check();
    await pause.getByRole('button', { name: 'Pausar la donación' }).click();
    await expect(page.getByText(/^Tu donación mensual quedó en pausa hasta el /)).toBeVisible();
    await expect(gift.getByText('Pausada')).toBeVisible();
    await expect(gift.getByTestId('paused-until')).toContainText('En pausa hasta el');
    await waitForEmail(email, /Pausamos tu [^\n]*: no haremos los pr.{1,2}ximos (3) cobros/);
    await screenshots(page, 'monthly-manage-paused');
    await expect(page.getByText(/^Tu donación mensual quedó en pausa hasta el /)).toHaveCount(0);
    await expectAccessible(page, '/donacion-mensual, en pausa');

    // "Reanudar ahora", as in the donor area: the same confirmation, nothing charged now, the next charge
    // back on the day shown before the pause, with the new amount asked before it.
    await gift.getByRole('button', { name: 'Reanudar ahora' }).click();
    const resume = page.getByRole('alertdialog', { name: '¿Reanudar tu donación mensual ahora?' });
    await expect(resume).toContainText(/Hoy no se cobra nada\. Tu próximo cobro será el \d{1,2} de [a-z]+ de \d{4}, de Q95\.00, y después cada mes el mismo día, en lugar de esperar al \d{1,2} de [a-z]+ de \d{4}\./);
    await expectAccessible(page, '/donacion-mensual, Reanudar ahora');
    await screenshots(page, 'monthly-manage-resume');
    await resume.getByRole('button', { name: 'Sí, reanudar' }).click();
    await expect(page.getByText(/^Tu donación mensual se reanudó: el próximo cobro será el .+\. Te enviamos un correo\.$/)).toBeVisible();
    await expect(resume).toHaveCount(0);
    await expect(gift.getByText('Activa')).toBeVisible();
    await expect(gift.getByTestId('paused-until')).toHaveCount(0);
    await expect(gift.getByTestId('next-charge')).toHaveText(nextCharge);
    await expect(gift.getByTestId('pending-change')).toContainText('Cambia a Q95.00 desde el');
    await expect(gift.getByRole('button', { name: 'Reanudar ahora' })).toHaveCount(0);
    await expect(gift.getByRole('button', { name: 'Pausar' })).toBeVisible();
    expect(await waitForEmail(email, /Reanudamos tu donaci[^\n]*antes de lo previsto\. El pr.{1,2}ximo cobro ser.{1,2} el [^\n]*?, de (Q\d+\.\d\d)/)).toBe('Q95.00');
    await screenshots(page, 'monthly-manage-resumed');

    await gift.getByRole('button', { name: 'Cancelar' }).click();
    await expectAccessible(page, '/donacion-mensual, Cancelar');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, cancelar la donación' }).click();
    await expect(page.getByText('Tu donación mensual fue cancelada')).toBeVisible();
    await expect(gift.getByText('Cancelada')).toBeVisible();
    await expect(page.getByText('Esta donación mensual terminó.')).toBeVisible();
  });

  test('a link that is not valid says so and shows nothing else', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(statusError(400), statusError(401), statusError(403), statusError(404));
    await page.goto('/donacion-mensual?token=esto-no-es-un-enlace');
    await expect(page.getByTestId('manage-invalid')).toContainText('Este enlace no es válido o ya venció');
    await expect(page.getByTestId('managed-gift')).toHaveCount(0);
    await screenshots(page, 'monthly-manage-invalid');
    await expectAccessible(page, '/donacion-mensual, enlace no válido');
  });
});
