import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <LoaderCircle aria-hidden className="size-8 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** spec §2: while a lazily loaded page loads, a centred spinner appears. */
export function PageSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center">
      <Spinner label={label} className="[&_svg]:size-10" />
    </div>
  );
}
