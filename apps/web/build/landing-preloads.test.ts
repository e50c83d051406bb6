// The build's list of chunks to preload per address, from a bundle like the app's.
import { describe, expect, it, vi } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { landingPreloads, LANDING_PAGES_FILE } from './landing-preloads';
import { landingPages } from '../src/app/landing-pages';

const root = '/app/web';
const chunk = (fileName: string, imports: string[] = [], facade: string | null = null, isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isEntry,
  facadeModuleId: facade ? `${root}/${facade}` : null,
});

/** A chunk for every file landing-pages.ts names, each importing the shared chunk; home and donate as below. */
function bundle() {
  const chunks = [
    chunk('assets/index-1.js', ['assets/framework-1.js'], 'index.html', true),
    chunk('assets/framework-1.js'),
    chunk('assets/shared-home-1.js', ['assets/framework-1.js']),
    chunk('assets/shared-donate-1.js', ['assets/framework-1.js', 'assets/shared-home-1.js']),
    chunk('assets/home-1.js', ['assets/shared-home-1.js', 'assets/framework-1.js'], 'src/features/home/routes/home.tsx'),
    chunk('assets/donate-1.js', ['assets/shared-donate-1.js'], 'src/features/donate/routes/donate.tsx'),
  ];
  const named = new Set(chunks.map((c) => c.facadeModuleId));
  for (const file of new Set(Object.values(landingPages).flat())) {
    if (!named.has(`${root}/${file}`)) chunks.push(chunk(`assets/${file.replace(/\W/g, '_')}.js`, ['assets/framework-1.js'], file));
  }
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

function run(input: Record<string, unknown>) {
  const plugin = landingPreloads();
  (plugin.configResolved as (c: Partial<ResolvedConfig>) => void)({ root, base: '/' });
  const emitFile = vi.fn();
  const error = vi.fn((message: string) => {
    throw new Error(message);
  });
  (plugin.generateBundle as (this: unknown, o: unknown, b: unknown) => void).call({ emitFile, error }, {}, input);
  const emitted = emitFile.mock.calls[0][0] as { fileName: string; source: string };
  return { fileName: emitted.fileName, preloads: JSON.parse(emitted.source) as Record<string, string[]> };
}

describe('landingPreloads', () => {
  it("lists each page's chunk and what it imports, without what index.html loads already", () => {
    const { fileName, preloads } = run(bundle());
    expect(fileName).toBe(LANDING_PAGES_FILE);
    expect(preloads['/']).toEqual(['/assets/home-1.js', '/assets/shared-home-1.js']);
    expect(preloads['/donate']).toEqual(['/assets/donate-1.js', '/assets/shared-donate-1.js', '/assets/shared-home-1.js']);
    expect(Object.keys(preloads)).toEqual(Object.keys(landingPages));
  });

  it('fails the build when a listed page is not a chunk (a renamed or removed page)', () => {
    const input = bundle();
    delete input['assets/donate-1.js'];
    expect(() => run(input)).toThrow(/donate\.tsx \(for \/donate\) is not a chunk/);
  });
});
