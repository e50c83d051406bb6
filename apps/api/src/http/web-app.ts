// Serves the built React app from the same process; every non-API path gets the SPA's index.html.
// An address listed in the build's landing-pages.json (apps/web/src/app/landing-pages.ts) gets a copy
// of it that also names its page's chunks as `<link rel="modulepreload">`, made once at start. One
// of the build's prerendered.json (apps/web/scripts/prerender.mjs) also gets its first screen as
// inert HTML before the app's root, when nobody is signed in and there is no query string, or, for
// a signed link's page (a key ending in `?`), whatever the query string
// (docs/decisions/0027-prerendered-first-screen.md), with the organisation's name, and the home's
// with its description, read when it is sent. Each of these pages is compressed (brotli and gzip)
// the first time it is asked for, then sent from memory by Accept-Encoding.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { CSRF_COOKIE, PRERENDERED_DESCRIPTION_SLOT, PRERENDERED_NAME_MARK, PRERENDERED_YEAR_MARK, REFRESH_COOKIE } from '@donaciones/shared/constants';
import { shellMessages } from '@donaciones/shared/messages/shell';
import { guatemalaDay } from '@donaciones/shared/format';
import { errorMessages } from '../messages/errors';
import { escapeHtml } from '../platform/email-templates/text-blocks';
import { readBatcher } from '../platform/read-batching';
import { getSettings } from '../platform/settings';

const here = path.dirname(fileURLToPath(import.meta.url));

function findWebDist(configured?: string): string | null {
  const candidates = configured
    ? [path.resolve(configured)]
    : [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist'), path.resolve(process.cwd(), 'apps/web/dist')];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? null;
}

/** index.html for each address of landing-pages.json, with its page's chunks preloaded. */
export function landingHtml(indexHtml: string, preloads: Record<string, string[]>): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [address, files] of Object.entries(preloads)) {
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    pages.set(address, indexHtml.replace('</head>', `${links}</head>`));
  }
  return pages;
}

const ROOT = '<div id="root"></div>';

/**
 * The page of each address of prerendered.json: its (landing) page with the prerendered markup,
 * inert and hidden from assistive technology, before the app's root. The app removes it when its
 * first render commits (apps/web/src/main.tsx).
 */
export function prerenderedHtml(pages: ReadonlyMap<string, string>, indexHtml: string, bodies: Record<string, string>): Map<string, string> {
  const prerendered = new Map<string, string>();
  for (const [address, body] of Object.entries(bodies)) {
    // `/boleta?`: the shell of /boleta sent with any query string, with /boleta's preloads.
    const page = pages.get(address.endsWith('?') ? address.slice(0, -1) : address) ?? indexHtml;
    if (!page.includes(ROOT)) continue;
    // A function, so that a `$` in the markup is not read as a replacement pattern.
    prerendered.set(address, page.replace(ROOT, () => `<div id="prerendered" inert aria-hidden="true">${body}</div>${ROOT}`));
  }
  return prerendered;
}

/**
 * The prerendered home with the organisation's description before its placeholder, which is hidden:
 * the description is the first screen's largest text, and the app only shows it once its code and
 * the site's data have arrived. The same paragraph as the app's, in the same place.
 */
export function withDescription(html: string, description: string): string {
  if (!description.trim() || !html.includes(PRERENDERED_DESCRIPTION_SLOT)) return html;
  return html.replace(PRERENDERED_DESCRIPTION_SLOT, () => `<p>${escapeHtml(description)}</p>${PRERENDERED_DESCRIPTION_SLOT.replace('<div', '<div hidden')}`);
}

/**
 * A prerendered page with the organisation's name where the build left its mark (header, footer,
 * labels), or the app's neutral brand when staff left the name blank, as the app itself shows it.
 */
export function withName(html: string, name: string): string {
  const shown = escapeHtml(name.trim() || shellMessages.brandFallback);
  // A function, so that a `$` in the name is not read as a replacement pattern.
  return html.replaceAll(PRERENDERED_NAME_MARK, () => shown);
}

/** A prerendered page with the copyright's year, in Guatemala, where the build left its mark. */
export function withYear(html: string, now = new Date()): string {
  return html.replaceAll(PRERENDERED_YEAR_MARK, guatemalaDay(now).slice(0, 4));
}

/** A prerendered page as it is sent: the organisation's name, the year and, on the home, its description. */
export function filledPage(html: string, organization: { name: string; description: string }, now = new Date()): string {
  return withDescription(withName(withYear(html, now), organization.name), organization.description);
}

/** The first of brotli and gzip that an Accept-Encoding header takes (a `q=0` refuses), or null. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of String(header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const takes = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
}

/**
 * A page's brotli and gzip copies, made once per page. The pages are fixed at start but for the
 * organisation's name and description, which change when staff edit them: the copies of a few
 * versions are kept.
 */
function compressedPages() {
  const made = new Map<string, { br: Buffer; gzip: Buffer }>();
  return (html: string) => {
    let copies = made.get(html);
    if (!copies) {
      if (made.size >= 64) made.delete(made.keys().next().value!);
      const raw = Buffer.from(html);
      copies = {
        br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzip: gzipSync(raw, { level: 9 }),
      };
      made.set(html, copies);
    }
    return copies;
  };
}

function readJson<T extends object>(root: string, name: string): T | Record<string, never> {
  const file = path.join(root, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : {};
}

/**
 * Whether the request may come from a signed-in browser, which must not see the signed-out header
 * of the prerendered page first. The refresh token's cookie is sent to /api/v1/auth only
 * (routes/auth.ts), so a page's request never carries it; the CSRF cookie is set and cleared with it,
 * with the same lifetime, for every path.
 */
function mayBeSignedIn(cookies: Record<string, string | undefined> | undefined): boolean {
  return Boolean(cookies?.[REFRESH_COOKIE] || cookies?.[CSRF_COOKIE]);
}

export default fp(async function webApp(app: FastifyInstance) {
  const root = findWebDist(app.config.webDist);
  let indexHtml: string | null = null;
  let pages = new Map<string, string>();
  let prerendered = new Map<string, string>();
  if (root) {
    indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
    pages = landingHtml(indexHtml, readJson<Record<string, string[]>>(root, 'landing-pages.json'));
    prerendered = prerenderedHtml(pages, indexHtml, readJson<Record<string, string>>(root, 'prerendered.json'));
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // The .br and .gz copies made at build time (apps/web/scripts/compress.mjs) are sent by
      // Accept-Encoding with `Vary: accept-encoding` and the original's Content-Type; nothing is
      // compressed per request.
      preCompressed: true,
      globIgnore: ['index.html', 'landing-pages.json', 'prerendered.json', '**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn('apps/web/dist no existe: ejecuta `npm run build` para servir la aplicación web');
  }

  const compressed = compressedPages();
  // Concurrent visitors of a prerendered page share one read of the organisation (platform/read-batching.ts).
  const organizationReads = readBatcher<{ name: string; description: string }>();
  const organization = () => organizationReads('organization', () => getSettings(app.db, 'organization'));
  app.setNotFoundHandler(async (request, reply) => {
    const [url, query] = request.url.split('?', 2);
    if (url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: errorMessages.notFound });
    }
    // Without a build (API-only deployments, or tests before `npm run build`) there is no page to serve.
    if (!indexHtml) return reply.status(404).send({ detail: 'La aplicación web no está construida (npm run build).' });
    // A query string may change the first screen (`?frecuencia=mensual` on /donate): no prerendered
    // page, but the shell of a signed link's page (its frame and loading state), which any token opens.
    const first = mayBeSignedIn(request.cookies) ? undefined : prerendered.get(query === undefined ? url : `${url}?`);
    const html = first ? filledPage(first, await organization()) : (pages.get(url) ?? indexHtml);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    reply.status(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compressed(html)[encoding]);
  });
});
