import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { sharedChunkName } from './build/chunk-groups.ts';
import { fontPreloads } from './build/font-preloads.ts';
import { landingPreloads } from './build/landing-preloads.ts';

// The app is written against React's API and runs on Preact 11 through preact/compat
// (docs/decisions/0017-preact-compat-evaluated.md): every import of React, ours and the libraries',
// resolves to Preact. Exact matches, so that each subpath maps to its own counterpart.
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // preact-render-to-string, for the build's prerendered pages (src/prerender.tsx).
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// The browser build, and the server build of src/prerender.tsx (scripts/prerender.mjs, `isSsrBuild`):
// only the browser's has landing-page and font preloads and chunk groups.
export default defineConfig(({ isSsrBuild }) => ({
  // React Fast Refresh patches React's renderer, which is not there: with it, an edited component
  // would be taken as hot-updated and go on showing its old version. Off, so that an edit reloads the
  // page in `npm run dev` (the plugin still compiles JSX for the aliases above).
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), ...(isSsrBuild ? [] : [landingPreloads(), fontPreloads()])],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...preactAliases],
    // One copy of Preact (and so one hooks state) for the app and every library.
    dedupe: ['preact'],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: sharedChunkName(fileURLToPath(new URL('.', import.meta.url))), includeDependenciesRecursively: false }],
            },
          },
        },
  },
}));
