// Every kind of email as a phone shows it (docs/product.md#email): the branded HTML opened in real
// Chromium 390 px wide, where nothing may be wider than the screen, the text stays readable and axe
// finds no WCAG A or AA violation. EMAIL_SHOTS_DIR=<folder> also saves each at 390 and 1280 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium } from '@playwright/test';
import { type EmailBrand, renderBrandedEmail } from '../../src/platform/email-templates/branded-email';
import { PUBLIC_URL_MARK } from '../../src/platform/email-outbox';
import { emailSamples } from '../support/email-samples';

const brand: EmailBrand = {
  name: 'Fundación para la Niñez y la Adolescencia de Guatemala',
  contactEmail: 'contacto.donaciones@fundacion-ninez-guatemala.org.gt',
  phone: '+502 2222-3333',
  address: '6a. Avenida 12-34, Zona 1, Ciudad de Guatemala',
  publicUrl: 'https://donaciones.fundacion-ninez-guatemala.org.gt',
};
const shots = process.env.EMAIL_SHOTS_DIR;

interface Layout {
  width: number;
  scrollWidth: number;
  /** Elements whose right edge passes the screen's. */
  wider: string[];
  /** The smallest font size of shown text, in px. */
  smallest: number;
  lang: string;
}

// Run in the page. A string, because the API's type check has no browser globals (lib ES2023 only).
const LAYOUT_PROBE = `(() => {
  const width = document.documentElement.clientWidth;
  const wider = Array.from(document.body.querySelectorAll('*'))
    .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > width + 0.5)
    .map((el) => el.tagName.toLowerCase() + '.' + el.className + ': ' + Math.round(el.getBoundingClientRect().right) + 'px');
  // Shown text only: the inbox preview line is hidden (1 px, no height) on purpose.
  const texts = Array.from(document.body.querySelectorAll('div, li, a, strong')).filter(
    (el) => el.getBoundingClientRect().height > 0 && Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()),
  );
  const smallest = Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize)));
  return { width, scrollWidth: document.documentElement.scrollWidth, wider, smallest, lang: document.documentElement.lang };
})()`;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  if (shots) mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('the branded email in Chromium', () => {
  it.each(emailSamples.map((s, i) => [`${s.template} (${i + 1})`, s] as const))('%s fits 390 px, readable, no axe violations', async (label, sample) => {
    const { html } = await renderBrandedEmail({
      subject: sample.subject,
      body: sample.text.split(PUBLIC_URL_MARK).join(brand.publicUrl),
      brand,
      template: sample.template,
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      // No request leaves the page: an email must not depend on anything it does not carry.
      await page.route('**/*', (route) => route.abort());
      await page.setContent(html, { waitUntil: 'load' });
      const layout = await page.evaluate<Layout>(LAYOUT_PROBE);
      expect(layout.lang).toBe('es');
      expect(layout.wider).toEqual([]);
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
      expect(layout.smallest).toBeGreaterThanOrEqual(13);
      // WCAG A and AA (contrast, language, names); the page-only best practices (a main landmark, an h1) do not apply to an email.
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      if (shots) {
        const file = label.replace(/[^a-z0-9]+/gi, '-');
        await page.screenshot({ path: path.join(shots, `${file}-390.png`), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: path.join(shots, `${file}-1280.png`), fullPage: true });
      }
    } finally {
      await context.close();
    }
  });
});
