// Toast store. spec §4: at most 1 toast is visible; a new one replaces the previous.
// Module-level so any code (mutation callbacks, non-React helpers) can call toast().
import { useSyncExternalStore, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Optional action button (Radix requires altText for screen readers). */
  action?: { label: string; altText: string; onClick: () => void };
  /** ms; defaults to the provider's 5000 (spec §9). */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export const TOAST_LIMIT = 1; // spec §4

let items: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/**
 * A toast tells of what a tap did, so the tap's own change is painted first and the toast in the task after that
 * paint: mounting it in the same task held the tap's next paint (its interaction delay, issue 35 §3) by a toast's
 * render. Changes keep their order (frames, then timers, run first in first out). Without frames (a server render,
 * unit tests) the change is immediate.
 */
function afterNextPaint(change: () => void) {
  if (typeof requestAnimationFrame === 'undefined') {
    change();
    return;
  }
  requestAnimationFrame(() => setTimeout(change, 0));
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  afterNextPaint(() => {
    items = [{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT);
    emit();
  });
  return { id, dismiss: () => dismissToast(id) };
}

/** Close one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  afterNextPaint(() => {
    items = items.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
    emit();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => items;

/**
 * Whether any toast has been raised on this page. The viewport (Radix Toast, about 7 KiB of script) is needed only
 * from then on, so it loads with the first toast rather than before the page can respond (issue 35 §1); a server
 * render and the hydrating render have none.
 */
export function useAnyToastRaised(): boolean {
  // A dismissed toast stays in the list, closed, so once true this stays true and the viewport stays mounted.
  return useSyncExternalStore(subscribe, () => items.length > 0, () => false);
}

export function useToast() {
  const toasts = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts, toast, dismiss: dismissToast };
}
