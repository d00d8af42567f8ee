// spec §2: a mobile side menu holds the same items as the header (below the md breakpoint).
// Loaded on first open (mobile-menu.tsx), so desktop visitors never download it.
import type { ReactNode, RefObject } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '@/components/link';
import { BadgeCheck, LogIn, LogOut, Phone, UserPlus } from 'lucide-react';
import { badgeText } from '@domain/constants';
import { DEALERSHIP } from '@domain/settings';
import { useAuth } from '@/lib/auth';
import { useSavedVehicleCount } from '@/lib/saved-vehicles';
import { cn } from '@/lib/cn';
import { authLinkFrom } from '@/lib/safe-redirect';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/logo';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { ACCOUNT_NAV, ADMIN_NAV_ITEM, MAIN_NAV, type NavItem } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { displayName } from './user-name';

const rowClass =
  'flex min-h-11 items-center gap-3 rounded-md px-3 text-base font-medium text-foreground hover:bg-muted aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground';

function MenuLink({ item, trailing }: { item: NavItem; trailing?: ReactNode }) {
  const Icon = item.icon;
  const content = (
    <>
      <Icon className="size-5 text-muted-foreground" aria-hidden />
      <span className="flex-1">{item.label}</span>
      {trailing}
    </>
  );
  return (
    <li>
      <SheetClose asChild>
        {item.fullReload ? (
          <a href={item.to} className={rowClass}>{content}</a>
        ) : (
          <NavLink to={item.to} end className={rowClass}>{content}</NavLink>
        )}
      </SheetClose>
    </li>
  );
}

export default function MobileMenuSheet({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button lives outside this lazily loaded module; focus goes back to it on close. */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { user, isAdmin, logout } = useAuth();
  const location = useLocation();
  const savedCount = useSavedVehicleCount();
  const accountItems = isAdmin ? [...ACCOUNT_NAV, ADMIN_NAV_ITEM] : ACCOUNT_NAV;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="gap-0 overflow-y-auto"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle asChild>
            <div><Logo /></div>
          </SheetTitle>
          <SheetDescription className="sr-only">Site menu</SheetDescription>
        </SheetHeader>
        <div className="p-4">
          <SheetClose asChild>
            <Button asChild variant="accent" size="lg" className="w-full">
              <Link to="/pre-approval"><BadgeCheck aria-hidden />Get Pre-Approved</Link>
            </Button>
          </SheetClose>
        </div>
        <nav aria-label="Main" className="px-2">
          <ul className="grid gap-0.5">
            {MAIN_NAV.map((item) => <MenuLink key={item.to} item={item} />)}
          </ul>
        </nav>
        <div className="mx-4 my-3 h-px bg-border" />
        <nav aria-label="Account" className="px-2">
          {user ? (
            <>
              <p className="px-3 pb-2 text-sm text-muted-foreground">
                Signed in as <span className="font-semibold text-foreground">{displayName(user)}</span>
              </p>
              <ul className="grid gap-0.5">
                {accountItems.map((item) => (
                  <MenuLink
                    key={item.to}
                    item={item}
                    trailing={item.to === '/saved' && savedCount > 0 ? (
                      <span className="rounded-full bg-destructive px-2 py-0.5 text-xs font-bold text-destructive-foreground">
                        {badgeText(savedCount)}<span className="sr-only"> saved</span>
                      </span>
                    ) : undefined}
                  />
                ))}
                <li>
                  <SheetClose asChild>
                    <button type="button" onClick={() => void logout()} className={cn(rowClass, 'w-full cursor-pointer text-left')}>
                      <LogOut className="size-5 text-muted-foreground" aria-hidden />
                      Logout
                    </button>
                  </SheetClose>
                </li>
              </ul>
            </>
          ) : (
            <div className="grid grid-cols-2 gap-2 px-2">
              <SheetClose asChild>
                <Button asChild variant="outline">
                  <Link to={authLinkFrom('/login', location)}><LogIn aria-hidden />Login</Link>
                </Button>
              </SheetClose>
              <SheetClose asChild>
                <Button asChild>
                  <Link to={authLinkFrom('/register', location)}><UserPlus aria-hidden />Register</Link>
                </Button>
              </SheetClose>
            </div>
          )}
        </nav>
        <div className="mx-4 my-3 h-px bg-border" />
        <div className="grid gap-1 px-2 pb-6">
          <ThemeToggle withLabel className="w-full px-3" />
          <a href={DEALERSHIP.phoneHref} className={rowClass}>
            <Phone className="size-5 text-muted-foreground" aria-hidden />
            Call {DEALERSHIP.phone}
          </a>
        </div>
      </SheetContent>
    </Sheet>
  );
}
