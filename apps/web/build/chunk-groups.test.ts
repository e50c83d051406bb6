// Which chunk a shared module goes to, on a small module graph like the app's.
import { describe, expect, it } from 'vitest';
import type { ChunkingContext } from 'rolldown';
import { sharedChunkName } from './chunk-groups';

const root = '/app/web';
const file = (name: string) => `${root}/${name}`;
const lucide = (name: string) => `/app/node_modules/lucide-react/dist/esm/${name}`;

interface Node {
  importers?: string[];
  dynamicImporters?: string[];
  isEntry?: boolean;
  code?: string;
}

function context(graph: Record<string, Node>): ChunkingContext {
  return {
    getModuleInfo: (id: string) =>
      graph[id] ? ({ id, importers: [], dynamicImporters: [], isEntry: false, code: '', ...graph[id] } as unknown as ReturnType<ChunkingContext['getModuleInfo']>) : null,
  };
}

const main = file('src/main.tsx');
const router = file('src/app/router.tsx');
const home = file('src/features/home/routes/home.tsx');
const donate = file('src/features/donate/routes/donate.tsx');
const login = file('src/features/auth/routes/login.tsx');
const stats = file('src/features/donations/routes/stats.tsx');
const pages = {
  [main]: { isEntry: true },
  [router]: { importers: [main] },
  [home]: { dynamicImporters: [router], code: 'import { Heart, Users } from "lucide-react";' },
  [donate]: { dynamicImporters: [router], code: 'import { Heart } from "lucide-react";' },
  [login]: { dynamicImporters: [router], code: 'import { LogIn } from "lucide-react";' },
  [stats]: { dynamicImporters: [router], code: 'import { Users } from "lucide-react";' },
};

describe('sharedChunkName', () => {
  it('leaves what the entry loads, and what one page alone uses, to the bundler', () => {
    const ctx = context({
      ...pages,
      [file('src/lib/format.ts')]: { importers: [router, home] },
      [file('src/features/home/components/hero.tsx')]: { importers: [home] },
    });
    const name = sharedChunkName(root);
    expect(name(file('src/lib/format.ts'), ctx)).toBeNull();
    expect(name(file('src/features/home/components/hero.tsx'), ctx)).toBeNull();
  });

  it('groups what pages share: with the home page and the checkout, with one of them, else together', () => {
    const ctx = context({
      ...pages,
      [file('src/lib/format.ts')]: { importers: [home, donate, stats] },
      [file('src/components/skeleton.tsx')]: { importers: [home, stats] },
      [file('src/components/form-fields.tsx')]: { importers: [donate, login] },
      [file('src/components/modal.tsx')]: { importers: [login, stats] },
      // Shared through another shared module.
      [file('src/lib/focus-trap.ts')]: { importers: [file('src/components/modal.tsx')] },
    });
    const name = sharedChunkName(root);
    expect(name(file('src/lib/format.ts'), ctx)).toBe('shared-public');
    expect(name(file('src/components/skeleton.tsx'), ctx)).toBe('shared-home');
    expect(name(file('src/components/form-fields.tsx'), ctx)).toBe('shared-donate');
    expect(name(file('src/components/modal.tsx'), ctx)).toBe('shared');
    expect(name(file('src/lib/focus-trap.ts'), ctx)).toBe('shared');
  });

  it("counts an icon as used by the modules that import it by name, not by every importer of lucide-react's index", () => {
    const index = lucide('lucide-react.mjs');
    const iconIndex = lucide('icons/index.mjs');
    const ctx = context({
      ...pages,
      [index]: {
        importers: [main, home, donate, login, stats],
        code: [
          "export { default as Heart, default as HeartIcon } from './icons/heart.mjs';",
          "export { default as Users, default as UsersIcon } from './icons/users.mjs';",
          "export { default as LogIn } from './icons/log-in.mjs';",
        ].join('\n'),
      },
      [iconIndex]: { importers: [index] },
      [lucide('icons/heart.mjs')]: { importers: [iconIndex, index] },
      [lucide('icons/users.mjs')]: { importers: [iconIndex, index] },
      [lucide('icons/log-in.mjs')]: { importers: [iconIndex, index] },
    });
    const name = sharedChunkName(root);
    expect(name(lucide('icons/heart.mjs'), ctx)).toBe('shared-public');
    expect(name(lucide('icons/users.mjs'), ctx)).toBe('shared-home');
    // One page alone: its own chunk.
    expect(name(lucide('icons/log-in.mjs'), ctx)).toBeNull();
  });
});
