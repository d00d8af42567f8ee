// The dialog LazyDialog loads on first opening (lazy-dialog.tsx): the shared dialog with a title and a description,
// visible or for screen readers only.
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';
import type { DialogBoxProps } from './lazy-dialog';

export default function DialogBox({ open, onOpenChange, title, description, headerHidden = false, content, children }: DialogBoxProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent {...content}>
        {headerHidden ? (
          <>
            <DialogTitle className="sr-only">{title}</DialogTitle>
            <DialogDescription className="sr-only">{description}</DialogDescription>
          </>
        ) : (
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
        )}
        {children}
      </DialogContent>
    </Dialog>
  );
}
