// The build's server-side entry (scripts/prerender.mjs): renders a page of the app to HTML as a
// visitor who is not signed in sees it before any data has arrived (queries pending, so skeletons),
// with the same route table, layouts and components as the browser.
// react-dom/server is preact/compat/server here (vite.config.ts), that is preact-render-to-string.
import { renderToString } from 'react-dom/server';
import { options } from 'preact';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { prerenderWithMarks } from '@/lib/site';

export { prerenderedPages, prerenderedShells, SHELL_PLACEHOLDER_QUERY } from '@/app/landing-pages';

// preact/compat's `use(Context)` (lib/session.tsx, components/auth-heading.tsx) reads the providers
// from the rendering component's `_globalContext`, which Preact 11's own renderer sets and
// preact-render-to-string 6 does not: its components carry the same providers as `context`. Copied
// over before each component renders (`_render`), as Preact's diff does. The names are Preact's
// mangled ones (`__r` _render, `__c` _component, `__n` _globalContext), which preact-render-to-string
// itself uses. src/prerender.test.tsx fails if this stops working.
interface RenderedVNode {
  type: unknown;
  __c?: { context?: unknown; __n?: unknown } | null;
}
const hooks = options as unknown as { __r?: (vnode: RenderedVNode) => void };
const previousRender = hooks.__r;
hooks.__r = (vnode) => {
  const component = vnode.__c;
  if (component && component.__n === undefined && typeof vnode.type === 'function' && !('contextType' in vnode.type && vnode.type.contextType)) {
    component.__n = component.context;
  }
  previousRender?.(vnode);
};

export async function render(address: string): Promise<string> {
  const handler = createStaticHandler(routes);
  // The route's lazy page module is loaded here, as the browser's router would.
  const context = await handler.query(new Request(new URL(address, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${address}: the router answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The organisation's name and the year are the server's to fill in (PRERENDERED_NAME_MARK, PRERENDERED_YEAR_MARK), not the neutral brand and the build's year.
  prerenderWithMarks(true);
  try {
    return renderToString(
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    );
  } finally {
    prerenderWithMarks(false);
  }
}
