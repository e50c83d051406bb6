// After `vite build`: renders the pages of src/app/landing-pages.ts `prerenderedPages` to HTML with
// the app's own components (a server build of src/prerender.tsx, made in node_modules/.prerender and
// removed afterwards) and writes them to dist/prerendered.json,
// `{ "/donate": "<div …>…</div>" }`, and the shells of `prerenderedShells` (the signed links' pages,
// rendered at a placeholder token) under their address followed by `?`: `{ "/boleta?": "…" }`. The
// server sends each inside index.html for its address (apps/api/src/http/web-app.ts).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

process.env.NODE_ENV = 'production';
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(web, 'dist'));
const outDir = path.join(web, 'node_modules', '.prerender');

try {
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: 'error',
    build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false },
    // Everything bundled, libraries included, so that each of their React imports meets the aliases
    // to preact/compat (vite.config.ts): an external library would load React itself in Node.
    ssr: { noExternal: true },
  });
  const { render, prerenderedPages, prerenderedShells, SHELL_PLACEHOLDER_QUERY } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);
  const pages = {};
  for (const address of prerenderedPages) pages[address] = await render(address);
  for (const address of prerenderedShells) pages[`${address}?`] = await render(`${address}${SHELL_PLACEHOLDER_QUERY}`);
  writeFileSync(path.join(dist, 'prerendered.json'), `${JSON.stringify(pages)}\n`);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  process.stdout.write(`Prerendered ${Object.entries(pages).map(([a, html]) => `${a} (${kb(html.length)})`).join(', ')}\n`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
// The rendered app leaves timers behind (the query cache's garbage collection): nothing else to wait for.
process.exit(0);
