import { DEALERSHIP } from '@domain/settings';
import { cn } from '@/lib/cn';

/** The brand mark (same drawing as public/favicon.svg) and the name from the settings module. */
export function LogoMark({ className }: { className?: string }) {
  return (
    // The ring keeps the navy tile visible on the dark theme's navy background.
    <svg viewBox="0 0 64 64" aria-hidden className={cn('size-9 shrink-0 rounded-[22%] dark:ring-1 dark:ring-white/25', className)}>
      <rect width="64" height="64" rx="14" fill="#0b1f3a" />
      <path d="M8 44c8-7 16-10 24-10s16 3 24 10" fill="none" stroke="#fbbf24" strokeWidth="5" strokeLinecap="round" />
      <path d="M20 40V16h12a8 8 0 0 1 0 16H20" fill="none" stroke="#fff" strokeWidth="6" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/**
 * `wordsClassName` styles the name beside the mark: the signed-in header hides it visually on narrow phones (it
 * stays the link's name for screen readers), where the account controls need the room (issue 21).
 */
export function Logo({ className, inverted = false, wordsClassName }: { className?: string; inverted?: boolean; wordsClassName?: string }) {
  const [first, ...rest] = DEALERSHIP.name.split(' ');
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <LogoMark className={inverted ? 'ring-1 ring-white/25' : undefined} />
      <span className={cn('flex min-w-0 flex-col leading-none [&>span]:truncate', wordsClassName)}>
        <span className={cn('text-lg font-extrabold tracking-tight', inverted ? 'text-white' : 'text-foreground')}>
          {first} <span className={inverted ? 'text-accent' : 'text-primary'}>{rest.join(' ')}</span>
        </span>
        <span className={cn('mt-0.5 text-[0.7rem] font-medium tracking-wide uppercase', inverted ? 'text-brand-muted' : 'text-muted-foreground')}>
          {DEALERSHIP.addresses.map((a) => a.city).join(' · ')}
        </span>
      </span>
    </span>
  );
}
