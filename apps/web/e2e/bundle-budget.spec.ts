// The JavaScript budgets of a first visit (docs/performance.md, "Web first load"): what a new visitor's
// browser downloads to run `/` and `/donate`, counted as it comes over the wire from the built server
// (its brotli copies; an uncompressed asset is counted gzipped, as a compressing proxy would send it).
// A size check, not a timing: it fails the build when a change pushes a page past its budget, and
// prints the figures either way. `npx tsx bench/web-load.ts` gives the per-package breakdown.
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';

const BUDGET_KB: Record<string, number> = { '/': 110, '/donate': 130 };

async function javascriptOnTheWire(browser: Browser, baseURL: string, pagePath: string): Promise<{ bytes: number; files: number }> {
  // A new context: empty cache and no service worker, as on a first visit.
  const context = await browser.newContext({ baseURL, locale: 'es-GT' });
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.push(
      (async () => {
        const body = await response.body();
        const encoded = Boolean(await response.headerValue('content-encoding'));
        return encoded ? (await response.request().sizes()).responseBodySize : gzipSync(body).length;
      })(),
    );
  });
  await page.goto(pagePath, { waitUntil: 'networkidle' });
  const all = await Promise.all(sizes);
  await context.close();
  return { bytes: all.reduce((sum, n) => sum + n, 0), files: all.length };
}

test.describe('JavaScript budgets of a first visit', () => {
  for (const [pagePath, budget] of Object.entries(BUDGET_KB)) {
    test(`${pagePath} stays within ${budget} KB`, async ({ browser, baseURL }) => {
      const { bytes, files } = await javascriptOnTheWire(browser, baseURL!, pagePath);
      const kb = bytes / 1024;
      process.stdout.write(`${pagePath}: ${kb.toFixed(1)} KB of JavaScript in ${files} files (budget ${budget} KB)\n`);
      expect(files).toBeGreaterThan(0);
      expect(kb).toBeLessThanOrEqual(budget);
    });
  }
});
