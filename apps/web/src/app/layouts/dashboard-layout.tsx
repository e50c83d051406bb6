// The signed-in area's frame (docs/product.md#screens-and-routes): the navigation of the user's role across the top,
// a side drawer below the xl breakpoint (phones, tablets and laptops up to 1279 px: the ADMIN's entries need that
// room), and Salir, which logs out and goes to /login. The organisation's name is never cut: next to a crowded
// navigation (the ADMIN's eleven entries) the header shows the logo alone, the name staying in the link's label.
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LogOut, Menu, X } from 'lucide-react';
import { appMessages, navMessages, shellMessages } from '@donaciones/shared/messages/shell';
import { isStaff } from '@donaciones/shared/roles';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Logo } from '@/components/logo';
import { TryTwoStepBanner } from '@/features/auth/components/try-two-step-banner';
import { hasSponsorships, useMySponsorships } from '@/features/sponsorship/api/sponsorship';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { roleLabel } from '@/lib/roles';
import { useSession } from '@/lib/session';
import { copyrightYear, useSiteInfo } from '@/lib/site';
import { useFocusTrap, useScrollLock } from '@/lib/use-focus-trap';
import { dashboardRole, navigationFor, startPathFor, type NavItem } from '../navigation';
import { SkipLink } from './skip-link';

/** The navigation of these roles; a plain account's gets "Mi ahijado/a" once it holds or had a sponsorship (a DONOR's always has it). */
function useNavigation(roles: readonly string[]): NavItem[] {
  const mine = useMySponsorships({ enabled: dashboardRole(roles) === 'USER' });
  return navigationFor(roles, { sponsor: hasSponsorships(mine.data) });
}

export default function DashboardLayout() {
  const session = useSession();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const location = useLocation();
  const brand = site.name ?? shellMessages.brandFallback;
  const items = useNavigation(session.roles);
  // More than four entries (the ADMIN's seven, the DONOR's six) fit inline next to the full name only as text,
  // without the email block (measured at 1280 px); the USER's four keep their icons and the email.
  const dense = items.length > 4;
  // More than eight inline entries leave no room for the name at 1280 px (it was cut to its first letter).
  const crowded = items.length > 8;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setDrawerOpen(false);
  }

  const logout = useCallback(async () => {
    setLoggingOut(true);
    // To /login first, remembering no page: once the session is forgotten, a staff screen still shown
    // would send /login itself as the origin to return to, and the next person to sign in on this
    // screen (a shared office computer) would land on it, whatever the server's answer to the sign-out.
    await navigate(paths.login, { replace: true });
    await session.logout();
  }, [session, navigate]);

  const roleBadge = (
    <Badge tone={session.role === 'ADMIN' ? 'accent' : 'brand'}>{roleLabel(session.roles[0] ?? 'USER')}</Badge>
  );

  return (
    <div className="flex min-h-dvh flex-col bg-sand-50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-sand-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <button
            type="button"
            className="-ml-1 inline-flex size-10 items-center justify-center rounded-full text-ink-800 hover:bg-sand-100 xl:hidden"
            aria-label={navMessages.openMenu}
            aria-expanded={drawerOpen}
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
          <Link to={paths.home} className="min-w-0 rounded-xl" aria-label={`${brand}: ${navMessages.home}`}>
            <Logo name={brand} responsive textClassName={crowded ? 'xl:sr-only' : undefined} />
          </Link>

          <nav aria-label={shellMessages.dashboardNav} className={cn('hidden shrink-0 xl:block', dense ? 'ml-3' : 'ml-6')}>
            <NavList items={items} orientation="horizontal" dense={dense} />
          </nav>

          <div className="ml-auto flex items-center gap-3">
            {/* Next to the dense navigation (xl and up) there is no room left for the email and role; below xl the drawer shows them too. */}
            <div className={cn('hidden min-w-0 flex-col items-end leading-tight md:flex', dense && 'xl:hidden')}>
              <span className="sr-only">{shellMessages.signedInAs}</span>
              <span className="max-w-56 truncate text-sm font-semibold text-ink-800">{session.user?.email}</span>
              <span className="mt-0.5">{roleBadge}</span>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={logout}
              loading={loggingOut}
              loadingText={shellMessages.loggingOut}
              icon={<LogOut aria-hidden="true" className="size-4" />}
            >
              {navMessages.logout}
            </Button>
          </div>
        </div>
      </header>

      <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} brand={brand} items={items} email={session.user?.email} roleBadge={roleBadge} onLogout={logout} />

      <main id="contenido" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8">
        {/* The invitation to try two-step sign-in is shown on the person's starting screen, whichever it is. */}
        {location.pathname === startPathFor(session.roles) && <TryTwoStepBanner staff={isStaff(session.roles)} />}
        <Outlet />
      </main>
      <footer className="border-t border-sand-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-xs text-ink-500 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>{appMessages.copyright(copyrightYear(), brand)}</p>
          <p>{appMessages.versionLabel}</p>
        </div>
      </footer>
    </div>
  );
}

function NavList({ items, orientation, dense = false }: { items: NavItem[]; orientation: 'horizontal' | 'vertical'; dense?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ul className={cn('flex', orientation === 'horizontal' ? cn('items-center', dense ? 'gap-0.5' : 'gap-1') : 'flex-col gap-1')}>
      {items.map(({ label, to, icon: Icon, end, alsoActiveOn }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-2 rounded-full font-semibold transition-colors',
                orientation === 'horizontal' ? cn('py-2 text-sm', dense ? 'px-2.5' : 'px-3') : 'rounded-xl px-4 py-3 text-[0.95rem]',
                isActive || alsoActiveOn?.includes(pathname) ? 'bg-brand-50 text-brand-800' : 'text-ink-700 hover:bg-sand-100 hover:text-ink-900',
              )
            }
          >
            <Icon aria-hidden="true" className={cn('size-4 shrink-0', dense && 'hidden')} />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  brand: string;
  items: NavItem[];
  email?: string;
  roleBadge: ReactNode;
  onLogout: () => void;
}

function MobileDrawer({ open, onClose, brand, items, email, roleBadge, onLogout }: MobileDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(panelRef, open, { onEscape: onClose });
  useScrollLock(open);
  if (!open) return null;

  return (
    <div className="fixed inset-0 z-40 xl:hidden">
      <div className="absolute inset-0 animate-fade-in bg-ink-900/45" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="absolute inset-y-0 left-0 flex w-[min(20rem,85vw)] animate-slide-in-left flex-col bg-white shadow-2xl outline-none"
      >
        <div className="flex items-center justify-between gap-3 border-b border-sand-200 px-4 py-3">
          <Logo name={brand} responsive wrap />
          <h2 id={titleId} className="sr-only">
            {shellMessages.menu}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={navMessages.closeMenu}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <nav aria-label={shellMessages.dashboardNav} className="flex-1 overflow-y-auto px-3 py-4">
          <NavList items={items} orientation="vertical" />
        </nav>
        <div className="border-t border-sand-200 px-4 py-4">
          <p className="truncate text-sm font-semibold text-ink-800">{email}</p>
          <div className="mt-1">{roleBadge}</div>
          <Button variant="outline" className="mt-4 w-full" onClick={onLogout} icon={<LogOut aria-hidden="true" className="size-4" />}>
            {navMessages.logout}
          </Button>
        </div>
      </div>
    </div>
  );
}
