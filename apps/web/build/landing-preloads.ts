// A build plugin: for each address of src/app/landing-pages.ts, the JavaScript files its lazy chunks
// need beyond what index.html already loads, written to dist/landing-pages.json as
// `{ "/donate": ["/assets/donate-….js", …] }`. The server adds them to index.html as
// `<link rel="modulepreload">` for that address (apps/api/src/http/web-app.ts).
import path from 'node:path';
import type { Plugin } from 'vite';
import { landingPages } from '../src/app/landing-pages.ts';

export const LANDING_PAGES_FILE = 'landing-pages.json';

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

export function landingPreloads(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'landing-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is typeof c & ChunkInfo => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      /** A chunk and every chunk it imports statically, as file names. */
      const closure = (chunk: ChunkInfo, into = new Set<string>()) => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) closure(imported, into);
        }
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return this.error('landing-preloads: the build has no entry chunk');
      const initial = closure(entry);
      const bySource = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [path.relative(root, c.facadeModuleId!).split(path.sep).join('/'), c]));
      const preloads: Record<string, string[]> = {};
      for (const [address, sources] of Object.entries(landingPages)) {
        const files = new Set<string>();
        for (const source of sources) {
          const chunk = bySource.get(source);
          if (!chunk) return this.error(`landing-preloads: ${source} (for ${address}) is not a chunk of this build`);
          for (const file of closure(chunk)) if (!initial.has(file)) files.add(`${base}${file}`);
        }
        preloads[address] = [...files];
      }
      this.emitFile({ type: 'asset', fileName: LANDING_PAGES_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
