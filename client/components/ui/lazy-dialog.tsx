// A dialog whose code (Radix Dialog, its focus trap and scroll lock: about 7 KiB gzipped) loads when it first opens
// (issue 35 §1). For dialogs a shopper opens with a tap on a page that must respond quickly, such as the vehicle
// page's full-screen photos, hold request and message to a private seller. A closed dialog renders nothing, on the
// server as in the browser, so the page's HTML is the same as with a plain <Dialog>. Call preloadDialog() on the
// opener's pointer-enter or focus to hide the download.
import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import type { DialogContent } from './dialog';

export interface DialogBoxProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Title and description for screen readers only (the full-screen photos), instead of a visible header. */
  headerHidden?: boolean;
  content?: Omit<ComponentProps<typeof DialogContent>, 'children'>;
  children: ReactNode;
}

const loadDialogBox = () => import('./dialog-box');
const DialogBox = lazyComponent('components/ui/dialog-box', loadDialogBox);

/** Starts the dialog's download ahead of the tap. */
export const preloadDialog = () => void loadDialogBox();

export function LazyDialog(props: DialogBoxProps) {
  // Mounted from the first opening on, so closing keeps Radix's exit and focus return as they were.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogBox {...props} />
    </Suspense>
  );
}
