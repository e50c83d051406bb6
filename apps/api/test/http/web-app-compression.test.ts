// The web app's files are compressed once at build time (apps/web/scripts/compress.mjs) and sent
// by Accept-Encoding (http/web-app.ts): brotli, else gzip, else as they are; never compressed
// per request.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, type TestContext } from '../support/helpers';

const compressScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/scripts/compress.mjs');
const script = `export const mensaje = ${JSON.stringify('Gracias por tu donación. '.repeat(200))};\n`;
const font = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'donaciones-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="es"><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDist, 'assets', 'home-prueba.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'letra-prueba.woff2'), font);
  execFileSync(process.execPath, [compressScript, webDist]);
  ctx = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('precompressed web files', () => {
  it('are made at build time for compressible files only (not for fonts, nor for index.html, which the server keeps in memory)', () => {
    expect(existsSync(path.join(webDist, 'assets', 'home-prueba.js.br'))).toBe(true);
    expect(existsSync(path.join(webDist, 'assets', 'home-prueba.js.gz'))).toBe(true);
    expect(existsSync(path.join(webDist, 'assets', 'letra-prueba.woff2.br'))).toBe(false);
    expect(existsSync(path.join(webDist, 'index.html.br'))).toBe(false);
  });

  it('sends brotli to a browser that accepts it, with the script type, Vary and long caching', async () => {
    const res = await inject(ctx.app, { url: '/assets/home-prueba.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzip = await inject(ctx.app, { url: '/assets/home-prueba.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await inject(ctx.app, { url: '/assets/home-prueba.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a file without compressed copies as it is, whatever the browser accepts', async () => {
    const res = await inject(ctx.app, { url: '/assets/letra-prueba.woff2', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(font)).toBe(true);
  });

  it('does not serve the compressed copies under their own names', async () => {
    const res = await inject(ctx.app, { url: '/assets/home-prueba.js.br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});
