// Logged-in header controls of spec §2: saved-vehicles heart with count, notification bell (./notification-bell.tsx), user menu.
// Loaded only once someone is signed in (header.tsx), so visitors never download the menu code.
import { Link } from '@/components/link';
import { useEffect } from 'react';
import { ChevronDown, Heart, LogOut } from 'lucide-react';
import type { User } from '@domain/auth';
import { badgeText } from '@domain/constants';
import { useAuth } from '@/lib/auth';
import { mergeSavedOnLogin, useSavedVehicleCount } from '@/lib/saved-vehicles';
import { cn } from '@/lib/cn';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ACCOUNT_NAV, ADMIN_NAV_ITEM } from './nav-items';
import { NotificationBell } from './notification-bell';
import { displayName, initials } from './user-name';

const iconButton =
  'relative inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-foreground hover:bg-muted';

export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      className={cn(
        'absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.7rem] font-bold text-destructive-foreground ring-2 ring-header',
        className,
      )}
    >
      {badgeText(count)}
    </span>
  );
}

export function SavedVehiclesLink() {
  const count = useSavedVehicleCount();
  // The visible badge is hidden from screen readers; the link name carries the count instead.
  const label = count > 0 ? `Saved vehicles (${badgeText(count)})` : 'Saved vehicles';
  return (
    <Link to="/saved" aria-label={label} title="Saved vehicles" className={iconButton}>
      <Heart className="size-5" aria-hidden />
      <CountBadge count={count} />
    </Link>
  );
}

export function UserMenu({ user }: { user: User }) {
  const { isAdmin, logout } = useAuth();
  const items = isAdmin ? [...ACCOUNT_NAV, ADMIN_NAV_ITEM] : ACCOUNT_NAV;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${displayName(user)}`}
        className="inline-flex h-10 cursor-pointer items-center gap-1.5 rounded-full py-1 pr-2 pl-1 text-foreground hover:bg-muted"
      >
        <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
          {initials(user)}
        </span>
        <span className="hidden max-w-32 truncate text-sm font-medium lg:inline">{displayName(user)}</span>
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate font-semibold">{displayName(user)}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void logout()}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The three controls together: the lazily loaded unit header.tsx renders for a signed-in user. */
export default function AccountControls({ user }: { user: User }) {
  // issue 5: at sign-in the browser's saved list and the account's are merged (once per browser session).
  useEffect(() => { void mergeSavedOnLogin(user.id); }, [user.id]);
  return (
    <>
      <SavedVehiclesLink />
      <NotificationBell />
      <UserMenu user={user} />
    </>
  );
}
