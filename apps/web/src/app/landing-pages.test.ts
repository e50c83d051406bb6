// The build preloads, for each address of landing-pages.ts, the chunks of the files listed there; the
// list must name exactly the files whose lazy chunks the router loads for that address, in order.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { landingPages } from './landing-pages';
import { routes } from './router';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('landing pages (docs/performance.md, "Web first load")', () => {
  it.each(Object.entries(landingPages))('%s lists the files the router loads lazily for it', async (address, files) => {
    const lazy = (matchRoutes(routes, address) ?? []).map((m) => m.route.lazy).filter((load) => typeof load === 'function');
    expect(lazy).toHaveLength(files.length);
    for (const [i, load] of lazy.entries()) {
      const loaded = (await (load as () => Promise<{ Component?: ComponentType }>)()).Component;
      const listed = ((await import(/* @vite-ignore */ path.join(webRoot, files[i]))) as { default: ComponentType }).default;
      expect(loaded, `${address}: ${files[i]}`).toBe(listed);
    }
  });

  it('covers the public pages and the sign-in pages', () => {
    expect(Object.keys(landingPages)).toEqual(
      expect.arrayContaining(['/', '/donate', '/donations', '/stats', '/login', '/register', '/donate/resultado', '/boleta']),
    );
  });
});
