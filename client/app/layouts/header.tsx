// Site header of spec §2: utility bar, logo, search, account controls, main links and the pre-approval button.
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '@/components/link';
import { BadgeCheck, Clock, MapPin, Phone } from 'lucide-react';
import { DEALERSHIP } from '@domain/settings';
import { useAuth } from '@/lib/auth';
import { formatClock } from '@/lib/format';
import { authLinkFrom } from '@/lib/safe-redirect';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Logo } from '@/components/logo';
import { MAIN_NAV } from './nav-items';
import { HeaderSearch } from './header-search';
import { ThemeToggle } from './theme-toggle';
import { MobileMenu } from './mobile-menu';
import { lazyComponent } from '@/lib/lazy-component';

const AccountControls = lazyComponent('app/layouts/account-controls', () => import('./account-controls'));

const hoursSummary = DEALERSHIP.hours.map((h) => `${h.days} ${formatClock(h.opens)}–${formatClock(h.closes)}`).join(' · ');

function UtilityBar() {
  return (
    <div className="bg-brand text-brand-foreground">
      <div className="mx-auto flex h-9 max-w-7xl items-center justify-between gap-4 px-4 text-xs sm:text-sm">
        <p className="flex min-w-0 items-center gap-1.5">
          <MapPin className="size-4 shrink-0 text-accent" aria-hidden />
          <span className="truncate">{DEALERSHIP.addresses.map((a) => a.city).join(' & ')}, Alberta</span>
        </p>
        <p className="hidden min-w-0 items-center gap-1.5 lg:flex">
          <Clock className="size-4 shrink-0 text-accent" aria-hidden />
          <span className="truncate">{hoursSummary}</span>
        </p>
        <a href={DEALERSHIP.phoneHref} className="flex shrink-0 items-center gap-1.5 font-semibold hover:underline">
          <Phone className="size-4 text-accent" aria-hidden />
          {DEALERSHIP.phone}
        </a>
      </div>
    </div>
  );
}

function AccountArea() {
  const { user, status } = useAuth();
  const location = useLocation();
  const placeholder = <Skeleton className="h-10 w-24 rounded-full" />;
  if (status === 'loading') return placeholder;
  if (user) {
    return (
      <Suspense fallback={placeholder}>
        <AccountControls user={user} />
      </Suspense>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" className="px-2.5 sm:px-4">
        <Link to={authLinkFrom('/login', location)}>Login</Link>
      </Button>
      <Button asChild variant="outline" className="hidden sm:inline-flex">
        <Link to={authLinkFrom('/register', location)}>Register</Link>
      </Button>
    </>
  );
}

const navLinkClass =
  'inline-flex h-10 items-center whitespace-nowrap rounded-md px-2.5 text-sm font-medium text-foreground hover:bg-muted hover:text-primary ' +
  'aria-[current=page]:text-primary aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8';

export function SiteHeader() {
  const { pathname, search } = useLocation();
  // Signed in, the heart, bell and account menu take the room the dealership's name needs on a narrow phone: the
  // mark alone shows there (the name stays the link's accessible name), so the header never outgrows the screen.
  const { user } = useAuth();
  // Show the current search in the box while on the listing; the key remounts it when the URL changes.
  const current = pathname === '/vehicles' ? (new URLSearchParams(search).get('search') ?? '') : '';
  return (
    <header className="border-b border-border bg-header">
      <UtilityBar />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-2 sm:px-4 md:gap-4">
        <MobileMenu />
        {/* Named by its visible text (WCAG 2.5.3 label in name), with where it goes for screen readers. */}
        {/* From md the logo keeps its width and the search gives way (issue 33 §6: at 1366 px signed in, the search
            overlapped the logo's words); below md there is no search in this row and the logo may shrink. */}
        <Link to="/" className="min-w-0 rounded-md md:shrink-0">
          <Logo wordsClassName={user ? 'max-[30rem]:sr-only' : undefined} />
          <span className="sr-only">, home page</span>
        </Link>
        <HeaderSearch key={`d${current}`} id="header-search" initial={current} className="mx-auto hidden min-w-0 max-w-xl md:block" />
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1 md:ml-0">
          <ThemeToggle className="hidden sm:inline-flex" />
          <AccountArea />
          <Button asChild variant="accent" className="ml-1 hidden lg:inline-flex">
            <Link to="/pre-approval"><BadgeCheck aria-hidden />Get Pre-Approved</Link>
          </Button>
        </div>
      </div>
      {/* The listing has its own search box: on a phone a second one above it only pushed the vehicles down (issue 35 §4). */}
      {pathname !== '/vehicles' && (
        <div className="border-t border-border px-4 pb-3 md:hidden">
          <HeaderSearch key={`m${current}`} id="header-search-mobile" initial={current} className="mt-3" />
        </div>
      )}
      <nav aria-label="Main" className="hidden border-t border-border md:block">
        <div className="mx-auto flex max-w-7xl items-center gap-1 px-2 sm:px-4">
          {/* Wraps between md and lg rather than scrolling, so no link hides off-screen. */}
          <ul className="-mx-1 flex min-w-0 flex-1 flex-wrap items-center gap-x-0.5 py-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                {item.fullReload ? (
                  <a href={item.to} className={cn(navLinkClass)} aria-current={pathname === item.to ? 'page' : undefined}>{item.label}</a>
                ) : (
                  <NavLink to={item.to} className={navLinkClass}>{item.label}</NavLink>
                )}
              </li>
            ))}
          </ul>
          <Button asChild variant="accent" size="sm" className="mt-2 mb-1 shrink-0 self-start lg:hidden">
            <Link to="/pre-approval"><BadgeCheck aria-hidden />Get Pre-Approved</Link>
          </Button>
        </div>
      </nav>
    </header>
  );
}
