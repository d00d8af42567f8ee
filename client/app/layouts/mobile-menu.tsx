import { Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { lazyComponent } from '@/lib/lazy-component';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazyComponent('app/layouts/mobile-menu-sheet', loadSheet);

/** The menu button is in the first download; the side menu itself loads on first use (spec §2 mobile side menu). */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="md:hidden"
        // Start fetching on touch, before the click lands.
        onPointerDown={() => void loadSheet()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden />
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      )}
    </>
  );
}
