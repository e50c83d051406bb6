// Bank statement import at year-end (docs/performance.md, docs/product.md#bank-deposits): 2,000 pending bank
// deposits over a year and a 5,000-line statement (a quarter of its credits paying one of them), imported
// through the API of a server in its own process on PostgreSQL. Prints the import time, the server's memory
// growth (resident set, peak) and the time to open the import again (its counts and the first page of each
// section, as "Conciliación bancaria" asks for it). Targets: import <= 3 s, <= 100 MB more
// memory, re-open <= 200 ms.
//
//   npx tsx bench/bank-import.ts
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres BENCH_LINES=5000 BENCH_DEPOSITS=2000 npx tsx bench/bank-import.ts
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchApiEnv, type Child, machineLoad, mb, residentMemory, result, scratchDatabase, staffAccessToken, startChild, target } from './support';

const LINES = Number(process.env.BENCH_LINES ?? 5_000);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 2_000);
const REOPENS = Number(process.env.BENCH_REOPENS ?? 10);
const ADMIN = { email: 'conciliacion@bench.local', password: randomBytes(12).toString('hex') };
/** Few distinct amounts, as donors choose round figures: many deposits share each amount. */
const AMOUNTS = [5_000, 10_000, 15_000, 20_000, 25_000, 50_000, 75_000, 100_000, 150_000, 200_000, 250_000, 500_000];
const YEAR_START = Date.UTC(2031, 0, 1);
const DAY_MS = 86_400_000;

/** The pending deposits, created over the year, in one INSERT ... SELECT. */
async function seedDeposits(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, currency, donation_type, status, source,
                              payment_method, created_at, updated_at)
       SELECT '#MG' || lpad((90000000 + i)::text, 8, '0'), 'Donante ' || i, 'donante' || i || '@bench.local',
              ($1::bigint[])[1 + i % $2], 'GTQ', 'monetary', 'pending', 'public', 'bank_deposit',
              to_timestamp($3 / 1000.0) + ((i * 365 / $4) || ' days')::interval + interval '16 hours', now()
       FROM generate_series(0, $4 - 1) AS i`,
      [AMOUNTS, AMOUNTS.length, YEAR_START, DEPOSITS],
    );
  } finally {
    await client.end();
  }
}

const ddmmyyyy = (ms: number) => new Date(ms).toISOString().slice(0, 10).split('-').reverse().join('/');

/** The statement: every fourth line pays a deposit (same amount, a day after it), the rest are other credits. */
function statement(): string {
  const lines = ['Fecha;Descripción;No. Documento;Débito;Crédito;Saldo'];
  let balance = 0;
  for (let i = 0; i < LINES; i++) {
    const paying = i % 4 === 0 && i / 4 < DEPOSITS;
    const deposit = i / 4;
    const day = paying ? YEAR_START + Math.floor((deposit * 365) / DEPOSITS + 1) * DAY_MS : YEAR_START + Math.floor((i * 365) / LINES) * DAY_MS;
    const cents = paying ? AMOUNTS[deposit % AMOUNTS.length] : 1_000 + ((i * 37) % 90_000);
    balance += cents;
    const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    lines.push(`${ddmmyyyy(day)};DEPOSITO AGENCIA ${i % 50};${700_000 + i};;${money(cents)};${money(balance)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** CPU time the process has used (user + system), in ms: a figure the other processes of a busy machine disturb less than wall time. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function call(port: number, method: string, url: string, token?: string, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, text };
}

async function main() {
  console.log(`Bank import: ${LINES} lines against ${DEPOSITS} pending deposits  ${machineLoad()}`);
  const database = await scratchDatabase('bench_bank_import');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-bank-'));
  let api: Child | undefined;
  let met = true;
  try {
    api = await startChild('bench/servers/api-server.ts', benchApiEnv(database.url, dataDir, ADMIN), { nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [] });
    await seedDeposits(database.url);
    const token = await staffAccessToken(api.port, ADMIN);
    const file = {
      bank: 'Banco de prueba',
      file_name: 'anual.csv',
      content_base64: Buffer.from(statement()).toString('base64'),
      mapping: { date: 'Fecha', description: 'Descripción', reference: 'No. Documento', credit: 'Crédito', debit: 'Débito' },
    };
    // A first small import warms the code paths, so the figure is the import's and not the first request's.
    const warm = { ...file, file_name: 'calentar.csv', content_base64: Buffer.from('Fecha;Descripción;Crédito\n01/01/2030;x;1.00\n').toString('base64') };
    await call(api.port, 'POST', '/api/v1/admin/bank-statements', token, { ...warm, mapping: { date: 'Fecha', description: 'Descripción', credit: 'Crédito' } });

    const pid = api.process.pid as number;
    const before = residentMemory(pid);
    const cpuBefore = cpuMs(pid);
    const imported = await call(api.port, 'POST', '/api/v1/admin/bank-statements', token, file);
    const importCpu = cpuMs(pid) - cpuBefore;
    const after = residentMemory(pid);
    if (imported.status !== 201) throw new Error(`import answered ${imported.status}: ${imported.text.slice(0, 300)}`);
    const body = JSON.parse(imported.text) as { id: number; credit_lines: number; counts: { proposed: number } };
    const proposed = body.counts.proposed;
    const reopen: number[] = [];
    const reopenCpuBefore = cpuMs(pid);
    let reopenBytes = 0;
    for (let i = 0; i < REOPENS; i++) {
      const opened = await call(api.port, 'GET', `/api/v1/admin/bank-statements/${body.id}`, token);
      reopen.push(opened.ms);
      reopenBytes = opened.text.length;
    }
    const reopenCpu = (cpuMs(pid) - reopenCpuBefore) / REOPENS;
    const reopenMedian = [...reopen].sort((a, b) => a - b)[Math.floor(reopen.length / 2)];
    const growth = Math.max(after.rss - before.rss, after.peak - before.rss);

    console.log(`Import: ${imported.ms.toFixed(0)} ms (server CPU ${importCpu.toFixed(0)} ms), ${body.credit_lines} lines, ${proposed} proposed, answer ${(imported.text.length / 1024).toFixed(0)} KB`);
    console.log(`Server memory: ${mb(before.rss)} before, ${mb(after.rss)} after, peak ${mb(after.peak)}`);
    console.log(`Re-open (median of ${REOPENS}): ${reopenMedian.toFixed(0)} ms (server CPU ${reopenCpu.toFixed(0)} ms each), answer ${(reopenBytes / 1024).toFixed(0)} KB`);
    result(`bank-import: import ${imported.ms.toFixed(0)} ms, memory +${mb(growth)}, re-open ${reopenMedian.toFixed(0)} ms (${LINES} lines, ${DEPOSITS} deposits)`);
    met = target('bank import, 5,000 lines x 2,000 deposits', '<= 3 s', `${(imported.ms / 1000).toFixed(2)} s`, imported.ms <= 3_000) && met;
    met = target('bank import, server memory growth', '<= 100 MB', mb(growth), growth <= 100 * 1024 * 1024) && met;
    met = target('bank import, re-open', '<= 200 ms', `${reopenMedian.toFixed(0)} ms`, reopenMedian <= 200) && met;
  } finally {
    await api?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = met ? 0 : 1;
}

await main();
