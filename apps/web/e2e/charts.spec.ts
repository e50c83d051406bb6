// The reports' trend chart in Chromium against the built server: daily amounts drawn with straight
// segments (a smooth curve would invent amounts between days) and every amount label of the axis
// inside the chart, none clipped at its left edge; the growth cards say their base.
import { DEMO, expect, login, screenshots, test } from './fixtures';

test.describe('reports chart', () => {
  test('daily amounts are straight segments and the amount axis labels fit', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/reports');
    const chart = page.getByRole('img', { name: 'Gráfica del monto aprobado en el período' });
    await expect(chart).toBeVisible();
    const periods = page.getByRole('combobox').first();
    // The month (and longer) has more days than bars fit: the chart draws an area.
    for (const period of ['month', 'quarter', 'year']) {
      await periods.selectOption(period).catch(() => undefined);
      if (await chart.locator('.recharts-area-curve').count()) break;
    }
    const curve = chart.locator('.recharts-area-curve').first();
    await expect(curve).toBeAttached();
    const d = (await curve.getAttribute('d')) ?? '';
    expect(d).toMatch(/^M/);
    expect(d, 'no cubic Bézier segments').not.toMatch(/C/);

    const box = await chart.boundingBox();
    const ticks = chart.locator('.recharts-yAxis-tick-labels text, .recharts-yAxis .recharts-cartesian-axis-tick-value');
    await expect(ticks.first()).toBeVisible();
    for (const tick of await ticks.all()) {
      const t = await tick.boundingBox();
      expect(t && box && t.x >= box.x - 0.5, `${await tick.textContent()} inside the chart`).toBe(true);
    }
    await screenshots(page, 'l8-admin-reports');
  });

  test('the dashboard growth cards name their base', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/dashboard');
    const growth = page.getByTestId('growth');
    await expect(growth.first()).toBeVisible();
    for (const text of await growth.allTextContents()) expect(text).toMatch(/frente a|Sin datos|vs\./);
    await expect(page.getByText(/^\+100(\.0)?%$/)).toHaveCount(0);
    await screenshots(page, 'l8-admin-dashboard');
  });
});
