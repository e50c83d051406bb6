// The public site's frame (docs/product.md#screens-and-routes): top bar with Inicio, Donaciones, Donar (and Estadísticas
// when signed in), the Login button or the signed-in email, role badge and Dashboard button;
// a footer with the copyright and version 1.0.0.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { CircleAlert, Heart, LayoutDashboard, LogIn, Mail, Menu, RotateCcw, TriangleAlert, X } from 'lucide-react';
import { appMessages, navMessages, shellMessages } from '@donaciones/shared/messages/shell';
import { Badge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { Logo } from '@/components/logo';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { roleLabel } from '@/lib/roles';
import { useSession, type Session } from '@/lib/session';
import { mailtoHref } from '@/lib/public-site';
import { copyrightYear, useSiteInfoState, type SiteInfo } from '@/lib/site';
import { SkipLink } from './skip-link';

interface PublicLink {
  label: string;
  to: string;
  end?: boolean;
}

export function publicLinks(isAuthenticated: boolean): PublicLink[] {
  const links: PublicLink[] = [
    { label: navMessages.home, to: paths.home, end: true },
    { label: navMessages.donations, to: paths.donations },
    { label: navMessages.donate, to: paths.donate },
    { label: navMessages.sponsorPublic, to: paths.apadrina },
  ];
  if (isAuthenticated) links.push({ label: navMessages.stats, to: paths.stats });
  return links;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3.5 py-2 text-[0.95rem] font-semibold transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-700 hover:bg-sand-100 hover:text-ink-900',
  );

type SiteState = ReturnType<typeof useSiteInfoState>;

/** The phone menu's state: open or closed; a followed link or Escape closes it (Escape gives focus back to its toggle). */
function usePhoneMenu() {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A followed link closes the phone menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return { menuOpen, setMenuOpen, menuId, toggleRef };
}

export default function PublicLayout() {
  const session = useSession();
  const site = useSiteInfoState();
  const location = useLocation();
  const { menuOpen, setMenuOpen, menuId, toggleRef } = usePhoneMenu();
  const brand = site.name ?? shellMessages.brandFallback;
  const links = publicLinks(session.isAuthenticated);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {site.maintenance && (
        <div role="status" className="flex items-center justify-center gap-2 bg-accent-100 px-4 py-2 text-center text-sm font-semibold text-accent-900">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          {appMessages.maintenanceBanner}
        </div>
      )}
      <header className="sticky top-0 z-30 border-b border-sand-200/80 bg-sand-50/90 backdrop-blur supports-[backdrop-filter]:bg-sand-50/75">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:h-18 lg:px-8">
          <Link to={paths.home} className="mr-auto min-w-0 rounded-xl" aria-label={`${brand}: ${navMessages.home}`}>
            <Logo name={brand} tagline={shellMessages.brandTagline} responsive textClassName={session.isAuthenticated ? 'lg:max-xl:sr-only' : undefined} />
          </Link>

          <nav aria-label={shellMessages.mainNav} className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="flex items-center gap-2 lg:ml-4">
            <SessionActions session={session} />
            <button
              ref={toggleRef}
              type="button"
              className="inline-flex size-10 items-center justify-center rounded-full text-ink-800 hover:bg-sand-100 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? navMessages.closeMenu : navMessages.openMenu}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
            </button>
          </div>
        </div>

        <PhoneMenu id={menuId} open={menuOpen} links={links} session={session} />
      </header>

      {/* The home page says it in its hero, with its own retry. */}
      {site.failed && location.pathname !== paths.home && <SiteLoadError site={site} />}

      <main id="contenido" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>

      <PublicFooter brand={brand} site={site} links={links} />
    </div>
  );
}

/** The top bar's account corner: the signed-in email and role badge (from lg up) and the Dashboard button, or the Login button. */
function SessionActions({ session }: { session: Session }) {
  return session.isAuthenticated && session.user ? (
    <>
      <div className="hidden min-w-0 flex-col items-end leading-tight lg:flex">
        <span className="sr-only">{shellMessages.signedInAs}</span>
        <span className="max-w-52 truncate text-sm font-semibold text-ink-800" data-testid="session-email">
          {session.user.email}
        </span>
        <Badge tone={session.role === 'ADMIN' ? 'accent' : 'brand'} className="mt-0.5">
          {roleLabel(session.roles[0] ?? 'USER')}
        </Badge>
      </div>
      <ButtonLink
        to={paths.dashboard}
        size="sm"
        aria-label={navMessages.dashboard}
        className="max-sm:w-10 max-sm:px-0"
        icon={<LayoutDashboard aria-hidden="true" className="size-4" />}
      >
        <span className="max-sm:sr-only">{navMessages.dashboard}</span>
      </ButtonLink>
    </>
  ) : (
    <ButtonLink
      to={paths.login}
      size="sm"
      variant="primary"
      aria-label={navMessages.login}
      className="max-sm:w-10 max-sm:px-0"
      icon={<LogIn aria-hidden="true" className="size-4" />}
    >
      <span className="max-sm:sr-only">{navMessages.login}</span>
    </ButtonLink>
  );
}

/** The phone menu below the top bar: the public links, then the signed-in email and Dashboard, or Login. */
function PhoneMenu({ id, open, links, session }: { id: string; open: boolean; links: PublicLink[]; session: Session }) {
  return (
  <div id={id} hidden={!open} className="border-t border-sand-200 bg-sand-50 lg:hidden">
    <nav aria-label={shellMessages.mainNav} className="mx-auto max-w-7xl px-4 py-3">
      <ul className="flex flex-col gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={({ isActive }) => cn(linkClass({ isActive }), 'block rounded-xl px-4 py-3')}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {session.isAuthenticated && session.user ? (
        <div className="mt-3 rounded-xl bg-white px-4 py-3 ring-1 ring-sand-200">
          <div className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate text-sm font-semibold text-ink-800">{session.user.email}</span>
            <Badge tone={session.role === 'ADMIN' ? 'accent' : 'brand'}>{roleLabel(session.roles[0] ?? 'USER')}</Badge>
          </div>
          <ButtonLink to={paths.dashboard} className="mt-3 w-full" icon={<LayoutDashboard aria-hidden="true" className="size-4" />}>
            {navMessages.dashboard}
          </ButtonLink>
        </div>
      ) : (
        <ButtonLink to={paths.login} className="mt-3 w-full" icon={<LogIn aria-hidden="true" className="size-4" />}>
          {navMessages.login}
        </ButtonLink>
      )}
    </nav>
  </div>
  );
}

/** The banner under the top bar when the site's settings could not be loaded, with a retry. */
function SiteLoadError({ site }: { site: SiteState }) {
  return (
    <div role="status" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900" data-testid="site-load-error">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center">
        <span className="inline-flex items-center gap-1.5 font-semibold">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {shellMessages.siteLoadFailed}
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={site.retry}
          loading={site.retrying}
          aria-label={shellMessages.siteRetryLabel}
          icon={<RotateCcw aria-hidden="true" className="size-4" />}
        >
          {appMessages.retry}
        </Button>
      </div>
    </div>
  );
}

/** The footer: the organisation with a Donar button, the public and legal links, copyright, support contact and version. */
function PublicFooter({ brand, site, links }: { brand: string; site: SiteInfo; links: PublicLink[] }) {
  return (
  <footer className="mt-16 bg-brand-900 text-brand-50">
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr] lg:px-8">
      <div className="max-w-sm">
        <Logo name={brand} tagline={shellMessages.brandTagline} inverted />
        <p className="mt-4 text-sm leading-relaxed text-brand-100">{shellMessages.footerAbout}</p>
        <ButtonLink to={paths.donate} variant="accent" size="sm" className="mt-5" icon={<Heart aria-hidden="true" className="size-4" />}>
          {navMessages.donate}
        </ButtonLink>
      </div>
      <nav aria-label={shellMessages.footerExplore}>
        <h2 className="font-sans text-sm font-bold tracking-wide text-white uppercase">{shellMessages.footerExplore}</h2>
        <ul className="mt-3 space-y-2 text-sm">
          {links.map((link) => (
            <li key={link.to}>
              <Link className="text-brand-100 underline-offset-4 hover:text-white hover:underline" to={link.to}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={shellMessages.footerLegal}>
        <h2 className="font-sans text-sm font-bold tracking-wide text-white uppercase">{shellMessages.footerLegal}</h2>
        <ul className="mt-3 space-y-2 text-sm">
          <li>
            <Link className="text-brand-100 underline-offset-4 hover:text-white hover:underline" to={paths.terms}>
              {shellMessages.terms}
            </Link>
          </li>
          <li>
            <Link className="text-brand-100 underline-offset-4 hover:text-white hover:underline" to={paths.privacy}>
              {shellMessages.privacy}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
    <div className="border-t border-white/10">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-5 text-xs text-brand-100 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>{appMessages.copyright(copyrightYear(), brand)}</p>
        {/* The organisation donors know, by its settings' name; the system's name ("Plataforma de Donaciones") is staff's. */}
        {site.name && site.contactEmail && (
          <p data-testid="support-contact" className="inline-flex flex-wrap items-center gap-1.5">
            <Mail aria-hidden="true" className="size-3.5 shrink-0" />
            {shellMessages.support(site.name)}
            <a className="font-semibold text-white underline-offset-4 hover:underline [overflow-wrap:anywhere]" href={mailtoHref(site.contactEmail)}>
              {site.contactEmail}
            </a>
          </p>
        )}
        <p data-testid="app-version">{appMessages.versionLabel}</p>
      </div>
    </div>
  </footer>
  );
}
