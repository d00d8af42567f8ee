import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Join class names; later Tailwind utilities win over earlier ones (so callers can override a primitive's defaults). */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
