// The filter panel as a sheet on phones (spec §2 filter sidebar). Its own chunk, with the dialog primitives under
// it: fetched when the shopper points at or opens the Filters button, so the listing's first download stays inside
// its budget (issue 3: 150 KiB gzipped).
import type { ReactNode, RefObject } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';

export default function FilterSheet({ open, onOpenChange, returnFocus, children }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: opened without a Radix trigger, the sheet gives focus back here on closing. */
  returnFocus: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        closeLabel="Close filters"
        className="gap-0"
        // Focus the panel itself: focusing the first price box would pop up the phone's keyboard.
        onOpenAutoFocus={(e) => { e.preventDefault(); (e.currentTarget as HTMLElement).focus(); }}
        onCloseAutoFocus={(e) => { e.preventDefault(); returnFocus.current?.focus(); }}
      >
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>Narrow the inventory, then apply.</SheetDescription>
        </SheetHeader>
        <div className="flex-1 overflow-y-auto bg-card px-4 pt-4">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
