import { defineConfig } from 'vitest/config';

/**
 * Tests that measure the server's responsiveness (a health answer within 500 ms while hostile uploads
 * run) and so must not share the machine with other test files: they run alone, after the rest.
 */
const ALONE = ['test/security/upload-hardening.test.ts'];

/**
 * Test files that replace one of the app's own modules (`vi.mock`): the replacement must be in place
 * before the module is first imported, which a worker shared with other files has already done. They
 * run in a project with isolation (a fresh module graph per file); the rest share one per worker.
 */
const ISOLATED = ['test/ledger/references.test.ts'];

/**
 * Test files that open no database but take minutes (every email opened in Chromium with axe, ~190 s on
 * two busy cores): they run once, with PGlite, not again on PostgreSQL, where they would check nothing more.
 */
const NO_DATABASE = ['test/platform/email-rendering.test.ts'];

const apiProject = (
  name: string,
  env: Record<string, string>,
  options: { exclude?: string[]; include?: string[]; isolate?: boolean } = {},
) => ({
  test: {
    name,
    root: './apps/api',
    include: options.include ?? ['test/**/*.test.ts'],
    exclude: options.exclude ?? [],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // One module graph per worker, shared by its files: each file no longer imports the whole app
    // again (docs/decisions/0060-api-tests-without-isolation.md). Every file still opens its own copy
    // of the migrated database. VITEST_API_ISOLATE=1 isolates every file again, to tell an order
    // dependence from a failure of the file itself.
    isolate: options.isolate ?? process.env.VITEST_API_ISOLATE === '1',
    // Migrates one database per run, which each test file copies (apps/api/test/support/global-setup.ts).
    globalSetup: ['./test/support/global-setup.ts'],
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine, where
    // API test files mostly wait on a database. Two keep both cores busy (docs/performance.md, "The API test suite").
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The repository's own checks (scripts/*.mjs), e.g. that no file cites an outside document.
      { test: { name: 'scripts', root: './scripts', include: ['**/*.test.mjs'], environment: 'node' } },
      apiProject('api', { TEST_DB: 'pglite' }, { exclude: [...ISOLATED, ...ALONE] }),
      apiProject('api-isolated', { TEST_DB: 'pglite' }, { include: ISOLATED, isolate: true }),
      ...(process.env.TEST_DATABASE_URL
        ? [
            apiProject('api-postgres', { TEST_DB: 'postgres' }, { exclude: ['test/platform/embedded-database.test.ts', ...ISOLATED, ...ALONE, ...NO_DATABASE] }),
            apiProject('api-postgres-isolated', { TEST_DB: 'postgres' }, { include: ISOLATED, isolate: true }),
          ]
        : []),
      {
        test: { ...apiProject('api-alone', { TEST_DB: 'pglite' }, { include: ALONE, isolate: true }).test, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
      // Two real API processes on PostgreSQL (and Redis): its own step of `npm test`, after the others
      // (scripts/test.mjs sets TEST_SCALE_OUT=1), so the main run never starts servers.
      ...(process.env.TEST_SCALE_OUT === '1'
        ? [
            {
              test: {
                name: 'scale-out',
                root: './apps/api',
                include: ['test-scale/**/*.test.ts'],
                environment: 'node',
                testTimeout: 150_000,
                hookTimeout: 180_000,
                pool: 'forks' as const,
                fileParallelism: false,
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        // The ES module builds of the libraries (as in the browser build), not their CommonJS ones,
        // whose `require('react')` Node would answer with React itself.
        resolve: { conditions: ['module'], mainFields: ['module'] },
        // The same for a test file that runs without a window (`@vitest-environment node`, so on the
        // server side of Vite: src/prerender.test.tsx).
        ssr: { resolve: { conditions: ['module'], externalConditions: ['module'] } },
        test: {
          name: 'web',
          // One module graph per worker, as for the API (decision 0060); each file still gets its own
          // jsdom window. VITEST_WEB_ISOLATE=1 isolates every file again.
          isolate: process.env.VITEST_WEB_ISOLATE === '1',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          css: false,
          // A screen test waits up to 10 s for one lazy page (test/setup.ts); several such waits on a
          // busy 2-core machine need more than the default 5 s for the whole test.
          testTimeout: 30_000,
          // The app runs on Preact (apps/web/vite.config.ts aliases React to preact/compat). Node would
          // load the libraries that import React natively, past those aliases, and so reach the real
          // React: they go through Vite instead, and with them one copy of Preact.
          server: {
            deps: {
              inline: [
                '@testing-library/react',
                // …and with it the one copy of Testing Library's DOM core, whose act()-wrapping of
                // events user-event relies on.
                '@testing-library/dom',
                '@testing-library/user-event',
                '@tanstack/react-query',
                'react-router',
                'react-hook-form',
                '@hookform/resolvers',
                'react-hot-toast',
                'lucide-react',
                'recharts',
                'react-redux',
                'use-sync-external-store',
                'preact',
                // The prerendering's renderer (src/prerender.test.tsx), on the same one Preact.
                'preact-render-to-string',
              ],
            },
          },
        },
      },
    ],
  },
});
