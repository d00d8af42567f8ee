// The back-office shell (admin issue, "Screens"): every admin page renders only its own content inside it.
// On a desktop or a landscape tablet a sidebar lists every tool from ADMIN_NAV, grouped; on a portrait tablet or a
// phone the same list opens from a "Tools" button as a side sheet, so one hand on the lot can reach every tool.
// Keyboard: a skip link jumps past the tool list, links are real links (Tab/Enter), the current tool is marked
// with aria-current, and Alt+Shift+K focuses the first tool link from anywhere in the back office.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import { Menu } from 'lucide-react';
import { cn } from '@/lib/cn';
import { ADMIN_NAV, type AdminNavGroup, type AdminNavItem } from '../nav';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Button } from '@/components/ui/button';

const GROUP_ORDER: AdminNavGroup[] = ['Inventory', 'Sales', 'Content', 'System'];

/** The nav items by group, in a stable order (groups with no tool are left out). */
export function adminNavGroups(items: AdminNavItem[] = ADMIN_NAV): { group: AdminNavGroup; items: AdminNavItem[] }[] {
  return GROUP_ORDER.map((group) => ({ group, items: items.filter((i) => i.group === group) })).filter((g) => g.items.length > 0);
}

/** The tool a path belongs to: exact match first, then the longest prefix (edit-vehicle/12 → Inventory). */
export function currentAdminItem(pathname: string): AdminNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') return ADMIN_NAV.find((i) => i.to === '/admin/dashboard');
  const exact = ADMIN_NAV.find((i) => i.to === path);
  if (exact) return exact;
  // Old spec §2 paths and sub-pages: /add-vehicle, /edit-vehicle/:id, /bulk-import, /admin/content/12.
  if (/^\/(admin\/)?edit-vehicle\//.test(path)) return ADMIN_NAV.find((i) => i.to === '/admin/inventory');
  const modern = path.startsWith('/admin/') ? path : `/admin${path}`;
  return [...ADMIN_NAV]
    .sort((a, b) => b.to.length - a.to.length)
    .find((i) => modern === i.to || modern.startsWith(`${i.to}/`));
}

function NavList({ onNavigate, idPrefix }: { onNavigate?: () => void; idPrefix: string }) {
  const current = currentAdminItem(useLocation().pathname);
  return (
    <div className="flex flex-col gap-5">
      {adminNavGroups().map(({ group, items }) => (
        <div key={group} role="group" aria-labelledby={`${idPrefix}-${group}`}>
          <p id={`${idPrefix}-${group}`} className="mb-1.5 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {group}
          </p>
          <ul className="flex flex-col gap-0.5">
            {items.map((item) => {
              const active = current?.to === item.to;
              const Icon = item.icon;
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={onNavigate}
                    data-admin-nav-link
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium outline-none',
                      'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                      active ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
                    )}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden />
                    <span className="truncate">{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const current = currentAdminItem(pathname);
  const [open, setOpen] = useState(false);
  const sidebarRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  // Alt+Shift+K: jump to the tool list (the sidebar when visible, otherwise open the sheet).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.altKey && e.shiftKey && e.code === 'KeyK')) return;
      e.preventDefault();
      const first = sidebarRef.current?.querySelector<HTMLElement>('[data-admin-nav-link]');
      if (first && first.offsetParent !== null) first.focus();
      else setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="mx-auto flex w-full max-w-[96rem] flex-1 flex-col lg:flex-row">
      <a
        href="#admin-content"
        onClick={(e) => { e.preventDefault(); contentRef.current?.focus(); }}
        className="sr-only z-[60] rounded-md bg-primary font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
      >
        Skip to page content
      </a>

      {/* Portrait tablets and phones: a bar with the current tool and the tool list in a sheet. */}
      <div className="sticky top-0 z-30 flex items-center gap-3 border-b border-border bg-background/95 px-4 py-2 backdrop-blur lg:hidden">
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger asChild>
            <Button variant="outline" size="sm" aria-label="Back-office tools">
              <Menu aria-hidden />Tools
            </Button>
          </SheetTrigger>
          <SheetContent side="left" closeLabel="Close tools" className="overflow-y-auto">
            <SheetHeader>
              <SheetTitle>Back office</SheetTitle>
              <SheetDescription>Every inventory, sales and system tool.</SheetDescription>
            </SheetHeader>
            <nav aria-label="Back office" className="px-3 pb-6">
              <NavList idPrefix="admin-sheet" onNavigate={() => setOpen(false)} />
            </nav>
          </SheetContent>
        </Sheet>
        <p className="min-w-0 truncate text-sm font-semibold">
          <span className="text-muted-foreground">Back office</span>
          {current && <> · {current.label}</>}
        </p>
      </div>

      {/* Desktop and landscape tablets: a sticky sidebar. */}
      {/* A div, not <aside>: the shell sits inside <main>, and a complementary landmark there is an axe finding. */}
      <div ref={sidebarRef} className="hidden w-60 shrink-0 border-r border-border lg:block">
        <nav aria-label="Back office" className="sticky top-0 max-h-dvh overflow-y-auto px-3 py-6">
          <p className="mb-4 px-3 text-sm font-bold">Back office</p>
          <NavList idPrefix="admin-side" />
        </nav>
      </div>

      <div
        id="admin-content"
        ref={contentRef}
        tabIndex={-1}
        className="flex min-w-0 flex-1 flex-col px-4 py-6 outline-none sm:px-6 lg:px-8"
      >
        {children}
      </div>
    </div>
  );
}
