// .ci/run cannot pass by accident: under CI=true a missing PostgreSQL or Redis fails the run before
// any test starts; a local run (no CI) only warns. The tools it calls (pg_isready, psql, redis-cli,
// npm, apt-get) are stand-ins here, so nothing is installed, no database is touched and no suite runs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ciRun = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.ci', 'run');
const bin = mkdtempSync(path.join(tmpdir(), 'ci-run-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

const stub = (name, body) => {
  writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`);
  chmodSync(path.join(bin, name), 0o755);
};
stub('pg_isready', '[ "$STUB_PG" = up ]');
stub('psql', 'exit 0');
stub('redis-cli', '[ "$STUB_REDIS" = up ] && echo PONG');
stub('npm', 'echo "npm $* ran with TEST_DATABASE_URL=${TEST_DATABASE_URL:-none} TEST_REDIS_URL=${TEST_REDIS_URL:-none}"');
stub('apt-get', 'exit 0');

function run({ ci, pg, redis }) {
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, STUB_PG: pg, STUB_REDIS: redis };
  delete env.CI;
  delete env.TEST_DATABASE_URL;
  delete env.TEST_REDIS_URL;
  if (ci) env.CI = 'true';
  return spawnSync('bash', [ciRun], { env, encoding: 'utf8' });
}

describe('.ci/run', () => {
  it('fails under CI=true when PostgreSQL is not reachable, before running any test', () => {
    const result = run({ ci: true, pg: 'down', redis: 'up' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PostgreSQL no está disponible');
    expect(result.stdout).not.toContain('npm test ran');
  });

  it('fails under CI=true when Redis is not reachable', () => {
    const result = run({ ci: true, pg: 'up', redis: 'down' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Redis no está disponible');
    expect(result.stdout).not.toContain('npm test ran');
  });

  it('runs the suite on both under CI=true when both answer', () => {
    const result = run({ ci: true, pg: 'up', redis: 'up' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/npm test ran with TEST_DATABASE_URL=postgres:\/\/\S+ TEST_REDIS_URL=redis:\/\/\S+/);
  });

  it('only warns on a local run without them, and runs the suite on PGlite', () => {
    const result = run({ ci: false, pg: 'down', redis: 'down' });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('Aviso: PostgreSQL no está disponible');
    expect(result.stderr).toContain('Aviso: Redis no está disponible');
    expect(result.stdout).toContain('npm test ran with TEST_DATABASE_URL=none TEST_REDIS_URL=none');
  });
});
