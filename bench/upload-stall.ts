// Slip uploads against the event loop: while 10 anonymous 5 MB bodies are POSTed in parallel to
// /api/v1/donations/{id}/slip (two rounds), /api/v1/health is asked every 10 ms, and its answer
// times, measured from outside the server, show how long the server's event loop was held (a held
// loop answers nothing); the server also samples its own event-loop delay (perf_hooks'
// monitorEventLoopDelay) over the same time. Targets: health p99 under 50 ms and no answer over
// 500 ms; event-loop delay p99 under 50 ms.
//
//   npx tsx bench/upload-stall.ts
//
// Creates the database `bench_upload_stall` on BENCH_DATABASE_URL's server and drops it.
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SLIP_MAX_BYTES } from '@donaciones/shared/messages/deposits';
import { type Child, machineLoad, result, scratchDatabase, startChild, target } from './support';

const PARALLEL = 10;
const ROUNDS = 2;

/** Asks the server (BENCH_LOOP_DELAY=1) for its event-loop delay since the previous question. */
function loopDelay(api: Child): Promise<{ p99: number; max: number; samples: number }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not report its event-loop delay')), 10_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LOOP_DELAY (\{.*\})/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      api.process.stdout?.off('data', read);
      resolve(JSON.parse(match[1]) as { p99: number; max: number; samples: number });
    };
    api.process.stdout?.on('data', read);
    api.process.kill('SIGUSR2');
  });
}

/** POSTs a file with curl and resolves with the HTTP status. */
function curlUpload(url: string, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', 'content-type: application/octet-stream', '--data-binary', `@${file}`, url],
      (err, stdout) => (err ? reject(err) : resolve(Number(stdout))),
    );
  });
}

/** CPU time the server process has used (user + system), in ms: on a busy machine its loop may wait for a core, not for its own work. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  console.log(`Machine: ${machineLoad()}`);
  const database = await scratchDatabase('bench_upload_stall');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-upload-'));
  let api: Child | undefined;
  try {
    api = await startChild('bench/servers/api-server.ts', {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      COOKIE_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      RUN_JOBS: '0',
      DEMO_SEED: '0',
      BENCH_LOOP_DELAY: '1',
    });
    const base = `http://127.0.0.1:${api.port}/api/v1`;
    const body = randomBytes(SLIP_MAX_BYTES - 1024);
    const bodyFile = path.join(dataDir, 'body.bin');
    writeFileSync(bodyFile, body);
    const times: number[] = [];
    await loopDelay(api);
    const cpuBefore = cpuMs(api.process.pid as number);
    let uploading = true;
    const started = performance.now();
    // The uploads are sent by curl processes, so that pushing 50 MB does not hold this process's own
    // loop and the health times measure the server alone.
    const uploads = (async () => {
      const statuses: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const answers = await Promise.all(Array.from({ length: PARALLEL }, () => curlUpload(`${base}/donations/999999/slip`, bodyFile)));
        statuses.push(...answers);
      }
      return statuses;
    })().finally(() => {
      uploading = false;
    });
    while (uploading) {
      const asked = performance.now();
      const res = await fetch(`${base}/health`);
      await res.arrayBuffer();
      times.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const statuses = await uploads;
    const loop = await loopDelay(api);
    const serverCpu = cpuMs(api.process.pid as number) - cpuBefore;
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...times].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const max = sorted.at(-1) ?? 0;
    console.log(`${PARALLEL * ROUNDS} uploads of ${(body.length / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s, answers ${[...new Set(statuses)].join(', ')}, server CPU ${serverCpu.toFixed(0)} ms (${(serverCpu / (PARALLEL * ROUNDS)).toFixed(0)} ms an upload)`);
    result(`health during 5 MB uploads: ${times.length} answers, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
    result(`event-loop delay during ${PARALLEL} parallel 5 MB uploads: p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms (${loop.samples} samples)`);
    const checks = [
      target('event-loop delay p99 during 10 parallel 5 MB uploads', '< 50 ms', `${loop.p99.toFixed(1)} ms`, loop.p99 < 50),
      target('health p99 during 10 parallel 5 MB uploads', '< 50 ms', `${p99.toFixed(1)} ms`, p99 < 50),
      target('slowest health answer', '< 500 ms', `${max.toFixed(1)} ms`, max < 500),
    ];
    const met = checks.every(Boolean);
    process.exitCode = met ? 0 : 1;
  } finally {
    await api?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
