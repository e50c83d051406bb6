// Designation of a gift against the real server and database (docs/product.md#designation): staff turn
// on "Ofrecer los programas al donar" in Configuración; a visitor's /donate asks "¿A qué programa va
// tu donación?" with the open programmes (never "Próximamente") and "Donde más se necesite" chosen
// by default; the gift given to a programme shows its Destino on the donation's staff page, and the
// programme's total on the home page grows by it once the payment completes. Screenshots at 390 and
// 1280 px and an axe check of the choice. A donor's monthly gift to a programme shows it as "Destino"
// in "Mis donaciones mensuales". The setting is turned off again, so other specs see the checkout as
// it is by default.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney } from '@donaciones/shared/format';
import type { PublicProgram, PublicSite } from '@donaciones/shared/schemas/public-site';
import { DEMO, apiToken, expect, futureExpiry, login, screenshots, test, uniqueEmail } from './fixtures';

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(blocking, what).toEqual([]);
}

const site = async (request: APIRequestContext) => (await (await request.get('/api/v1/public/site')).json()) as PublicSite;

async function setOffer(request: APIRequestContext, on: boolean) {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const current = await (await request.get('/api/v1/admin/settings', { headers })).json();
  const res = await request.put('/api/v1/admin/settings', { headers, data: { ...current, checkout_programs: on } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test.describe('designation at the checkout', () => {
  test.afterAll(async ({ request }) => {
    await setOffer(request, false);
  });

  test('staff offer the programmes; a visitor gives to one; the donation and the programme total show it', async ({ page, browser, request, baseURL }) => {
    const before = await site(request);
    expect(before.system.checkout_programs).toBe(false);
    const program = before.programs.find((p) => !p.coming_soon && p.goal_amount > 0) as PublicProgram;
    const soon = before.programs.find((p) => p.coming_soon);
    expect(program).toBeDefined();

    // Staff turn the choice on in Configuración.
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Configuración del sistema' });
    await form.getByLabel(/Ofrecer los programas al donar/).check();
    await form.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(page.getByText('Configuración del sistema guardada exitosamente')).toBeVisible();
    expect((await site(request)).system.checkout_programs).toBe(true);

    // A visitor, in a browser of their own.
    const visitor = await (await browser.newContext({ baseURL, locale: 'es-GT' })).newPage();
    await visitor.goto('/donate');
    const choice = visitor.getByRole('group', { name: '¿A qué programa va tu donación?' });
    await expect(choice.getByRole('radio', { name: /Donde más se necesite/ })).toBeChecked();
    if (soon) await expect(choice.getByRole('radio', { name: new RegExp(soon.name) })).toHaveCount(0);
    await choice.getByRole('radio', { name: new RegExp(program.name) }).check();
    await visitor.getByRole('button', { name: 'Q75', exact: true }).click();
    await expectAccessible(visitor, 'la pregunta del programa');
    await screenshots(visitor, 'designation-choice');

    await visitor.getByRole('button', { name: 'Continuar donación' }).click();
    await visitor.locator('input[name="donorName"]').fill('Rosa Destino');
    await visitor.locator('input[name="email"]').fill(uniqueEmail('destino'));
    await visitor.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242');
    await visitor.locator('input[name="expiryDate"]').fill(futureExpiry());
    await visitor.locator('input[name="cvc"]').fill('123');
    const posted = visitor.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/donate');
    await visitor.getByRole('button', { name: 'Realizar donación' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ programId: program.id, amount: 75 });
    const dialog = visitor.getByRole('dialog');
    const reference = (await dialog.getByTestId('success-reference').innerText()).trim();
    await visitor.context().close();
    // Off again at once: the other specs (and /donate's first-load budget) see the default checkout.
    await setOffer(request, false);

    // The programme's total grows by the gift once the demo's card answers (a few seconds).
    await expect.poll(async () => (await site(request)).programs.find((p) => p.id === program.id)?.current_amount, { timeout: 20_000 }).toBe(
      Math.round((program.current_amount + 75) * 100) / 100,
    );

    // Staff read the Destino on the donation.
    const token = await apiToken(request);
    const found = await (await request.get(`/api/v1/admin/donations?q=${encodeURIComponent(reference)}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const id = found.donations[0].id as number;
    await page.goto(`/admin/donations/${id}`);
    const detail = page.locator('dl').filter({ hasText: 'Destino' });
    await expect(detail.getByText(program.name)).toBeVisible();
    await screenshots(page, 'designation-donation');

    // And the public home shows the new total.
    await page.goto('/');
    const card = page.locator('article').filter({ hasText: program.name });
    await expect(card).toContainText(formatMoney(Math.round((program.current_amount + 75) * 100) / 100));
  });

  test('a donor’s monthly gift to a programme says so in "Mis donaciones mensuales"; one-time gifts say where they went in "Historial"', async ({ page, request }) => {
    const program = (await site(request)).programs.find((p) => !p.coming_soon && p.goal_amount > 0) as PublicProgram;
    await setOffer(request, true);
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto('/donate?frecuencia=mensual');
    await page.getByRole('group', { name: '¿A qué programa va tu donación?' }).getByRole('radio', { name: new RegExp(program.name) }).check();
    await page.getByLabel('Otro monto').fill('133');
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242');
    await page.locator('input[name="expiryDate"]').fill(futureExpiry());
    await page.locator('input[name="cvc"]').fill('123');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/donate');
    await page.getByRole('button', { name: 'Donar Q133.00 al mes' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ programId: program.id, frequency: 'monthly' });
    await expect(page.getByRole('dialog').getByText('¡Gracias por tu donación mensual!')).toBeVisible();
    await setOffer(request, false);

    await page.goto('/donor/monthly-gifts');
    const item = page.getByTestId('monthly-gift').filter({ has: page.getByRole('heading', { name: 'Q133.00 al mes' }) });
    await expect(item.getByTestId('designation')).toHaveText(program.name);
    // The demo's other monthly gifts were given with no programme.
    await expect(page.getByTestId('monthly-gift').getByTestId('designation').filter({ hasText: 'Donde más se necesite' }).first()).toBeVisible();
    await screenshots(page, 'designation-member-monthly');

    await page.goto('/donor/history');
    const rows = page.getByTestId('designation');
    await expect(rows.first()).toBeVisible();
    // Each row names its programme or "Donde más se necesite" (rows of the closed months included).
    for (const text of await rows.allTextContents()) expect(text.trim().length).toBeGreaterThan(0);
    await screenshots(page, 'designation-member-history');
  });
});
