import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { paths } from '@/lib/paths';
import { publicSiteQueryOptions } from '@/lib/public-site';
import { createQueryClient } from '@/lib/query-client';
import type { FromState } from '@/lib/auth-redirect';
import '@fontsource-variable/nunito-sans';
import '@fontsource-variable/fraunces';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders onSessionExpired={goToLogin} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
