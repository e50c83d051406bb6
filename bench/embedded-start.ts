// Embedded mode (benchmark 5 of docs/performance.md): `npm start` (the built server on PGlite) from the command to
// the first 200 of /api/v1/health, on a fresh data directory (database created, migrated, demo
// content seeded) and on an existing one; then the server's resident memory (RSS) after a warm-up.
//
//   npx tsx bench/embedded-start.ts
//   BENCH_SKIP_BUILD=1 BENCH_RUNS=1 npx tsx bench/embedded-start.ts
//
// The build is made first (not timed): `npm start` only builds when the sources are newer.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildOnce, builtServerEnv, freePort, machineLoad, mb, residentMemory, result, root, startedServerPid, stopGroup, waitForHealth } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 2_000);

interface Started {
  npm: ChildProcess;
  port: number;
  ms: number;
}

async function npmStart(dataDir: string): Promise<Started> {
  const port = await freePort();
  const since = performance.now();
  // Its own process group, so that npm, the shell and the server stop together.
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, ...builtServerEnv(port, dataDir), RUN_JOBS: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ms = await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, since, { everyMs: 10, alive: () => npm.exitCode === null }).catch(
    async (err: unknown) => {
      if (npm.exitCode === null) await stop({ npm, port, ms: 0 });
      throw err;
    },
  );
  // start.mjs rebuilds when a source changed after the build (someone editing meanwhile): not a start time.
  if (output.includes('Construyendo')) {
    await stop({ npm, port, ms });
    throw new Error('npm start rebuilt the app during the measurement (a source changed after the build); run the benchmark again');
  }
  return { npm, port, ms };
}

async function stop(started: Started) {
  await stopGroup(started.npm.pid!);
}

function serverPid(group: number): number {
  const pid = startedServerPid(group);
  if (!pid) throw new Error('server process not found');
  return pid;
}

const memory = residentMemory;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function warmUp(port: number) {
  const base = `http://127.0.0.1:${port}`;
  // What a visitor and a signed-in donor cause: the page, the public data, the ledger's reads, a sign-in.
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'donante@ejemplo.org', password: 'Demo1234' }),
  });
  if (login.status !== 200) throw new Error(`demo sign-in answered ${login.status}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const paths = ['/', '/api/v1/public/site', '/api/v1/donations?limit=20', '/api/v1/donations/stats', '/api/v1/health'];
  for (const p of paths) await autocannon({ url: `${base}${p}`, connections: 10, amount: WARMUP_REQUESTS });
  await autocannon({ url: `${base}/api/v1/auth/me`, connections: 10, amount: WARMUP_REQUESTS, headers: { authorization: `Bearer ${token}` } });
  return paths.length + 1;
}

async function main() {
  console.log(`Embedded mode: npm start to a healthy /api/v1/health, ${RUNS} run(s) each`);
  console.log(`Machine at start: ${machineLoad()}`);
  await buildOnce();
  const fresh: number[] = [];
  const existing: number[] = [];
  const dirs: string[] = [];
  let afterWarmUp: { rss: number; peak: number; atStart: number; kinds: number } | null = null;
  try {
    for (let i = 0; i < RUNS; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-embedded-'));
      dirs.push(dataDir);
      const first = await npmStart(dataDir);
      fresh.push(first.ms);
      await stop(first);
      const again = await npmStart(dataDir);
      existing.push(again.ms);
      if (i === RUNS - 1) {
        const pid = serverPid(again.npm.pid!);
        const atStart = memory(pid).rss;
        const kinds = await warmUp(again.port);
        afterWarmUp = { ...memory(pid), atStart, kinds };
      }
      await stop(again);
      console.log(`  run ${i + 1}: fresh ${(first.ms / 1000).toFixed(2)} s, existing ${(again.ms / 1000).toFixed(2)} s`);
    }
    const f = median(fresh) / 1000;
    const e = median(existing) / 1000;
    console.log(`\nnpm start to healthy: fresh data directory ${f.toFixed(2)} s, existing ${e.toFixed(2)} s (median of ${RUNS})`);
    if (afterWarmUp) {
      console.log(
        `Resident memory of the server: ${mb(afterWarmUp.atStart)} when healthy, ${mb(afterWarmUp.rss)} after ` +
          `${(afterWarmUp.kinds * WARMUP_REQUESTS).toLocaleString('en-US')} requests of ${afterWarmUp.kinds} kinds and a sign-in (peak ${mb(afterWarmUp.peak)})`,
      );
      result(
        `embedded: npm start to healthy ${f.toFixed(2)} s fresh, ${e.toFixed(2)} s existing; RSS ${mb(afterWarmUp.rss)} after warm-up (peak ${mb(afterWarmUp.peak)})`,
      );
    }
    console.log(`Machine at end: ${machineLoad()}`);
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
