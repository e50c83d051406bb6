// The first screen of a landing page arrives prerendered in its HTML (apps/api/src/http/web-app.ts,
// docs/decisions/0027-prerendered-first-screen.md): the browser can paint it before the app's code
// has run; the app then takes its place, and the page works as without it.
import { expect, test } from './fixtures';

test.describe('prerendered first screen', () => {
  test('/donate comes with its heading in the HTML; the app replaces it and the form works', async ({ page, request }) => {
    const res = await request.get('/donate');
    expect(res.ok()).toBeTruthy();
    const html = await res.text();
    expect(html).toContain('<div id="prerendered" inert aria-hidden="true">');
    expect(html).toMatch(/<div id="prerendered"[^>]*>[\s\S]*<h1[^>]*>Haz tu donación<\/h1>[\s\S]*<div id="root"><\/div>/);

    await page.goto('/donate');
    await expect(page.locator('#root h1')).toHaveText('Haz tu donación');
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveCount(1);

    await page.getByRole('button', { name: 'Q75', exact: true }).click();
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await expect(page.locator('input[name="donorName"]')).toBeVisible();
  });

  test('not with a query string', async ({ request }) => {
    const html = await (await request.get('/donate?frecuencia=mensual')).text();
    expect(html).not.toContain('id="prerendered"');
  });
});
