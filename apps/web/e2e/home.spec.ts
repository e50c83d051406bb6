// The home page against the real server: its figures and organisation data are those of
// GET /api/v1/public/site, they follow the ledger, and the calls to action lead where docs/product.md#overview says.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, test } from './fixtures';

interface Site {
  organization: { name: string; description: string; phone: string; email: string; address: string };
  stats: { donated_this_month: number; children_per_year: number; schools_benefited: number; scholarships: number };
  programs: { name: string; coming_soon: boolean }[];
  supporters: { name: string }[];
}

async function getSite(request: APIRequestContext): Promise<Site> {
  const res = await request.get('/api/v1/public/site');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Site;
}

/** `2350.5` -> `Q2,350.50` (es-GT grouping), compared without spaces. */
const money = (amount: number) => `Q${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const squash = (text: string) => text.replace(/\s/g, '');

async function donatedThisMonthShown(page: Page): Promise<string> {
  return squash(await page.getByTestId('stat-donated-this-month').innerText());
}

test.describe('home', () => {
  test('shows the figures and the organisation of the API', async ({ page, request }) => {
    let site = await getSite(request);
    // Other specs complete gifts on the same server meanwhile: the page and the API are read again
    // together until one moment finds the month's figure equal.
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('stat-donated-this-month')).toBeVisible();
      const shown = await donatedThisMonthShown(page);
      site = await getSite(request);
      expect(shown).toBe(money(site.stats.donated_this_month));
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('stat-children')).toHaveText(`${site.stats.children_per_year.toLocaleString('en-US')}+`);
    await expect(page.getByTestId('stat-schools')).toHaveText(`${site.stats.schools_benefited.toLocaleString('en-US')}+`);
    const scholarships = page.getByTestId('stat-scholarships');
    if (site.stats.scholarships === 0) await expect(scholarships).toHaveText('Próximamente');
    else await expect(scholarships).toHaveText(site.stats.scholarships.toLocaleString('en-US'));

    await expect(page.getByTestId('org-description')).toHaveText(site.organization.description);
    await expect(page.getByRole('heading', { name: site.organization.name }).first()).toBeVisible();
    for (const program of site.programs) await expect(page.getByRole('heading', { name: program.name, exact: true })).toBeVisible();
    await expect(page.getByText('Próximamente').first()).toBeVisible();
    for (const supporter of site.supporters) await expect(page.getByText(supporter.name, { exact: true })).toBeVisible();

    const phoneLink = page.getByTestId('contact-phone');
    await expect(phoneLink).toHaveText(site.organization.phone);
    await expect(phoneLink).toHaveAttribute('href', `tel:${site.organization.phone.replace(/[^\d+]/g, '')}`);
    const emailLink = page.getByTestId('contact-email');
    await expect(emailLink).toHaveText(site.organization.email);
    await expect(emailLink).toHaveAttribute('href', `mailto:${site.organization.email}`);
  });

  test('the calls to action lead to donate, donations, register and the phone', async ({ page, request }) => {
    const site = await getSite(request);
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Donar ahora' })).toHaveAttribute('href', '/donate');
    await expect(main.getByRole('link', { name: 'Ver donaciones' })).toHaveAttribute('href', '/donations');
    await expect(main.getByRole('link', { name: 'Únete a nuestra causa' })).toHaveAttribute('href', '/register');
    await expect(main.getByRole('link', { name: 'Hacer una donación' })).toHaveAttribute('href', '/donate');
    const tel = `tel:${site.organization.phone.replace(/[^\d+]/g, '')}`;
    for (const call of await main.getByRole('link', { name: 'Llamar ahora' }).all()) await expect(call).toHaveAttribute('href', tel);

    await main.getByRole('link', { name: 'Donar ahora' }).click();
    await expect(page).toHaveURL(/\/donate$/);
    await expect(page.getByRole('button', { name: 'Q185', exact: true })).toBeVisible();
    await page.goBack();
    await main.getByRole('link', { name: 'Únete a nuestra causa' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('"donated this month" follows the ledger: a completed donation raises it', async ({ page, request }) => {
    const login = await request.post('/api/v1/auth/login', { data: DEMO.admin });
    const token = (await login.json()).access_token as string;
    const before = (await getSite(request)).stats.donated_this_month;

    const created = await request.post('/api/v1/donate', {
      headers: { 'idempotency-key': `e2e-home-${Date.now()}` },
      data: { donorName: 'Cifra En Vivo', email: 'cifra.en.vivo@correo.gt', amount: 1234.5, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    // A card donation is settled by its provider: here the demo's simulated card, which answers by
    // itself seconds later as a gateway would (staff cannot approve it by hand).
    const auth = { headers: { authorization: `Bearer ${token}` } };
    await expect.poll(async () => (await (await request.get(`/api/v1/donations/${id}`, auth)).json()).status, { timeout: 15_000 }).toBe('completed');

    const after = (await getSite(request)).stats.donated_this_month;
    expect(after - before).toBeGreaterThanOrEqual(1234.5);
    // The page shows the API's figure. Other specs complete gifts on the same server meanwhile, so the
    // page and the API are read again together until one moment finds them equal.
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByTestId('stat-donated-this-month')).toBeVisible();
      const shown = await donatedThisMonthShown(page);
      expect(shown).toBe(money((await getSite(request)).stats.donated_this_month));
    }).toPass({ timeout: 30_000 });
  });

  test('the terms and privacy pages are real texts marked for review', async ({ page, request }) => {
    const site = await getSite(request);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Términos de uso' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('debe revisarlo');
    await expect(page.getByRole('main')).toContainText(site.organization.name);
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('últimos cuatro dígitos');
    await expect(page.getByRole('main')).toContainText('NIT');
    await expect(page.getByRole('main')).toContainText(site.organization.email);
  });

  test('looks finished at phone and desktop widths (screenshots, no sideways scrolling)', async ({ page }, testInfo) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByTestId('contact-phone')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`home-${width}.png`), fullPage: true });
    }
  });
});
