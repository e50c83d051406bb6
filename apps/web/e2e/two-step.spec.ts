// Two-step sign-in in Chromium (docs/product.md#accounts-and-sessions): an account enrols an
// authenticator app from Seguridad (the code computed here with otplib, as the phone would) and signs
// in with it; at 390 px an account registers a passkey in Chromium's virtual authenticator (DevTools
// protocol) and signs in with it alone, without a password; Sesiones activas lists and ends sessions.
// A FINANCE member enrols the app and, signed in with the code, refunds a card gift paid through the
// Recurrente stand-in (the server of global-setup.ts with PAYMENT_PROVIDER=recurrente).
import { authenticator } from 'otplib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, screenshots, statusError, test, uniqueEmail, waitForEmail, WIDTHS } from './fixtures';

const PASSWORD = 'Volcan2024';

async function newAccount(request: APIRequestContext, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const res = await request.post('/api/v1/auth/register', { data: { name: 'Marta Dos Pasos', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true } });
  expect(res.status()).toBe(201);
  return email;
}

async function passwordSteps(page: Page, email: string, password = PASSWORD, base = '') {
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}

/** Forgets this browser's session (as another visit would), keeping the device cookie. */
async function signOutHere(page: Page) {
  const cookies = (await page.context().cookies()).filter((c) => c.name === 'device_id');
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
  await page.evaluate(() => window.localStorage.clear());
}

test.describe('two-step sign-in', () => {
  test('enrol an authenticator app in Seguridad, keep the recovery codes, and sign in with the code', async ({ page, request }) => {
    const email = await newAccount(request, 'totp');
    await passwordSteps(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('two-step-banner')).toBeVisible();
    await page.getByRole('link', { name: 'Configurar ahora' }).click();
    await expect(page.getByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Configurar aplicación' }).click();
    await expect(page.getByRole('img', { name: /Código QR/ })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();

    await page.getByLabel('Código de verificación').fill('12');
    await page.getByRole('button', { name: 'Confirmar código' }).click();
    await expect(page.getByText('Escribe los 6 dígitos que muestra tu aplicación de autenticación.')).toBeVisible();
    await page.getByLabel('Código de verificación').fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Confirmar código' }).click();
    await expect(page.getByRole('heading', { name: 'Guarda tus códigos de recuperación' })).toBeVisible();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await screenshots(page, 'two-step-recovery-codes');
    await page.getByRole('button', { name: 'Ya guardé mis códigos' }).click();
    await expect(page.getByText('Activada')).toBeVisible();
    await expect(page.getByText('Te quedan 10 códigos de recuperación.')).toBeVisible();

    await signOutHere(page);
    await passwordSteps(page, email);
    await expect(page.getByRole('heading', { name: 'Verifica que eres tú' })).toBeVisible();
    await screenshots(page, 'two-step-code');
    // The next time-step's code: the one used at enrolment may not be used again.
    const next = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
    await page.getByLabel('Código de verificación').fill(next);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('two-step-banner')).toHaveCount(0);

    await page.goto('/settings?pestana=seguridad');
    const sessions = page.getByTestId('session-list').locator('li');
    await expect(sessions).toHaveCount(2);
    await expect(page.getByText('Este dispositivo')).toBeVisible();
    // Playwright's desktop Chrome says Windows in its user agent; the test server is on this machine's network.
    await expect(page.getByText('Chrome en Windows', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/Red local · Último uso:/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Cerrar las demás sesiones?' });
    await expect(confirm).toBeVisible();
    await screenshots(page, 'two-step-end-other-sessions');
    await confirm.getByRole('button', { name: 'Cerrar la otra sesión' }).click();
    await expect(page.getByText('Cerramos la otra sesión.')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await screenshots(page, 'two-step-security');
  });

  test('at 390 px: register a passkey in the virtual authenticator, sign in with it alone, and use it as the second step after the password', async ({ page, request }) => {
    await page.setViewportSize(WIDTHS.phone);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    const email = await newAccount(request, 'llave');
    await passwordSteps(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings?pestana=seguridad');
    await expect(page.getByText('Todavía no tienes llaves de acceso.')).toBeVisible();
    await page.getByLabel('Nombre de la llave').fill('Mi teléfono');
    await page.getByRole('button', { name: 'Agregar llave de acceso' }).click();
    await expect(page.getByText('Llave de acceso guardada.')).toBeVisible();
    await expect(page.getByTestId('passkey-list').getByText('Mi teléfono')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await signOutHere(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar sesión con una llave de acceso' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings?pestana=seguridad');
    await expect(page.getByText(/Último uso:/).first()).toBeVisible();
    await screenshots(page, 'two-step-passkey');

    // With the password, the passkey is the second step.
    await signOutHere(page);
    await page.setViewportSize(WIDTHS.phone);
    await passwordSteps(page, email);
    await expect(page.getByRole('heading', { name: 'Verifica que eres tú' })).toBeVisible();
    await expect(page.getByText('Usa tu llave de acceso (huella, rostro o PIN de tu dispositivo).')).toBeVisible();
    await screenshots(page, 'two-step-passkey-second-step');
    await page.getByRole('button', { name: 'Usar mi llave de acceso' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
  test('a FINANCE member enrols an authenticator app, signs in with its code and refunds a card gift', async ({ page, allowConsoleErrors }) => {
    const base = process.env.E2E_PAYMENTS_URL;
    if (!base) throw new Error('E2E_PAYMENTS_URL is set by global-setup.ts');
    const finance = { email: 'finanzas@ejemplo.org', password: 'Demo1234' };

    // A donor pays Q150 on the stand-in's checkout page.
    const donor = uniqueEmail('reembolso');
    await page.goto(`${base}/donate`);
    await page.getByLabel(/otro monto/i).fill('150');
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await page.locator('input[name="donorName"]').fill('Rosa Tum');
    await page.locator('input[name="email"]').fill(donor);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByLabel('Vencimiento').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByTestId('result-paid')).toBeVisible();
    const reference = decodeURIComponent(new URL(page.url()).searchParams.get('ref') ?? '');
    expect(reference).toMatch(/^#MG\d{8}$/);
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());

    // FINANCE enrols the app from Seguridad.
    await passwordSteps(page, finance.email, finance.password, base);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`${base}/settings?pestana=seguridad`);
    await page.getByRole('button', { name: 'Configurar aplicación' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Código de verificación').fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Confirmar código' }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await page.getByRole('button', { name: 'Ya guardé mis códigos' }).click();
    await expect(page.getByText('Activada')).toBeVisible();

    // The next sign-in asks for the code; a wrong one is refused in Spanish.
    await signOutHere(page);
    await passwordSteps(page, finance.email, finance.password, base);
    await expect(page.getByRole('heading', { name: 'Verifica que eres tú' })).toBeVisible();
    allowConsoleErrors(statusError(401));
    await page.getByLabel('Código de verificación').fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /código/i }).first()).toBeVisible();
    await page.getByLabel('Código de verificación').fill(authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).not.toHaveURL(/\/login/);

    // The gift, found by its reference, is refunded with a reason; the donor is told.
    await page.goto(`${base}/admin/donations`);
    await page.getByLabel('Estado').selectOption({ label: 'Todos los estados' });
    await page.getByLabel('Buscar donaciones').fill(reference);
    await expect(page.getByRole('link', { name: /^Ver la donación \d+$/ })).toHaveCount(1);
    await page.getByRole('link', { name: /^Ver la donación \d+$/ }).click();
    await page.getByRole('button', { name: 'Reembolsar' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Reembolsar la donación ${reference}` });
    await expect(dialog).toContainText('Se devolverá Q150.00 a la tarjeta del donante');
    await dialog.getByRole('button', { name: 'Reembolsar' }).click();
    await expect(dialog.getByText('Escribe el motivo del reembolso.')).toBeVisible();
    await dialog.getByLabel(/Motivo/).fill('La donante pagó dos veces');
    await screenshots(page, 'two-step-finance-refund');
    await dialog.getByRole('button', { name: 'Reembolsar' }).click();
    await expect(page.getByText('La donación fue reembolsada.')).toBeVisible();
    await expect(page.getByText('La donante pagó dos veces').first()).toBeVisible();
    await waitForEmail(donor, /(La donante pag. dos veces|La donante pag.. dos veces)/);
  });
});
