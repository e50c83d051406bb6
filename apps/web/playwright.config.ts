// Browser tests: the real built server on a fresh temporary data directory, driven in Debian's Chromium.
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const SERVER_WIDE_SETTINGS = /designation\.spec\.ts/;

export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts/,
  // Long flows (many screens, screenshots at two widths) run slower on a loaded CI machine.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  outputDir: '../../test-results/e2e',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-GT',
    timezoneId: 'America/Guatemala',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: SERVER_WIDE_SETTINGS },
    // Specs that turn on a setting every visitor sees (the checkout's programme choice) run after the
    // rest, alone, so that no other spec (the first-load budget of /donate above all) meets it turned on.
    { name: 'server-wide-settings', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: SERVER_WIDE_SETTINGS, dependencies: ['chromium'] },
  ],
});
