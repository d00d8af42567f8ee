// Visible breadcrumbs; the server writes the same trail as BreadcrumbList JSON-LD (server/modules/content/routes.ts).
import { Fragment } from 'react';
import { Link } from '@/components/link';
import { ChevronRight } from 'lucide-react';

export interface Crumb { label: string; to?: string }

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((c, i) => (
          <Fragment key={`${c.label}-${i}`}>
            {i > 0 && <li aria-hidden><ChevronRight className="size-3.5" /></li>}
            <li className="min-w-0">
              {c.to ? (
                <Link to={c.to} className="inline-flex min-h-6 items-center hover:text-foreground hover:underline">{c.label}</Link>
              ) : (
                <span aria-current="page" className="line-clamp-1 font-medium text-foreground">{c.label}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
