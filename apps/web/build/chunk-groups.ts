// How the build splits the code that lazy pages share (output.codeSplitting in vite.config.ts).
// Left to itself the bundler makes one chunk per distinct set of pages sharing a module: the home
// page needed 18 files and the checkout 40, most under 1 KB, and on a slow phone connection each
// request costs a round trip (a browser opens at most 6 at a time). Here every module that two or
// more pages share, and that the entry does not load already, goes to one of five chunks:
//   - `shared-public`: what the home page and the checkout both use (each needs all of it);
//   - `shared-home`: what the home page shares with other pages, but not with the checkout;
//   - `shared-donate`: what the checkout shares with other pages, but not with the home page;
//   - `shared-donate-details`: what the checkout's step 2, loaded when the donor leaves step 1, shares
//     with other pages (the bank accounts and deposit texts), so that step does not wait for `shared`;
//   - `shared`: what the other pages share.
// A module is never copied into two chunks (a React context created twice would break), and the
// first load of `/` and `/donate` fetches nothing it does not run.
// Icons come through lucide-react's index, which the entry imports; an icon counts as used by the
// modules that name it in their `import { … } from 'lucide-react'`, not by every importer of the index.
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

const HOME = 'src/features/home/routes/home.tsx';
const DONATE = 'src/features/donate/routes/donate.tsx';
const DONATE_DETAILS = 'src/features/donate/components/details-step.tsx';
const LUCIDE_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
/** The package's two lists of every icon: its main index and `icons/index.mjs`. */
const LUCIDE_INDEXES = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](lucide-react|icons[\\/]index)\.mjs$/;
const ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

/** `export { default as Utensils, default as ForkKnife } from './icons/utensils.mjs';` -> utensils.mjs: [Utensils, ForkKnife] */
function exportsByFile(code: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const [, names, file] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']\.\/icons\/([^"']+)["']/g)) {
    byFile.set(file, [...names.matchAll(/as\s+(\w+)/g)].map((m) => m[1]));
  }
  return byFile;
}

export function sharedChunkName(root: string) {
  const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
  /** Per module: the lazily loaded modules (pages, layouts) that reach it by static imports; null when the entry does. */
  const memo = new Map<string, Set<string> | null>();
  /** Per icon file of lucide-react's index: the names it is exported under. */
  let iconNames: Map<string, string[]> | null = null;

  function importersOf(id: string, ctx: ChunkingContext): string[] {
    const info = ctx.getModuleInfo(id)!;
    const index = info.importers.find((i) => LUCIDE_INDEX.test(i));
    if (!index || !ICON.test(id)) return info.importers;
    iconNames ??= exportsByFile(ctx.getModuleInfo(index)?.code ?? '');
    const names = iconNames.get(path.basename(id)) ?? [];
    const users = ctx.getModuleInfo(index)!.importers.filter((user) => {
      const imports = [...(ctx.getModuleInfo(user)?.code ?? '').matchAll(LUCIDE_IMPORT)].map((m) => m[1]).join(',');
      return names.some((name) => new RegExp(`\\b${name}\\b`).test(imports));
    });
    // Unknown names: count the index's importers, as for any other module.
    return [...info.importers.filter((i) => !LUCIDE_INDEXES.test(i)), ...(names.length ? users : [index])];
  }

  function roots(id: string, ctx: ChunkingContext, visiting: Set<string>): Set<string> | null {
    const known = memo.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return new Set();
    const info = ctx.getModuleInfo(id);
    if (!info) return new Set();
    if (info.isEntry) return null;
    visiting.add(id);
    const found = new Set<string>();
    if (info.dynamicImporters.length > 0) found.add(id);
    let fromEntry = false;
    for (const importer of importersOf(id, ctx)) {
      const above = roots(importer, ctx, visiting);
      if (above === null) fromEntry = true;
      else for (const r of above) found.add(r);
    }
    visiting.delete(id);
    const result = fromEntry ? null : found;
    memo.set(id, result);
    return result;
  }

  return (id: string, ctx: ChunkingContext): string | null => {
    const pages = roots(id, ctx, new Set());
    if (pages === null || pages.size < 2) return null;
    const names = new Set([...pages].map(relative));
    if (names.has(HOME) && names.has(DONATE)) return 'shared-public';
    if (names.has(HOME)) return 'shared-home';
    if (names.has(DONATE)) return 'shared-donate';
    if (names.has(DONATE_DETAILS)) return 'shared-donate-details';
    return 'shared';
  };
}
