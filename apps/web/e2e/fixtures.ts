// Shared Playwright fixtures: fail on unexpected console errors, read captured email, sign in.
import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@ejemplo.org', password: 'Demo1234' },
  donor: { email: 'donante@ejemplo.org', password: 'Demo1234' },
  user: { email: 'usuario@ejemplo.org', password: 'Demo1234' },
} as const;

export interface CapturedEmail {
  to: string[];
  raw: string;
}

/** Emails received by the SMTP listener of the global setup, oldest first. */
export function mailbox(): CapturedEmail[] {
  const file = process.env.E2E_MAILBOX;
  if (!file) throw new Error('E2E_MAILBOX no está definido');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedEmail);
}

/** Decodes quoted-printable soft breaks and escapes so links can be read from a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** Waits for an email to `to` whose body matches `pattern` and returns the first capture group (or match). */
export async function waitForEmail(to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of mailbox().reverse()) {
      if (!mail.to.includes(to.toLowerCase())) continue;
      const match = pattern.exec(decodeQuotedPrintable(mail.raw));
      if (match) return match[1] ?? match[0];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No llegó un correo a ${to} que coincida con ${pattern}`);
}

/** Console errors that are expected: the browser logs every 4xx/5xx response a test provokes on purpose. */
const EXPECTED_CONSOLE = [/Failed to load resource: the server responded with a status of (4\d\d)/];

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !EXPECTED_CONSOLE.some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(String(err)));
      await use(errors);
      expect(errors, 'errores inesperados en la consola del navegador').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in through the real two-step login form. */
export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  const passwordInput = page.locator('input[name="password"]');
  if (!(await passwordInput.isVisible())) await page.getByRole('button', { name: /continuar|siguiente/i }).click();
  await passwordInput.fill(password);
  await page.getByRole('button', { name: /iniciar sesión/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
