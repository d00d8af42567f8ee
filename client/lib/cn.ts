import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config';

const merge = createTailwindMerge(() => tailwindMergeConfig);

/** Join class names; later Tailwind utilities win over earlier ones (so callers can override a primitive's defaults). */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
