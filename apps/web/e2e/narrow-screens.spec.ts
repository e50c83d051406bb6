// At 390 px (a common phone width) the settings tabs, the donation list's filters, the staff review's filter, the
// statistics' recent donations and the checkout's current step fit: nothing is cut off or runs past the edge; at
// 1280 px the ADMIN's header and the staff review's filter beside its search. Screenshots are attached.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { DEMO, expect, login, test, uniqueEmail } from './fixtures';

const PHONE = { width: 390, height: 844 };

/** Fails when the element reaches past the viewport or when its own content is wider than its box. */
async function expectFits(locator: Locator, page: Page) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'el elemento no tiene caja').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
  const overflow = await locator.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, 'el contenido es más ancho que su caja').toBeLessThanOrEqual(0);
}

/** The selected option's text is narrower than the select's text area (no "Todos los estac"). */
async function expectSelectTextFits(select: Locator) {
  const room = await select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    const style = getComputedStyle(s);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.letterSpacing = style.letterSpacing;
    probe.style.whiteSpace = 'pre';
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    probe.textContent = s.options[s.selectedIndex]?.text ?? '';
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const area = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return area - text;
  });
  expect(room, 'el texto de la opción elegida no cabe en el selector').toBeGreaterThanOrEqual(0);
}

/** The staff review queue filtered by its longest choice: the select and its text fit, and so does the search. */
async function reviewFilterFits(page: Page) {
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/donations');
  const filter = page.getByLabel('Estado');
  await filter.selectOption({ label: 'Depósitos y transferencias por verificar' });
  await expect(page).toHaveURL(/status=DEPOSITS/);
  await expectFits(filter, page);
  await expectSelectTextFits(filter);
  await expectFits(page.getByRole('searchbox'), page);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

test.describe('390 px wide', () => {
  test.use({ viewport: PHONE });

  test('every settings tab, "Sistema" included, is whole and inside the screen', async ({ page }, testInfo) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/settings');
    const tablist = page.getByRole('tablist');
    await expectFits(tablist, page);
    const tabs = tablist.getByRole('tab');
    await expect(tabs.filter({ hasText: 'Sistema' })).toBeVisible();
    for (const tab of await tabs.all()) await expectFits(tab, page);
    await shoot(page, testInfo, 'settings-390');
  });

  test('the donation list filters show their whole texts', async ({ page }, testInfo) => {
    await page.goto('/donations');
    const search = page.getByRole('search');
    await expectFits(search, page);
    for (const select of await search.locator('select').all()) {
      await expectFits(select, page);
      await expectSelectTextFits(select);
    }
    await shoot(page, testInfo, 'donations-390');
  });

  test('the staff review filter shows "Depósitos y transferencias por verificar" whole', async ({ page }, testInfo) => {
    await reviewFilterFits(page);
    await shoot(page, testInfo, 'review-filter-390');
  });

  test('the statistics cards, recent donations included, stay inside the screen', async ({ page }, testInfo) => {
    await login(page, DEMO.user.email, DEMO.user.password);
    await page.goto('/stats');
    const list = page.getByTestId('recent-donations');
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Donaciones recientes' }) });
    await expectFits(card, page);
    for (const item of await list.getByRole('listitem').all()) await expectFits(item, page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, testInfo, 'stats-390');
  });

  test("the checkout's stepper names each current step whole: Monto, Tus datos, Confirmación", async ({ page }, testInfo) => {
    const current = page.getByRole('list', { name: 'Pasos de la donación' }).locator('[aria-current="step"]');
    const expectWhole = async (name: string) => {
      const label = current.getByText(name, { exact: true });
      await expectFits(label, page);
      await expectFits(current, page);
    };
    await page.goto('/donate');
    await expectWhole('Monto');
    await page.getByRole('button', { name: 'Q185' }).click();
    await page.getByRole('button', { name: 'Continuar donación' }).click();
    await expectWhole('Tus datos');
    await page.locator('label', { hasText: 'Depósito o transferencia bancaria' }).click();
    await page.locator('input[name="donorName"]').fill('Lucía Ajú');
    await page.locator('input[name="email"]').fill(uniqueEmail('pasos'));
    await page.getByRole('button', { name: 'Registrar donación de Q185.00' }).click();
    await expect(page.getByTestId('deposit-panel')).toBeVisible();
    await expectWhole('Confirmación');
    await shoot(page, testInfo, 'donate-steps-390');
  });
});

test.describe('1280 px wide', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the staff review filter shows "Depósitos y transferencias por verificar" whole beside the search', async ({ page }, testInfo) => {
    await reviewFilterFits(page);
    await shoot(page, testInfo, 'review-filter-1280');
  });

  test("the ADMIN's header fits its eleven entries and never cuts the organisation's name", async ({ page }, testInfo) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/dashboard');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation');
    await expectFits(nav, page);
    await expect(nav.getByRole('link', { name: 'Configuración' })).toBeVisible();
    // The name is whole where it shows, or shown by the logo alone with the name as the link's label.
    const home = header.getByRole('link', { name: /: Inicio$/ });
    await expect(home).toBeVisible();
    const cut = await home.evaluate((link) =>
      // A visually hidden name (1 px wide) is read by screen readers and not shown, so it cannot look cut.
      [...link.querySelectorAll('span')].some((el) => el.getBoundingClientRect().width > 2 && el.scrollWidth > el.clientWidth),
    );
    expect(cut, 'el nombre de la organización aparece cortado').toBe(false);
    await shoot(page, testInfo, 'admin-header-1280');
  });
});
