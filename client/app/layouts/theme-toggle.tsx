import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@/lib/theme';
import { cn } from '@/lib/cn';
import { Tooltip } from '@/components/ui/tooltip';

/** spec §2 "Theme": a light/dark switch. A real switch role, so its on/off state is announced. */
export function ThemeToggle({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';
  const button = (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label={withLabel ? undefined : 'Dark theme'}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className={cn(
        'inline-flex h-10 cursor-pointer items-center gap-2 rounded-md px-2.5 text-foreground hover:bg-muted',
        className,
      )}
    >
      {dark ? <Moon className="size-5" aria-hidden /> : <Sun className="size-5" aria-hidden />}
      {withLabel && <span className="text-sm font-medium">Dark theme</span>}
      {withLabel && (
        <span aria-hidden className={cn('ml-auto flex h-6 w-10 items-center rounded-full p-0.5 transition-colors', dark ? 'bg-primary' : 'bg-input/60')}>
          <span className={cn('size-5 rounded-full bg-card shadow transition-transform', dark && 'translate-x-4')} />
        </span>
      )}
    </button>
  );
  // Icon only in the header: a tooltip says what a click does. The menu's labelled switch needs none.
  return withLabel ? button : <Tooltip label={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}>{button}</Tooltip>;
}
