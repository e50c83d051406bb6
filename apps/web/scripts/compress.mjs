// After `vite build`: a brotli (.br) and a gzip (.gz) copy of every compressible file in dist/, made
// once here at the highest levels, so that the server (apps/api/src/http/web-app.ts) sends them
// by Accept-Encoding without compressing anything per request. A copy that would not save at least
// 5% (fonts are already compressed) is not written.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// `node scripts/compress.mjs [directory]`, dist/ by default.
const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
// index.html is not among them: the server keeps it in memory (it answers every page's URL), and
// so are the build's lists that only the server reads (build/landing-preloads.ts, scripts/prerender.mjs).
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;
const SERVER_ONLY = new Set(['landing-pages.json', 'prerendered.json']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && !SERVER_ONLY.has(entry.name)) yield full;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
for (const file of files(dist)) {
  const content = readFileSync(file);
  const variants = [
    ['.br', brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } })],
    ['.gz', gzipSync(content, { level: 9 })],
  ];
  raw += content.length;
  for (const [extension, compressed] of variants) {
    if (compressed.length > content.length * 0.95) continue;
    writeFileSync(file + extension, compressed);
    if (extension === '.br') br += compressed.length;
    else gz += compressed.length;
  }
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
process.stdout.write(`Precompressed dist/: ${kb(raw)} -> ${kb(br)} brotli, ${kb(gz)} gzip\n`);
