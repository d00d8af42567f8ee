import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block; decorative, so hidden from assistive tech (the region announces loading itself). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
