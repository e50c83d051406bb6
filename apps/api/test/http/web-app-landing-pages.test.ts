// The address a visitor opens first gets index.html with its page's chunks named as modulepreload
// links (the build's landing-pages.json), so the browser fetches them together with the entry; a
// page of the build's prerendered.json also gets its first screen as inert HTML, unless the
// address has a query string or the browser may be signed in; the home's, with the organisation's
// description as it is when the page is sent. Every page goes out compressed as the browser's
// Accept-Encoding allows.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, PRERENDERED_DESCRIPTION_SLOT, PRERENDERED_NAME_MARK, PRERENDERED_YEAR_MARK, REFRESH_COOKIE } from '@donaciones/shared/constants';
import { guatemalaDay } from '@donaciones/shared/format';
import { acceptedEncoding, filledPage, landingHtml, prerenderedHtml, withDescription, withName, withYear } from '../../src/http/web-app';
import { getSettings, putSettings } from '../../src/platform/settings';
import { createTestApp, inject, type TestContext } from '../support/helpers';

const indexHtml = '<!doctype html><html lang="es"><head><title>Donaciones</title></head><body><div id="root"></div></body></html>';
const preloads = { '/': ['/assets/home-1.js', '/assets/shared-home-1.js'], '/donate': ['/assets/donate-1.js'], '/boleta': ['/assets/deposit-slip-1.js'] };
const slot = `${PRERENDERED_DESCRIPTION_SLOT} class="space-y-2" aria-hidden="true"><div class="h-5"></div></div>`;
const prerendered = { '/': `<div><a aria-label="${PRERENDERED_NAME_MARK}: Inicio">${PRERENDERED_NAME_MARK}</a><h1>Inicio</h1><div class="mt-5">${slot}</div><p>© ${PRERENDERED_YEAR_MARK} ${PRERENDERED_NAME_MARK}</p></div>`, '/terms': '<div><h1>Términos $& $1</h1></div>',
  // A signed link's page: its frame and loading state, sent with any query string.
  '/boleta?': `<div><a>${PRERENDERED_NAME_MARK}</a><p>Boleta de depósito</p><div aria-busy="true"></div></div>`,
};
const withBody = (body: string) => `<div id="prerendered" inert aria-hidden="true">${body}</div><div id="root"></div>`;

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'donaciones-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  writeFileSync(path.join(webDist, 'landing-pages.json'), JSON.stringify(preloads));
  writeFileSync(path.join(webDist, 'prerendered.json'), JSON.stringify(prerendered));
  ctx = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('landing pages', () => {
  it("adds each page's chunks to the head of index.html, in the build's order", () => {
    const pages = landingHtml(indexHtml, preloads);
    expect(preloaded(pages.get('/')!)).toEqual(preloads['/']);
    expect(pages.get('/donate')).toContain('<link rel="modulepreload" crossorigin href="/assets/donate-1.js"></head>');
  });

  it('sends / and /donate with their own preloads, ignoring the query string', async () => {
    const home = await inject(ctx.app, { url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(preloaded(home.body)).toEqual(preloads['/']);
    const donate = await inject(ctx.app, { url: '/donate?frecuencia=mensual' });
    expect(preloaded(donate.body)).toEqual(['/assets/donate-1.js']);
  });

  it('sends any other page index.html as built', async () => {
    const res = await inject(ctx.app, { url: '/admin/users' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(indexHtml);
  });

  it('does not serve the list itself', async () => {
    const res = await inject(ctx.app, { url: '/landing-pages.json' });
    expect(res.body).toBe(indexHtml);
  });
});

describe('prerendered pages', () => {
  it('puts the page before the root, in its landing page or in index.html, markup as is', () => {
    const pages = prerenderedHtml(landingHtml(indexHtml, preloads), indexHtml, prerendered);
    expect(preloaded(pages.get('/')!)).toEqual(preloads['/']);
    expect(pages.get('/')).toContain(`<body>${withBody(prerendered['/'])}</body>`);
    expect(pages.get('/terms')).toBe(indexHtml.replace('<div id="root"></div>', () => withBody(prerendered['/terms'])));
  });

  it('sends / with its prerendered first screen, the name and description filled in, and its preloads', async () => {
    const organization = await getSettings(ctx.db, 'organization');
    const { description } = organization;
    const res = await inject(ctx.app, { url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(withBody(filledPage(prerendered['/'], organization)));
    expect(res.body).toContain(`<a aria-label="${organization.name}: Inicio">${organization.name}</a>`);
    expect(res.body).not.toContain(PRERENDERED_NAME_MARK);
    expect(res.body).toContain(`<p>© ${guatemalaDay(new Date()).slice(0, 4)} ${organization.name}</p>`);
    expect(res.body).not.toContain(PRERENDERED_YEAR_MARK);
    expect(res.body).toContain(`<div class="mt-5"><p>${description}</p><div hidden data-slot="organization-description" class="space-y-2"`);
    expect(res.body.match(/id="prerendered"/g)).toHaveLength(1);
    expect(preloaded(res.body)).toEqual(preloads['/']);
  });

  it('sends a page without preloads with its prerendered first screen', async () => {
    const res = await inject(ctx.app, { url: '/terms' });
    expect(res.body).toContain(withBody(prerendered['/terms']));
  });

  it('does not for an address with a query string', async () => {
    for (const url of ['/?x=1', '/?ref=abc&cancelado=1']) {
      const res = await inject(ctx.app, { url });
      expect(res.body).not.toContain('id="prerendered"');
      expect(preloaded(res.body)).toEqual(preloads['/']);
    }
  });

  it("sends a signed link's page with its shell whatever the query string, with the page's preloads", async () => {
    const organization = await getSettings(ctx.db, 'organization');
    for (const url of ['/boleta?token=abc.def', '/boleta?token=', '/boleta?donacion=4']) {
      const res = await inject(ctx.app, { url });
      expect(res.body).toContain(withBody(filledPage(prerendered['/boleta?'], organization)));
      expect(preloaded(res.body)).toEqual(preloads['/boleta']);
    }
    // Without a query string the page shows only that the link is not valid: no shell.
    expect((await inject(ctx.app, { url: '/boleta' })).body).not.toContain('id="prerendered"');
    const signedIn = await inject(ctx.app, { url: '/boleta?donacion=4', headers: { cookie: `${CSRF_COOKIE}=abc` } });
    expect(signedIn.body).not.toContain('id="prerendered"');
    expect(preloaded(signedIn.body)).toEqual(preloads['/boleta']);
  });

  it("does not when the browser may be signed in (the session's cookies)", async () => {
    for (const cookie of [`${REFRESH_COOKIE}=abc`, `${CSRF_COOKIE}=abc`, `tema=claro; ${CSRF_COOKIE}=abc`]) {
      const res = await inject(ctx.app, { url: '/', headers: { cookie } });
      expect(res.body).not.toContain('id="prerendered"');
      expect(preloaded(res.body)).toEqual(preloads['/']);
    }
    const other = await inject(ctx.app, { url: '/', headers: { cookie: 'tema=claro' } });
    expect(other.body).toContain('id="prerendered"');
  });

  it('does not for any other address', async () => {
    for (const url of ['/donate', '/admin/users', '/donations/1']) {
      const res = await inject(ctx.app, { url });
      expect(res.body).not.toContain('id="prerendered"');
    }
  });

  it('does not serve the prerendered pages themselves', async () => {
    const res = await inject(ctx.app, { url: '/prerendered.json' });
    expect(res.body).toBe(indexHtml);
  });
});

describe("the organisation's name", () => {
  it('replaces every mark, escaped for text and attributes alike', () => {
    const html = `<a aria-label="${PRERENDERED_NAME_MARK}: Inicio">${PRERENDERED_NAME_MARK}</a><p>© 2026 ${PRERENDERED_NAME_MARK}</p>`;
    expect(withName(html, 'Fundación "Manos" & <Co> $&')).toBe(
      '<a aria-label="Fundación &quot;Manos&quot; &amp; &lt;Co&gt; $&amp;: Inicio">Fundación &quot;Manos&quot; &amp; &lt;Co&gt; $&amp;</a><p>© 2026 Fundación &quot;Manos&quot; &amp; &lt;Co&gt; $&amp;</p>',
    );
  });

  it("comes with the year in Guatemala when the page is sent, not the build's", () => {
    const html = `<p>© ${PRERENDERED_YEAR_MARK} ${PRERENDERED_NAME_MARK}</p>`;
    // 31 December, 23:30 in Guatemala: already 1 January in UTC.
    expect(withYear(html, new Date('2027-01-01T05:30:00Z'))).toBe(`<p>© 2026 ${PRERENDERED_NAME_MARK}</p>`);
    expect(filledPage(html, { name: 'Fundación', description: '' }, new Date('2027-01-01T06:30:00Z'))).toBe('<p>© 2027 Fundación</p>');
  });

  it("is the app's neutral brand when staff left it blank", () => {
    expect(withName(`<b>${PRERENDERED_NAME_MARK}</b>`, '  ')).toBe('<b>Donaciones</b>');
  });

  it('is the one staff saved last', async () => {
    const organization = await getSettings(ctx.db, 'organization');
    try {
      await putSettings(ctx.db, 'organization', { ...organization, name: 'Asociación Semillas de Esperanza' });
      expect((await inject(ctx.app, { url: '/' })).body).toContain('<a aria-label="Asociación Semillas de Esperanza: Inicio">Asociación Semillas de Esperanza</a>');
    } finally {
      await putSettings(ctx.db, 'organization', organization);
    }
  });
});

describe("the home's description", () => {
  it('goes before the placeholder, which is hidden, escaped and taken literally', () => {
    const html = `<main>${slot}</main>`;
    expect(withDescription(html, 'Becas & "refacción" <b>$& $1</b>')).toBe(
      `<main><p>Becas &amp; &quot;refacción&quot; &lt;b&gt;$&amp; $1&lt;/b&gt;</p>${slot.replace('<div data-slot', '<div hidden data-slot')}</main>`,
    );
  });

  it('leaves the placeholder alone without a description, and a page without the placeholder as it is', () => {
    expect(withDescription(`<main>${slot}</main>`, '  ')).toBe(`<main>${slot}</main>`);
    expect(withDescription('<main><h1>Términos</h1></main>', 'Texto')).toBe('<main><h1>Términos</h1></main>');
  });

  it('is the one staff saved last, in every encoding', async () => {
    const organization = await getSettings(ctx.db, 'organization');
    try {
      for (const description of ['Acompañamos a 500 niñas y niños <de Sololá>.', 'Becas y refacción escolar en Quiché.']) {
        await putSettings(ctx.db, 'organization', { ...organization, description });
        const escaped = description.replace('<', '&lt;').replace('>', '&gt;');
        expect((await inject(ctx.app, { url: '/' })).body).toContain(`<p>${escaped}</p>`);
        const br = await inject(ctx.app, { url: '/', headers: { 'accept-encoding': 'br' } });
        expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toContain(`<p>${escaped}</p>`);
      }
    } finally {
      await putSettings(ctx.db, 'organization', organization);
    }
  });
});

describe('compressed pages', () => {
  it('reads Accept-Encoding: brotli first, then gzip, never one refused with q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0.5')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('sends every page in the encoding the browser takes, the same bytes once decoded, varying by Accept-Encoding', async () => {
    for (const url of ['/', '/donate', '/admin/users']) {
      const plain = await inject(ctx.app, { url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        const res = await inject(ctx.app, { url, headers: { 'accept-encoding': accept } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
  });

  it('keeps the signed-in rule when compressed', async () => {
    const res = await inject(ctx.app, { url: '/', headers: { 'accept-encoding': 'br', cookie: `${CSRF_COOKIE}=abc` } });
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).not.toContain('id="prerendered"');
  });
});
