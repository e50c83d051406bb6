// `npm test`: lint, type checks, unit + API tests (embedded database, and PostgreSQL when
// TEST_DATABASE_URL is set), the scale-out tests (with TEST_DATABASE_URL), then the build and the
// browser tests. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
const steps = [];

function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push(`${result.status === 0 ? '✓' : '✗'} ${name} (${seconds} s)`);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += (stats?.unexpected ?? 0) + (stats?.skipped ?? 0);
}

function finish(ok) {
  console.log('\nResumen:');
  for (const line of steps) console.log(`  ${line}`);
  if (!process.env.TEST_DATABASE_URL) console.log('  (TEST_DATABASE_URL no está definido: las pruebas de API corrieron solo en PGlite, sin las de escalado)');
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

const vitestJson = path.join(reports, 'vitest.json');
const playwrightJson = path.join(reports, 'playwright.json');

const ok =
  step('References (no citation of documents outside the repository)', process.execPath, ['scripts/check-references.mjs']) &&
  step('ESLint', bin('eslint'), ['--max-warnings=0', '.']) &&
  step('TypeScript (shared)', bin('tsc'), ['-p', 'packages/shared']) &&
  step('TypeScript (api)', bin('tsc'), ['-p', 'apps/api']) &&
  step('TypeScript (web)', bin('tsc'), ['-p', 'apps/web']) &&
  step('TypeScript (bench)', bin('tsc'), ['-p', 'bench']) &&
  (() => {
    const result = step('Vitest: shared, web, API' + (process.env.TEST_DATABASE_URL ? ' (PGlite + PostgreSQL)' : ' (PGlite)'), bin('vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ]);
    countVitest(vitestJson);
    return result;
  })() &&
  (() => {
    // Two real API processes on PostgreSQL (and Redis with TEST_REDIS_URL), a killed process and a
    // restarted private PostgreSQL: only where a PostgreSQL server is given.
    if (!process.env.TEST_DATABASE_URL) return true;
    const json = path.join(reports, 'vitest-scale-out.json');
    const result = step(
      'Vitest: scale-out (two API processes, PostgreSQL' + (process.env.TEST_REDIS_URL ? ' + Redis' : '') + ')',
      bin('vitest'),
      ['run', '--project', 'scale-out', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
      { TEST_SCALE_OUT: '1' },
    );
    countVitest(json);
    return result;
  })() &&
  // The scale benchmark at 10,000 donations as a smoke test (~15 s, no timing asserted): generator,
  // every timed read answering 200 and the totals equal to the ledger. Only with a PostgreSQL server.
  (!process.env.TEST_DATABASE_URL ||
    step('Scale benchmark smoke (10,000 donations, PostgreSQL)', process.execPath, ['--import', 'tsx', 'bench/scale/scale.ts'], {
      BENCH_SCALE_SIZES: '10000',
      BENCH_REQUESTS: '3',
      BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL,
    })) &&
  step('Build (web + api)', 'npm', ['run', 'build']) &&
  (() => {
    const result = step('Playwright (Chromium)', bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    });
    countPlaywright(playwrightJson);
    return result;
  })();

finish(ok);
