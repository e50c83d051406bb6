// The first screen of a landing page arrives prerendered in its HTML (apps/api/src/http/web-app.ts,
// docs/decisions/0027-prerendered-first-screen.md): the browser can paint it before the app's code
// has run; the app then takes its place, and the page works as without it.
import { guatemalaDay } from '@donaciones/shared/format';
import { expect, statusError, test } from './fixtures';

test.describe('prerendered first screen', () => {
  test('/donate comes with its heading in the HTML; the app replaces it and the form works', async ({ page, request }) => {
    const res = await request.get('/donate');
    expect(res.ok()).toBeTruthy();
    const html = await res.text();
    expect(html).toContain('<div id="prerendered" inert aria-hidden="true">');
    expect(html).toMatch(/<div id="prerendered"[^>]*>[\s\S]*<h1[^>]*>Haz tu donación<\/h1>[\s\S]*<div id="root"><\/div>/);
    // The organisation's name is in the header from the first paint, not a neutral brand replaced later.
    const { organization } = await (await request.get('/api/v1/public/site')).json();
    const first = html.slice(html.indexOf('<div id="prerendered"'), html.indexOf('<div id="root">'));
    expect(first).toContain(`aria-label="${organization.name}: Inicio"`);
    expect(first).not.toContain('{{');
    // The footer's year is the one in Guatemala when the page is sent, not the build's.
    expect(first).toContain(`© ${guatemalaDay(new Date()).slice(0, 4)} ${organization.name}.`);

    await page.goto('/donate');
    await expect(page.locator('#root h1')).toHaveText('Haz tu donación');
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveCount(1);

    await page.getByRole('button', { name: 'Q75', exact: true }).click();
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await expect(page.locator('input[name="donorName"]')).toBeVisible();
  });

  test("a signed link's page comes with its frame and loading state in the HTML, whatever the token; the app then shows the link's answer", async ({ page, request, allowConsoleErrors }) => {
    // A token that is not valid: the API refuses it (401 for the monthly gift's, 403 for the deposit's).
    allowConsoleErrors(statusError(401), statusError(403));
    for (const [url, frame, answer] of [
      ['/donacion-mensual?token=no-es-valido', /<h1[^>]*>Tu donación mensual<\/h1>/, 'Este enlace no es válido o ya venció'],
      ['/boleta?token=no-es-valido', />Boleta de depósito</, 'El enlace no es válido o ya venció.'],
    ] as const) {
      const html = await (await request.get(url)).text();
      const first = html.slice(html.indexOf('<div id="prerendered"'), html.indexOf('<div id="root">'));
      expect(first).toMatch(frame);
      expect(first).toContain('aria-busy="true"');
      await page.goto(url);
      await expect(page.locator('#prerendered')).toHaveCount(0);
      await expect(page.getByText(answer)).toBeVisible();
    }
  });

  test("/ comes with the organisation's description in the HTML, as the app then shows it", async ({ page, request }) => {
    const { organization } = await (await request.get('/api/v1/public/site')).json();
    const escaped = organization.description.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<div id="prerendered"[^>]*>[\s\S]*<h1[^>]*>Que ningún niño crezca/);
    expect(html.slice(html.indexOf('<div id="prerendered"'), html.indexOf('<div id="root">'))).toContain(`<p>${escaped}</p><div hidden data-slot="organization-description"`);

    await page.goto('/');
    await expect(page.getByTestId('org-description')).toHaveText(organization.description);
    await expect(page.locator('#prerendered')).toHaveCount(0);
  });

  test('the two web fonts are preloaded and, on a fast connection, what the first screen is drawn in', async ({ page, request }) => {
    const html = await (await request.get('/donate')).text();
    const preloads = [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toEqual([expect.stringMatching(/^\/assets\/fraunces-latin-wght-normal-[\w-]+\.woff2$/), expect.stringMatching(/^\/assets\/nunito-sans-latin-wght-normal-[\w-]+\.woff2$/)]);

    // The fonts the browser really drew each text in. font-display: optional falls back for the whole
    // visit when a font is late, which a loaded test machine can make happen: then the next visit, with
    // the font in the cache, must use it.
    await expect(async () => {
      await page.goto('/donate');
      await expect(page.locator('#root h1')).toHaveText('Haz tu donación');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
      const drawnIn = async (selector: string) => {
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        return fonts.map((f) => f.familyName).join();
      };
      expect(await drawnIn('#root h1')).toMatch(/^Fraunces/);
      expect(await drawnIn('#root main p')).toMatch(/^Nunito Sans/);
      await cdp.detach();
    }).toPass({ timeout: 30_000 });
  });

  test('not with a query string', async ({ request }) => {
    const html = await (await request.get('/donate?frecuencia=mensual')).text();
    expect(html).not.toContain('id="prerendered"');
  });
});
