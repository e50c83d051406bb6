// The one fixtures module of the browser tests: every spec imports `test` and `expect` from here.
// A test fails on any console error or page error unless it allows that error by name
// (`allowConsoleErrors(/status of 401/)`, or `test.use({ allowedConsoleErrors: [...] })` for a
// group). Also: captured email, sign-in through the form or the API, test data helpers.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { guatemalaDay } from '@donaciones/shared/format';

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

interface ConsoleWatch {
  errors: string[];
  allowed: RegExp[];
}

interface Fixtures {
  /** Every console error and page error of the test so far (the test may inspect them). */
  consoleErrors: string[];
  /** Allows console errors matching these patterns in this test: the ones it provokes on purpose. */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleWatch: ConsoleWatch;
}

interface Options {
  /** Console errors allowed for every test of a file or group: `test.use({ allowedConsoleErrors: [/404/] })`. */
  allowedConsoleErrors: RegExp[];
}

export const test = base.extend<Fixtures & Options>({
  allowedConsoleErrors: [[], { option: true }],
  consoleWatch: [
    async ({ page, allowedConsoleErrors }, use) => {
      const watch: ConsoleWatch = { errors: [], allowed: [...allowedConsoleErrors] };
      page.on('console', (msg) => {
        if (msg.type() === 'error') watch.errors.push(msg.text());
      });
      page.on('pageerror', (err) => watch.errors.push(String(err)));
      await use(watch);
      // Checked at the end, so an allowance may come after the request that logs the error.
      const unexpected = watch.errors.filter((text) => !watch.allowed.some((re) => re.test(text)));
      expect(unexpected, 'errores inesperados en la consola del navegador').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: async ({ consoleWatch }, provide) => {
    await provide(consoleWatch.errors);
  },
  allowConsoleErrors: async ({ consoleWatch }, provide) => {
    await provide((...patterns) => {
      consoleWatch.allowed.push(...patterns);
    });
  },
});

/** The console error Chromium logs for a response with this status (e.g. 401, 404, 409). */
export const statusError = (status: number): RegExp => new RegExp(`the server responded with a status of ${status}\\b`);

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

/** An access token for an account, by the API (faster than the form when the UI is not under test). */
export async function apiToken(request: APIRequestContext, account: { email: string; password: string } = DEMO.admin): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: account });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token as string;
}

/** A fresh address nobody used before: `<tag>.<random>@correo.gt`. */
export function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${randomBytes(4).toString('hex')}@correo.gt`;
}

/** A valid NIT no other run has used: seven random digits and their check digit (module 11, 10 is K). */
export function uniqueNit(): string {
  const body = String(1_000_000 + Math.floor(Math.random() * 9_000_000));
  const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * (i + 2), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${body}-${check === 10 ? 'K' : check}`;
}

/** A card expiry two years ahead, `MM/YY`. */
export function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

export interface ApiDonation {
  id: number;
  reference_code: string;
  status: string;
  amount: number;
  donor_name: string;
  donor_email: string;
  [key: string]: unknown;
}

/** Records a pending donation through POST /donations with `token`; `data` overrides the defaults. */
export async function recordDonation(request: APIRequestContext, token: string, data: Record<string, unknown> = {}): Promise<ApiDonation> {
  const res = await request.post('/api/v1/donations', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      donor_name: 'Rosa Xicará Ajú',
      donor_email: uniqueEmail('rosa'),
      amount: 185,
      currency: 'GTQ',
      donation_type: 'monetary',
      description: 'e2e',
      ...data,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiDonation;
}

/** The text of a PDF file (pages joined by a line break, no-break spaces as spaces). */
export async function pdfText(file: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\u00a0/g, ' ');
}

/** The phone and desktop viewports of the screenshots kept for review. */
export const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const screensDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results/screens');

/** Full-page screenshots `<name>-phone.png` and `<name>-desktop.png` in test-results/screens; leaves the page at desktop width. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(screensDir, { recursive: true });
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(screensDir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS.desktop);
}

/** The WCAG 2.2 AA rules axe checks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails on any serious or critical axe finding on the page as it is once the network is idle. */
export async function expectAccessible(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes[0]?.target)}`);
  expect(blocking, label).toEqual([]);
}

/**
 * The last four characters of a run's tag as letters only (digits mapped to a-j): a child's first
 * name takes letters only, and the specs tell their children apart by it.
 */
export const nameSuffix = (tag: string) => tag.slice(-4).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

/**
 * A waiting child of this run, created by staff through the API (born 2015-08-20, in Petén; the
 * community `Aldea {tag}` and the last name are staff-only), with a current consent for photos and
 * story, so that choosing it takes none of the demo's children. Returns its id.
 */
export async function aWaitingChild(request: APIRequestContext, firstName: string, tag: string): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/v1/admin/sponsorship/children', {
    headers,
    data: { firstName, fullName: `${firstName} ${tag} Apellido`, birthDate: '2015-08-20', department: 'Petén', story: 'Le gusta pintar y jugar con sus primos.', storyApproved: true, community: `Aldea ${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).child.id as number;
  const today = guatemalaDay(new Date()); // Guatemala's day, the one consents are read by (sponsorshipToday)
  const consent = await request.post(`/api/v1/admin/sponsorship/children/${id}/consents`, {
    headers,
    data: { givenBy: 'Madre de prueba', relationship: 'madre', givenOn: today, scope: 'photos_and_story', expiresOn: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}` },
  });
  expect(consent.status(), await consent.text()).toBe(201);
  return id;
}
