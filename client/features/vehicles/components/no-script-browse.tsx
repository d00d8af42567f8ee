// The listing without JavaScript (issue 14 item 4): the sort and the make and body type filters as plain links to
// the filtered address, shown only where scripts do not run. The server renders every such address (cards,
// pagination links), so following them browses the whole inventory. With JavaScript the sidebar, the sheet and
// the sort box do this instead, and React leaves <noscript> content alone.
import type { SortKey } from '@domain/constants';
import type { Facets } from '@domain/vehicle';
import { SORT_LABELS } from './listing-toolbar';

/** The current address with one value of a repeated filter added or removed, back on page 1. */
function toggled(params: URLSearchParams, key: 'make' | 'bodyType', value: string): string {
  const next = new URLSearchParams(params);
  const values = next.getAll(key);
  next.delete(key);
  for (const v of values.includes(value) ? values.filter((v) => v !== value) : [...values, value]) next.append(key, v);
  next.delete('page');
  const qs = next.toString();
  return qs ? `/vehicles?${qs}` : '/vehicles';
}

/** The current address with a one-value filter set, or removed when it is already the value (issue 33 §2). */
function picked(params: URLSearchParams, key: 'location' | 'condition', value: string): string {
  const next = new URLSearchParams(params);
  if (next.get(key) === value) next.delete(key); else next.set(key, value);
  next.delete('page');
  const qs = next.toString();
  return qs ? `/vehicles?${qs}` : '/vehicles';
}

const linkClass = 'inline-flex min-h-6 items-center rounded-md px-2 py-1 underline underline-offset-2 hover:bg-muted aria-[current=true]:bg-secondary aria-[current=true]:font-semibold';

export function NoScriptBrowse({ params, facets, sortBy, hrefForSort }: {
  params: URLSearchParams;
  facets: Facets | undefined;
  sortBy: SortKey;
  hrefForSort: (sortBy: SortKey) => string;
}) {
  const group = (title: string, items: { href: string; label: string; current: boolean }[]) => (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-1 flex flex-wrap gap-1">
        {items.map((i) => <li key={i.href}><a href={i.href} className={linkClass} aria-current={i.current || undefined}>{i.label}</a></li>)}
      </ul>
    </div>
  );
  const facet = (key: 'make' | 'bodyType', list: Facets['makes']) =>
    list.map((f) => ({ href: toggled(params, key, f.value), label: `${f.value} (${f.count})`, current: params.getAll(key).includes(f.value) }));
  return (
    <noscript>
      <section aria-label="Sort and filter" className="mb-6 grid gap-3 rounded-xl border border-border bg-card p-4 text-sm">
        {group('Sort by', (Object.keys(SORT_LABELS) as SortKey[]).map((k) => ({ href: hrefForSort(k), label: SORT_LABELS[k], current: k === sortBy })))}
        {facets && group('Store', facets.locations.map((f) => ({ href: picked(params, 'location', f.value), label: `${f.value} (${f.count})`, current: params.get('location') === f.value })))}
        {facets && group('Condition', facets.conditions.map((f) => ({ href: picked(params, 'condition', f.value), label: `${f.value === 'new' ? 'New' : 'Used'} (${f.count})`, current: params.get('condition') === f.value })))}
        {facets && group('Make', facet('make', facets.makes))}
        {facets && group('Body type', facet('bodyType', facets.bodyTypes))}
        <p><a href="/vehicles" className={linkClass}>Clear all filters</a></p>
      </section>
    </noscript>
  );
}
