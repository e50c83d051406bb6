import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { paths } from '@/lib/paths';
import { publicSiteQueryOptions } from '@/lib/public-site';
import { createQueryClient } from '@/lib/query-client';
import type { FromState } from '@/lib/auth-redirect';
import './styles/fonts.css';
import './styles/index.css';

const router = createAppRouter();
// Every layout shows the organisation of /public/site, and the home page its figures: ask for it now,
// while the page's lazy chunk is still on its way, instead of after it (one round trip less before
// the first meaningful paint on a slow network; docs/performance.md, "Web first load").
const queryClient = createQueryClient();
void queryClient.prefetchQuery(publicSiteQueryOptions());

// A 401 that a refresh could not cure: back to /login, remembering where the user was.
function goToLogin() {
  const { pathname, search, hash } = router.state.location;
  if (pathname === paths.login) return;
  const state: FromState = { from: { pathname, search, hash } };
  void router.navigate(paths.login, { replace: true, state });
}

// The page's first screen as the server prerendered it (apps/api/src/http/web-app.ts), inert,
// shown until the app has rendered the same page (docs/decisions/0027-prerendered-first-screen.md).
const prerendered = document.getElementById('prerendered');

/** Removes the prerendered screen in the commit of the app's first render, so the two never show together. */
function RemovePrerendered({ element }: { element: HTMLElement }) {
  useLayoutEffect(() => element.remove(), [element]);
  return null;
}

function start() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {prerendered && <RemovePrerendered element={prerendered} />}
      <AppProviders onSessionExpired={goToLogin} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Over a prerendered screen, the first render waits for the router to have loaded the page's lazy
// route, so that it shows the page and not the router's fallback spinner in its place.
if (prerendered && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    start();
  });
} else {
  start();
}
