// Pagination (spec §2, §9): Previous/Next and up to 5 page buttons centred on the current page.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageButtons } from '@domain/listing';
import { Button } from '@/components/ui/button';

export function ListingPagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1.5 sm:gap-2">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)} className="px-3">
        <ChevronLeft aria-hidden />Previous
      </Button>
      <ul className="flex items-center gap-1.5 sm:gap-2">
        {pageButtons(page, totalPages).map((n) => (
          <li key={n}>
            <Button
              variant={n === page ? 'default' : 'outline'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => n !== page && onPage(n)}
              className="size-10 px-0 tabular-nums"
            >
              {n}
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)} className="px-3">
        Next<ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
