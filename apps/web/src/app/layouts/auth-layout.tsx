// The authentication frame (docs/product.md#screens-and-routes): a centred card with the logo, a title and a subtitle.
// Each auth route gives its title in `handle.auth`; a page can change it (e.g. 'Cuenta creada')
// with useAuthHeading from components/auth-heading.
import { useMemo, useState } from 'react';
import { Link, Outlet, useMatches } from 'react-router';
import { authMessages } from '@donaciones/shared/messages/auth';
import { navMessages, shellMessages } from '@donaciones/shared/messages/shell';
import { AuthHeadingContext, type AuthHeading } from '@/components/auth-heading';
import { LogoMark } from '@/components/logo';
import { paths } from '@/lib/paths';
import { useSiteInfo } from '@/lib/site';
import { SkipLink } from './skip-link';

/** A text of the auth messages, named by its key (the router gives keys so the entry needs no texts). */
export type AuthTextKey = { [K in keyof typeof authMessages]: (typeof authMessages)[K] extends string ? K : never }[keyof typeof authMessages];

export interface AuthRouteHandle {
  auth?: { title: AuthTextKey; subtitle?: AuthTextKey };
}

function headingOf(keys: AuthRouteHandle['auth'] | undefined): AuthHeading | null {
  if (!keys) return null;
  return { title: authMessages[keys.title], subtitle: keys.subtitle ? authMessages[keys.subtitle] : undefined };
}

export default function AuthLayout() {
  const matches = useMatches();
  const site = useSiteInfo();
  const brand = site.name ?? shellMessages.brandFallback;
  const fromRoute = headingOf([...matches].reverse().map((m) => (m.handle as AuthRouteHandle | undefined)?.auth).find(Boolean));
  const [override, setOverride] = useState<{ path: string; heading: AuthHeading } | null>(null);
  const currentPath = matches[matches.length - 1]?.pathname ?? '';
  const heading = override && override.path === currentPath ? override.heading : fromRoute;
  const setHeading = useMemo(() => (h: AuthHeading | null) => setOverride(h ? { path: currentPath, heading: h } : null), [currentPath]);

  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden bg-gradient-to-b from-brand-50 via-sand-50 to-accent-50/60 px-4 py-8 sm:justify-center sm:py-12">
      <SkipLink />
      <Decoration />
      <main id="contenido" tabIndex={-1} className="relative w-full max-w-md outline-none">
        <div className="rounded-[1.75rem] border border-sand-200 bg-white px-6 py-8 shadow-lift sm:px-10 sm:py-10">
          <div className="flex flex-col items-center text-center">
            <Link to={paths.home} className="rounded-2xl" aria-label={`${brand}: ${navMessages.home}`}>
              <LogoMark className="size-14" />
            </Link>
            <p className="mt-3 text-sm font-semibold text-brand-700">{brand}</p>
            {heading?.title && <h1 className="mt-4 text-2xl font-semibold sm:text-[1.7rem]">{heading.title}</h1>}
            {heading?.subtitle && <p className="mt-2 text-[0.95rem] text-ink-600">{heading.subtitle}</p>}
          </div>
          <div className="mt-7">
            <AuthHeadingContext value={setHeading}>
              <Outlet />
            </AuthHeadingContext>
          </div>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.home} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {shellMessages.backToSite}
          </Link>
        </p>
      </main>
    </div>
  );
}

function Decoration() {
  return (
    <svg aria-hidden="true" className="pointer-events-none absolute inset-0 size-full" preserveAspectRatio="xMidYMid slice" viewBox="0 0 800 800">
      <circle cx="80" cy="120" r="180" fill="#d5eeec" opacity="0.55" />
      <circle cx="760" cy="700" r="220" fill="#ffecd3" opacity="0.7" />
      <path d="M640 90c30-40 95-30 100 25 4 45-52 80-100 115-48-35-104-70-100-115 5-55 70-65 100-25z" fill="#fdd5a6" opacity="0.55" />
      <path d="M120 640c20-27 63-20 67 17 3 30-35 53-67 77-32-24-70-47-67-77 4-37 47-44 67-17z" fill="#acdcd8" opacity="0.5" />
    </svg>
  );
}
