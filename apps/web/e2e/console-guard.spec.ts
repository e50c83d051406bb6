// The fixtures module fails a test on a console error the test did not allow, and lets a test (or a
// group, by `test.use`) allow the errors it provokes on purpose.
import { expect, statusError, test } from './fixtures';

/** A call the browser logs as a console error: /auth/me without a token answers 401. */
const unauthorizedCall = () => fetch('/api/v1/auth/me').then((res) => res.status);

test.describe('console errors in browser tests', () => {
  test('a 4xx the test did not allow fails the test', async ({ page }) => {
    test.fail();
    await page.goto('/');
    expect(await page.evaluate(unauthorizedCall)).toBe(401);
  });

  test('a page error fails the test', async ({ page }) => {
    test.fail();
    await page.goto('/');
    await page.evaluate(() => setTimeout(() => {
      throw new Error('fallo a propósito');
    }));
    await page.waitForTimeout(200);
  });

  test('a test may allow the errors it provokes', async ({ page, allowConsoleErrors, consoleErrors }) => {
    allowConsoleErrors(statusError(401));
    await page.goto('/');
    expect(await page.evaluate(unauthorizedCall)).toBe(401);
    await expect.poll(() => consoleErrors.length).toBeGreaterThan(0);
  });

  test.describe('allowed for a group', () => {
    test.use({ allowedConsoleErrors: [statusError(401)] });

    test('by test.use', async ({ page, consoleErrors }) => {
      await page.goto('/');
      expect(await page.evaluate(unauthorizedCall)).toBe(401);
      await expect.poll(() => consoleErrors.length).toBeGreaterThan(0);
    });
  });
});
