// The addresses a visitor may open first, and the source file of each lazy chunk the router loads
// for it (its layout's, then its page's). The build (build/landing-preloads.ts) turns each list into
// `<link rel="modulepreload">` tags that the server adds to index.html for that address
// (apps/api/src/http/web-app.ts), so the browser fetches the page's code together with the entry
// instead of after it: one round trip less before the first paint (docs/performance.md, "Web first
// load"). router.test.tsx checks that each file is the one the router loads for its address.
// Only plain imports here: vite.config.ts reads this file too.
import { paths } from '../lib/paths.ts';

const publicPage = (file: string) => [`src/features/${file}.tsx`];
const authPage = (file: string) => ['src/app/layouts/auth-layout.tsx', `src/features/auth/routes/${file}.tsx`];

export const landingPages: Record<string, readonly string[]> = {
  [paths.home]: publicPage('home/routes/home'),
  [paths.donate]: publicPage('donate/routes/donate'),
  [paths.donations]: publicPage('donations/routes/donations-list'),
  [paths.donateResult]: publicPage('donate/routes/donate-result'),
  [paths.stats]: publicPage('donations/routes/stats'),
  [paths.terms]: publicPage('legal/routes/terms'),
  [paths.privacy]: publicPage('legal/routes/privacy'),
  [paths.manageMonthlyGift]: publicPage('member/routes/manage-monthly-gift'),
  [paths.depositSlip]: publicPage('donate/routes/deposit-slip'),
  [paths.login]: authPage('login'),
  [paths.register]: authPage('register'),
  [paths.forgotPassword]: authPage('forgot-password'),
  [paths.resetPassword]: authPage('reset-password'),
  [paths.verifyEmail]: authPage('verify-email'),
};

/**
 * The landing pages whose first screen the build also renders ahead of time (src/prerender.tsx): as
 * a visitor who is not signed in sees it before any data has arrived. The server sends that markup,
 * inert, with the page (without a query string), so the browser paints it as soon as the HTML and
 * the CSS are in; the app replaces it when it starts (main.tsx). Pages whose first screen depends
 * on a link's token or the payment's reference are not among them.
 */
export const prerenderedPages: readonly string[] = [paths.home, paths.donate, paths.donations, paths.terms, paths.privacy, paths.login, paths.register];

/**
 * The pages of the emails' signed links, whose address always carries a token: the build renders
 * their frame and loading state (the page at a placeholder token, so its query is pending) under the
 * address followed by `?` in prerendered.json, and the server sends it whatever the query string, as
 * long as nobody is signed in. Which gift or deposit the token opens is known only once the app has
 * asked the API; until then the donor sees the page's frame and its skeleton instead of a blank page.
 */
export const prerenderedShells: readonly string[] = [paths.manageMonthlyGift, paths.depositSlip];

/** The placeholder token of a shell's render: never a valid link, only a non-empty one. */
export const SHELL_PLACEHOLDER_QUERY = '?token=enlace';
