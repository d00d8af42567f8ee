// The parts of an inbox's list both inboxes (leads, pre-approvals) share: a record's status as a coloured pill, and
// paging (the list endpoints page on the server).
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';

/** A status as a pill; each inbox colours its own pipeline (`className`). */
export function StatusPill({ label, className }: { label: string; className: string }) {
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', className)}>{label}</span>;
}

/** Previous and Next around "Page x of y", and `summary` (e.g. "60 leads") after it; nothing for a single page. */
export function InboxPagination({ page, totalPages, onPage, summary }: { page: number; totalPages: number; onPage: (page: number) => void; summary?: ReactNode }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</Button>
      <span>Page {page} of {totalPages}{summary != null && <> · {summary}</>}</span>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>Next</Button>
    </nav>
  );
}
