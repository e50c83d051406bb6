import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy route modules load through Vite's transform; on a busy 2-core CI machine (API tests run in
// parallel forks) the first load can take longer than Testing Library's default 1 s, and at a load of
// 5 or more it took over 5 s (all four tests of admin-reports-donors.test.tsx failed so in one CI run,
// and pass alone in 1 s). A wait that fails still fails; it only fails later.
configure({ asyncUtilTimeout: 10_000 });

// Every page, layout and lazy component is loaded once per worker before the file's first test, so a
// screen test's wait counts rendering, not compiling: the route table loads pages as lazy chunks, each
// compiled through Vite on first use, which on a busy two-core CI machine outlasted a test's 20 s wait
// (the workers share one module graph, decision 0060, so later files find them loaded). The entry
// (main.tsx) mounts the app and the prerendering entry runs on the server: neither is a screen.
if (typeof window !== 'undefined') {
  const modules = import.meta.glob(['../**/*.tsx', '!../**/*.test.tsx', '!../main.tsx', '!../prerender.tsx']);
  await Promise.all(Object.values(modules).map((load) => load()));
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup. Each test also
// starts a fresh browser tab: what a screen kept in sessionStorage (a draft) stays within its test.
// A test file with `@vitest-environment node` (prerender.test.tsx) has no window at all, as on the
// server that prerenders pages: nothing of the browser's to clear or stub there.
const browser = typeof window !== 'undefined';

afterEach(() => {
  cleanup();
  if (browser) sessionStorage.clear();
});

// Preact runs effects after paint: requestAnimationFrame raced by a 100 ms timer, whose callback calls
// cancelAnimationFrame. A file that ends within those 100 ms would tear jsdom down first, and the timer
// would then fire into a window that is gone ("cancelAnimationFrame is not defined"). Let it fire.
afterAll(async () => {
  if (browser) await new Promise((resolve) => setTimeout(resolve, 150));
});

// jsdom has no matchMedia; the toaster asks it for prefers-reduced-motion. Nothing matches.
if (browser) window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
