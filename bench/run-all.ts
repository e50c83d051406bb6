// `npm run bench`: runs every benchmark one after the other (each in its own process, so none
// disturbs another) and prints a summary of their figures and targets. Name some to run only those:
//   npm run bench -- api-reads donate-in
// Figures are recorded with their commands in docs/performance.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { machineLoad, root } from './support';

interface Bench {
  name: string;
  file: string;
  /** Lines of a script that does not print RESULT lines, to put in the summary. */
  summaryLines?: RegExp;
  /** Builds the app first (npm run build); skipped when an earlier benchmark of this run built it. */
  builds?: boolean;
}

const benches: Bench[] = [
  { name: 'as-installed', file: 'bench/as-installed.ts', builds: true },
  { name: 'api-reads', file: 'bench/api-reads.ts' },
  { name: 'donate-in', file: 'bench/donate-in.ts' },
  { name: 'ledger-growth', file: 'bench/ledger-growth.ts', summaryLines: /^(Stats at 1M within|Totals equal)|^ {2}(stats|list, first page) .*x$/ },
  { name: 'bank-import', file: 'bench/bank-import.ts' },
  { name: 'register-export', file: 'bench/register-export.ts' },
  { name: 'statements', file: 'bench/statements.ts' },
  { name: 'scale', file: 'bench/scale/scale.ts', summaryLines: /^Totals equal|^ {2}server memory/ },
  { name: 'embedded-wait', file: 'bench/embedded-wait.ts' },
  { name: 'upload-stall', file: 'bench/upload-stall.ts' },
  { name: 'web-load', file: 'bench/web-load.ts', builds: true },
  { name: 'embedded-start', file: 'bench/embedded-start.ts', builds: true },
];

interface Outcome {
  code: number;
  lines: string[];
  /** Rows of the table of targets: figure, target, measured, met/missed. */
  targets: string[][];
  seconds: number;
}

function run(bench: Bench, skipBuild: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, bench.file)], {
      cwd: root,
      env: { ...process.env, ...(skipBuild ? { BENCH_SKIP_BUILD: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const targets: string[][] = [];
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) {
        if (line.startsWith('RESULT ')) lines.push(line.slice('RESULT '.length));
        else if (line.startsWith('TARGET ')) targets.push(line.slice('TARGET '.length).split('\t'));
        else if (bench.summaryLines?.test(line)) lines.push(`${bench.name}: ${line.trim()}`);
      }
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, lines, targets, seconds: (performance.now() - started) / 1000 }));
  });
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !benches.some((b) => b.name === w));
  if (unknown.length) throw new Error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${benches.map((b) => b.name).join(', ')}`);
  const selected = wanted.length ? benches.filter((b) => wanted.includes(b.name)) : benches;
  const loadAtStart = machineLoad();
  const summary: string[] = [];
  const table: string[][] = [];
  let built = false;
  for (const bench of selected) {
    console.log(`\n━━ ${bench.name} (${bench.file}) ━━  ${machineLoad()}`);
    const outcome = await run(bench, built);
    // Figures printed means its build (if any) went through.
    if (bench.builds && outcome.lines.length + outcome.targets.length > 0) built = true;
    table.push(...outcome.targets);
    const figures = outcome.lines.length + outcome.targets.length;
    const status = outcome.code === 0 ? '✓ targets met' : figures ? '✗ a target missed' : '✗ failed';
    summary.push(`${status}  ${bench.name} (${outcome.seconds.toFixed(0)} s)`, ...outcome.lines.map((l) => `      ${l}`));
  }
  // A missed target is a figure to read, not a failure; a benchmark that could not run is one.
  if (summary.some((line) => line.startsWith('✗ failed'))) process.exitCode = 1;
  console.log('\n━━ Summary ━━');
  console.log(`Machine: ${loadAtStart} at start, ${machineLoad()} at end (2 cores: a load above ~2 means the figures share the CPU)`);
  for (const line of summary) console.log(line);
  if (table.length) printTable([['figure', 'target', 'measured', ''], ...table]);
}

function printTable(rows: string[][]) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  console.log('\n━━ Targets ━━');
  for (const [n, row] of rows.entries()) {
    console.log(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  '));
    if (n === 0) console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
