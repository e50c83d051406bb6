// Bundles the API into dist/server.js: our workspaces are inlined, npm dependencies stay external.
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@donaciones/'));

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
// The embedded database's worker thread is started from its own file (src/db/embedded.ts finds it here).
copyFileSync(new URL('./src/db/embedded-worker.mjs', import.meta.url), new URL('./dist/embedded-worker.mjs', import.meta.url));
