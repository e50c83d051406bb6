// Accounts and sessions in Chromium against the built server: register, the two-step login, a wrong
// password, logout, a reload (also one during the session's refresh), and password recovery end to end with the email read from the real
// SMTP listener of the global setup.
import { randomBytes } from 'node:crypto';
import { DEMO, apiToken, expect, login, statusError, test, waitForEmail } from './fixtures';

const newEmail = (tag: string) => `e2e.${tag}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@prueba.gt`;

test.describe('accounts and sessions', () => {
  test('register with the Spanish validation messages, see "Revisa tu correo", verify the email from the welcome message and sign in', async ({ page }) => {
    const email = newEmail('registro');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Crear cuenta' })).toBeVisible();

    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    for (const text of [
      'El nombre es requerido',
      'El correo electrónico es requerido',
      'La contraseña es requerida',
      'Confirma tu contraseña',
      'Debes aceptar los términos y condiciones',
    ]) {
      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    }

    await page.locator('input[name="name"]').fill('Rosa Ixchel Tum');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('clave');
    await page.locator('input[name="confirmPassword"]').fill('otra');
    await page.locator('input[name="confirmPassword"]').blur();
    await expect(page.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
    await expect(page.getByText('Las contraseñas deben coincidir')).toBeVisible();

    await page.locator('input[name="password"]').fill('Quetzal2024');
    await page.locator('input[name="confirmPassword"]').fill('Quetzal2024');
    await expect(page.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute('href', '/terms');
    await expect(page.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('href', '/privacy');
    await page.locator('input[name="acceptTerms"]').check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    // Nobody is signed in: the same screen follows whether the address was free or not (decision 0066).
    await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
    await expect(page.getByText(`Te enviamos un correo a ${email} con los pasos para continuar`)).toBeVisible();

    const link = await waitForEmail(email, /(https?:\/\/\S+\/verify-email\?token=[\w-]+)/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Correo verificado' })).toBeVisible();
    await login(page, email, 'Quetzal2024');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('registering an address that has an account shows the same screen, and its owner gets the ways in by email', async ({ page, request }) => {
    const email = newEmail('repetido');
    expect((await request.post('/api/v1/auth/register', { data: { name: 'Rosa Dueña', email, password: 'Quetzal2024', confirmPassword: 'Quetzal2024', acceptTerms: true } })).status()).toBe(201);
    await page.goto('/register');
    await page.locator('input[name="name"]').fill('Otra Persona');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('Distinta2024');
    await page.locator('input[name="confirmPassword"]').fill('Distinta2024');
    await page.locator('input[name="acceptTerms"]').check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
    await expect(page.getByText(`Te enviamos un correo a ${email} con los pasos para continuar`)).toBeVisible();
    await expect(page.getByText('Ya existe una cuenta')).toHaveCount(0);
    // Only the owner's email names the recovery page (the welcome email does not).
    const forgotLink = await waitForEmail(email, /(https?:\/\/[^\s"<>]+\/forgot-password)/);
    expect(new URL(forgotLink).pathname).toBe('/forgot-password');
    // The owner's password still works; the one typed at registration does not.
    await login(page, email, 'Quetzal2024');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a click on the terms box counts even when leaving a field above shows its error at that moment', async ({ page }) => {
    await page.goto('/register');
    const terms = page.locator('input[name="acceptTerms"]');
    // Each field above left invalid: its error appears on the blur that the click's press causes, moving the box down.
    for (const [field, text] of [
      ['name', 'El nombre es requerido'],
      ['confirmPassword', 'Confirma tu contraseña'],
    ] as const) {
      await page.reload();
      await page.locator(`input[name="${field}"]`).focus();
      await terms.click();
      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
      await expect(terms).toBeChecked();
    }
    // The same for the button: one click submits, and every missing field says so.
    await page.reload();
    await page.locator('input[name="name"]').fill('Rosa Tum');
    await page.locator('input[name="email"]').focus();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Debes aceptar los términos y condiciones' })).toBeVisible();
  });

  test('login in two steps, with a way back to the email, and a wrong password in the red alert', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(statusError(401)); // the wrong password, on purpose
    const email = newEmail('login');
    const created = await request.post('/api/v1/auth/register', {
      data: { name: 'Mario Ajú', email, password: 'Volcan2024', confirmPassword: 'Volcan2024', acceptTerms: true },
    });
    expect(created.status()).toBe(201);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Crear una cuenta' })).toBeVisible();
    await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
    const emailInput = page.locator('input[name="email"]');
    await expect(emailInput).toHaveAttribute('type', 'email');
    await expect(page.locator('input[name="password"]')).toHaveCount(0);

    await emailInput.fill('no-es-un-correo');
    await emailInput.blur();
    await expect(page.getByRole('alert').filter({ hasText: 'Ingresa un correo electrónico válido' })).toBeVisible();

    await emailInput.fill('otra.persona@prueba.gt');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByTestId('login-email')).toHaveText('otra.persona@prueba.gt');
    await page.getByRole('button', { name: 'Cambiar correo' }).click();
    await expect(emailInput).toBeFocused();
    await emailInput.fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();

    const password = page.locator('input[name="password"]');
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute('type', 'password');
    await password.fill('12345');
    await password.blur();
    await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();

    await password.fill('Equivocada1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Correo o contraseña incorrectos.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await password.fill('Volcan2024');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the session survives a reload; Salir ends it and protected pages send back to /login', async ({ page, context, allowConsoleErrors }) => {
    // Salir ends the session at once: a dashboard read still in flight then answers 401.
    allowConsoleErrors(statusError(401));
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookies = await context.cookies();
    const refresh = cookies.find((c) => c.name === 'refresh_token');
    expect(refresh?.httpOnly).toBe(true);
    expect(refresh?.sameSite).toBe('Strict');
    expect(refresh?.path).toBe('/api/v1/auth');
    expect(await page.evaluate(() => document.cookie)).not.toContain('refresh_token');
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain('access_token');

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('session-email')).toHaveText(DEMO.donor.email);
    await expect(page.getByText('Donante', { exact: true }).first()).toBeVisible();

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('session_user'))).toBeNull();
    await page.goto('/donor/history');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reload while the session refresh is in flight keeps the session', async ({ page }) => {
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The reload's refresh reaches the server, which rotates the token, but the answer with the new cookie is held
    // back, and the page is reloaded again meanwhile: the browser comes back with the token just spent.
    let rotated!: () => void;
    const serverRotated = new Promise<void>((resolve) => (rotated = resolve));
    let reloaded!: () => void;
    const secondReload = new Promise<void>((resolve) => (reloaded = resolve));
    await page.route(
      '**/api/v1/auth/refresh',
      async (route) => {
        // Sent from here, not with route.fetch, whose answer would set the new cookie in the browser.
        const sent = route.request();
        const headers = await sent.allHeaders();
        const answer = await fetch(sent.url(), {
          method: 'POST',
          headers: { cookie: headers.cookie, 'x-csrf-token': headers['x-csrf-token'], 'content-type': 'application/json' },
          body: sent.postData() ?? '{}',
        });
        expect(answer.status).toBe(200);
        rotated();
        // The held request went with the page it came from; nothing is left to answer.
        await secondReload;
        await route.abort().catch(() => undefined);
      },
      { times: 1 },
    );
    await page.reload();
    await serverRotated;
    await page.reload();
    reloaded();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    // And the session goes on: a later reload refreshes with the cookie this page received.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  });

  test('forgot password, the emailed link, a new password, and the old one no longer works', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(statusError(400), statusError(401)); // the used link, then the old password, on purpose
    const email = newEmail('recuperar');
    const created = await request.post('/api/v1/auth/register', {
      data: { name: 'Lucía Coc', email, password: 'Antigua2024', confirmPassword: 'Antigua2024', acceptTerms: true },
    });
    expect(created.status()).toBe(201);

    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Recuperar contraseña' })).toBeVisible();
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();

    await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
    await expect(page.getByTestId('sent-to')).toHaveText(email);
    await expect(page.getByText(/spam/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reenviar correo' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver a iniciar sesión' })).toBeVisible();

    const link = await waitForEmail(email, /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/);
    const target = new URL(link);
    await page.goto(target.pathname + target.search);
    await expect(page.getByRole('heading', { name: 'Elige una nueva contraseña' })).toBeVisible();
    await page.locator('input[name="password"]').fill('Atitlan2025');
    await page.locator('input[name="confirmPassword"]').fill('Atitlan2025');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByRole('heading', { name: 'Contraseña restablecida' })).toBeVisible();

    // The link is single-use, and says so as soon as it is opened again: no form that fails on saving.
    await page.goto(target.pathname + target.search);
    await expect(page.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
    await expect(page.getByText('Este enlace ya se usó o venció')).toBeVisible();
    await expect(page.locator('input[name="password"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Solicita un nuevo enlace' })).toHaveAttribute('href', '/forgot-password');

    await page.goto('/login');
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.locator('input[name="password"]').fill('Antigua2024');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Correo o contraseña incorrectos.' })).toBeVisible();

    await login(page, email, 'Atitlan2025');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an invitation reads "Crea tu contraseña", activates the account with its email confirmed, and then says the link is used', async ({ page, request }) => {
    const email = newEmail('invitada');
    const token = await apiToken(request);
    const created = await request.post('/api/v1/admin/users', {
      headers: { authorization: `Bearer ${token}` },
      data: { email, first_name: 'Gabriela', last_name: 'Cifuentes', role: 'USER' },
    });
    expect(created.status()).toBe(201);
    const target = new URL(await waitForEmail(email, /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/));

    await page.goto(target.pathname + target.search);
    await expect(page.getByRole('heading', { name: 'Crea tu contraseña' })).toBeVisible();
    await expect(page.getByText('restablec', { exact: false })).toHaveCount(0);
    await page.locator('input[name="password"]').fill('Primera2025');
    await page.locator('input[name="confirmPassword"]').fill('Primera2025');
    await page.getByRole('button', { name: 'Crear contraseña' }).click();
    await expect(page.getByRole('heading', { name: 'Cuenta activada' })).toBeVisible();
    await expect(page.getByText('Tu cuenta está activada y tu correo confirmado.')).toBeVisible();

    await page.goto(target.pathname + target.search);
    await expect(page.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
    await expect(page.locator('input[name="password"]')).toHaveCount(0);

    // Signed in, nobody asks to confirm the address the invitation reached.
    await login(page, email, 'Primera2025');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Confirma tu correo para ver tus donaciones')).toHaveCount(0);
  });

  for (const width of [390, 1280]) {
    test(`login and register look finished at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto('/login');
      await expect(page.locator('input[name="email"]')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`login-${width}.png`), fullPage: true });
      await page.locator('input[name="email"]').fill(DEMO.user.email);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(page.locator('input[name="password"]')).toBeFocused();
      await page.screenshot({ path: testInfo.outputPath(`login-password-${width}.png`), fullPage: true });

      await page.goto('/register');
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await expect(page.getByText('Debes aceptar los términos y condiciones')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`register-errors-${width}.png`), fullPage: true });

      await page.goto('/forgot-password');
      await expect(page.locator('input[name="email"]')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`forgot-${width}.png`), fullPage: true });

      // Nothing spills sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
