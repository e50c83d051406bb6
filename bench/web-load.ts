// Web first load (benchmark 4 of docs/performance.md): the JavaScript and CSS that a first visit to
// `/` and to `/donate` transfers over the wire, loaded in headless Chromium against the built server
// (which sends the brotli copies made at build time), and LCP and total blocking time under
// Lighthouse's mobile profile: Slow 4G (562.5 ms round trip, 1,474.56 kbit/s down, 675 kbit/s up:
// Lighthouse's applied-throttling values), 4x CPU slowdown, a 412x823 phone screen; throttled through
// the DevTools protocol (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate).
// Targets: JavaScript on the wire <= 110 KB for `/` and <= 130 KB for `/donate`; LCP <= 2.5 s for both.
//
//   npx tsx bench/web-load.ts
//   BENCH_SKIP_BUILD=1 BENCH_RUNS=1 npx tsx bench/web-load.ts     (use the current build, one run per page)
//   BENCH_WEB_BREAKDOWN=0 ...                                       (without the per-package breakdown of `/`)
//
// An asset the server sent uncompressed is counted gzipped here (zlib's default level), as a
// compressing proxy would send it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';
import { gzipByPackage } from './bundle-attribution';
import { buildOnce, builtServerEnv, freePort, machineLoad, root, sleep, target, waitForHealth } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_JS_KB: Record<string, number> = { '/': 110, '/donate': 130 };
const TARGET_LCP_MS = 2_500;
const pages = ['/', '/donate'] as const;
/** Lighthouse's mobile profile with applied (DevTools) throttling. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1_474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

interface Asset {
  url: string;
  kind: 'js' | 'css' | 'font' | 'other';
  raw: number;
  gzip: number;
}

interface PageFigures {
  assets: Asset[];
  lcp: number;
  /** Each largest-contentful-paint entry of the load: time, area and the element. */
  candidates: string[];
  fcp: number;
  tbt: number;
  longTasks: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Collected in the page from its first script on (PerformanceObserver, buffered). */
const observers = `
  window.__perf = { lcp: 0, fcp: 0, tbt: 0, longTasks: 0, candidates: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__perf.lcp = e.startTime;
      const el = e.element;
      const what = el ? el.tagName.toLowerCase() + (el.closest('#prerendered') ? ' (prerendered)' : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '(removed)';
      window.__perf.candidates.push(Math.round(e.startTime) + ' ms ' + e.size + ' px² ' + what);
    }
  })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__perf.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) { window.__perf.longTasks += 1; window.__perf.tbt += Math.max(0, e.duration - 50); }
  }).observe({ type: 'longtask', buffered: true });
`;

async function measurePage(browser: Browser, url: string, options: { mobile: boolean }): Promise<PageFigures> {
  // A new context per load: empty cache, no service worker, no cookies — a first visit.
  const context = await browser.newContext(
    options.mobile
      ? { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'es-GT' }
      : { viewport: { width: 1280, height: 800 }, locale: 'es-GT' },
  );
  const page = await context.newPage();
  if (options.mobile) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  await page.addInitScript(observers);
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : type === 'font' ? 'font' : null;
    if (!kind) return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return null;
        const encoding = (await response.headerValue('content-encoding')) ?? '';
        const sizes = await response.request().sizes();
        // Compressed by the server: count what came over the wire; otherwise gzip it here.
        const gzip = encoding ? sizes.responseBodySize : kind === 'font' ? body.length : gzipSync(body).length;
        return { url: response.url(), kind, raw: body.length, gzip };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  // Let late long tasks and the final LCP candidate land.
  await sleep(1000);
  const perf = (await page.evaluate('window.__perf')) as { lcp: number; fcp: number; tbt: number; longTasks: number; candidates: string[] };
  const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
  await context.close();
  return { assets, ...perf };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `index-LxCPiZSt.js` -> `index`: the same chunk in two builds has the same name, not the same hash. */
const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js$/, '');

/**
 * What the JavaScript of a page is made of, per package: the web app is built once more with source
 * maps into a temporary directory (the served build has none) and each loaded chunk is attributed.
 */
function printBreakdown(pagePath: string, assets: Asset[]) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bench-web-maps-'));
  try {
    const build = spawnSync('npx', ['vite', 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: path.join(root, 'apps/web'),
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      console.log(`  (no breakdown: the build with source maps failed: ${build.stderr.slice(0, 300)})`);
      return;
    }
    const built = readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const files = assets
      .filter((a) => a.kind === 'js')
      .map((a) => {
        const name = chunkName(path.basename(new URL(a.url).pathname));
        const match = built.find((f) => chunkName(f) === name);
        return match ? { path: path.join(outDir, 'assets', match), gzip: a.gzip } : null;
      });
    if (files.some((f) => f === null)) {
      console.log('  (no breakdown: the chunks of the two builds differ)');
      return;
    }
    const byPackage = gzipByPackage(files as { path: string; gzip: number }[]);
    if (!byPackage) return;
    console.log(`  JavaScript of ${pagePath} by package (gzip, approximate):`);
    for (const [group, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).filter(([, bytes]) => bytes >= 512)) {
      console.log(`    ${kb(bytes).padStart(9)}  ${group}`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`Web first load: ${pages.join(' and ')}, ${RUNS} load(s) each in headless Chromium`);
  console.log(`Machine at start: ${machineLoad()}`);
  await buildOnce();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: { ...process.env, ...builtServerEnv(port, dataDir), RUN_JOBS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let browser: Browser | null = null;
  let met = true;
  try {
    await waitForHealth(`${base}/api/v1/health`, performance.now(), { alive: () => server.exitCode === null });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // One throwaway load so that the server and the disk cache of the OS are warm for every page alike.
    await measurePage(browser, `${base}/`, { mobile: false });
    for (const pagePath of pages) {
      // The bytes from one unthrottled load; the timings from throttled mobile loads.
      const first = await measurePage(browser, `${base}${pagePath}`, { mobile: false });
      const runs: PageFigures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measurePage(browser, `${base}${pagePath}`, { mobile: true }));
      const sum = (kind: Asset['kind'], field: 'raw' | 'gzip') => first.assets.filter((a) => a.kind === kind).reduce((n, a) => n + a[field], 0);
      const js = { raw: sum('js', 'raw'), wire: sum('js', 'gzip') };
      const css = { raw: sum('css', 'raw'), wire: sum('css', 'gzip') };
      const fonts = sum('font', 'raw');
      const lcp = median(runs.map((r) => r.lcp));
      const fcp = median(runs.map((r) => r.fcp));
      const tbt = median(runs.map((r) => r.tbt));
      console.log(`\n${pagePath}`);
      for (const asset of first.assets.sort((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${asset.kind.padEnd(4)} ${kb(asset.gzip).padStart(9)} wire ${kb(asset.raw).padStart(9)} raw  ${new URL(asset.url).pathname}`);
      }
      console.log(`  JavaScript ${kb(js.wire)} on the wire (${kb(js.raw)} raw) in ${first.assets.filter((a) => a.kind === 'js').length} files`);
      console.log(`  CSS        ${kb(css.wire)} on the wire (${kb(css.raw)} raw); fonts ${kb(fonts)} (woff2, not recompressed)`);
      console.log(
        `  Mobile (Slow 4G, ${CPU_SLOWDOWN}x CPU): FCP ${fcp.toFixed(0)} ms, LCP ${lcp.toFixed(0)} ms, total blocking time ${tbt.toFixed(0)} ms ` +
          `(median of ${RUNS}; runs: LCP ${runs.map((r) => r.lcp.toFixed(0)).join(', ')} ms)`,
      );
      const slowest = runs.reduce((a, b) => (b.lcp > a.lcp ? b : a));
      console.log(`  LCP candidates of the slowest run: ${slowest.candidates.join('; ')}`);
      if (pagePath === '/' && process.env.BENCH_WEB_BREAKDOWN !== '0') printBreakdown(pagePath, first.assets);
      const maxJs = TARGET_JS_KB[pagePath];
      met = target(`web ${pagePath} JavaScript on the wire`, `<= ${maxJs} KB`, `${kb(js.wire)} (${kb(js.raw)} raw)`, js.wire <= maxJs * 1024) && met;
      met = target(`web ${pagePath} LCP, mobile Slow 4G 4x CPU`, `<= ${TARGET_LCP_MS / 1000} s`, `${(lcp / 1000).toFixed(2)} s (TBT ${tbt.toFixed(0)} ms)`, lcp > 0 && lcp <= TARGET_LCP_MS) && met;
    }
    console.log(`\nMachine at end: ${machineLoad()}`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
