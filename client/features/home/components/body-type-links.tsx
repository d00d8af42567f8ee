import { Link } from '@/components/link';
import { useQuery } from '@tanstack/react-query';
import { facetsQueryOptions } from '@/lib/facets';

/** Shortcuts into the listing by body type, with live counts; hidden until the counts are known. */
export function BodyTypeLinks() {
  const { data } = useQuery(facetsQueryOptions());
  const types = (data?.bodyTypes ?? []).filter((b) => b.count > 0);
  if (!types.length) return null;
  return (
    <nav aria-label="Shop by body style" className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-7xl items-center gap-3 overflow-x-auto px-4 py-4">
        <span className="shrink-0 text-sm font-semibold text-muted-foreground">Shop by style</span>
        <ul className="flex gap-2">
          {types.map((b) => (
            <li key={b.value}>
              <Link
                to={`/vehicles?${new URLSearchParams({ bodyType: b.value })}`}
                className="inline-flex h-9 items-center gap-1.5 rounded-full border border-border bg-background px-3.5 text-sm font-medium whitespace-nowrap hover:border-primary hover:text-primary"
              >
                {b.value}
                <span className="text-xs text-muted-foreground">{b.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
