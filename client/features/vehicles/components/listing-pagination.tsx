// Pagination (spec §2, §9): Previous/Next and up to 5 page buttons centred on the current page. Each is a real link
// to its page (issue 14: the listing works without JavaScript); with JavaScript a plain click stays in the app.
import type { MouseEvent, ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageButtons } from '@domain/listing';
import { Button } from '@/components/ui/button';

export function ListingPagination({ page, totalPages, onPage, hrefFor }: {
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
  hrefFor: (p: number) => string;
}) {
  if (totalPages <= 1) return null;
  const link = (n: number, children: ReactNode, props: { label?: string; current?: boolean; className: string; variant: 'default' | 'outline' }) => {
    const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
      // A new tab or window keeps the browser's own behaviour.
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      if (n !== page) onPage(n);
    };
    return (
      <Button asChild variant={props.variant} className={props.className}>
        <a href={hrefFor(n)} onClick={onClick} aria-label={props.label} aria-current={props.current ? 'page' : undefined}>{children}</a>
      </Button>
    );
  };
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1.5 sm:gap-2">
      {page <= 1
        ? <Button variant="outline" disabled className="px-3"><ChevronLeft aria-hidden />Previous</Button>
        : link(page - 1, <><ChevronLeft aria-hidden />Previous</>, { variant: 'outline', className: 'px-3' })}
      <ul className="flex items-center gap-1.5 sm:gap-2">
        {pageButtons(page, totalPages).map((n) => (
          <li key={n}>
            {link(n, n, { variant: n === page ? 'default' : 'outline', label: `Page ${n}`, current: n === page, className: 'size-10 px-0 tabular-nums' })}
          </li>
        ))}
      </ul>
      {page >= totalPages
        ? <Button variant="outline" disabled className="px-3">Next<ChevronRight aria-hidden /></Button>
        : link(page + 1, <>Next<ChevronRight aria-hidden /></>, { variant: 'outline', className: 'px-3' })}
    </nav>
  );
}
