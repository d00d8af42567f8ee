// /admin/inventory (issue 4, "Inventory table"): every vehicle in any status, searched, filtered and sorted on the
// server (it scales past a page), with a selection and bulk actions — mark sold, mark available, delete, change
// price by an amount or a percentage — each confirmed with the spec's texts and followed by its toast (spec §5, §8).
// The filters live in the URL, so Back returns to the same view and a view can be shared. Keyboard: "/" focuses
// the search; every control is a real button, checkbox or link.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { ArrowDown, ArrowUp, ArrowUpDown, CheckCircle2, ChevronLeft, ChevronRight, ImageOff, Pencil, PlusCircle, RotateCcw, Search, Tag, Trash2 } from 'lucide-react';
import { AGED_DAYS, INVENTORY_PAGE_SIZES, type InventoryRow, type InventorySortKey } from '@domain/admin';
import { BODY_TYPES, LOCATIONS, TIMING, VEHICLE_STATUSES, type VehicleStatus } from '@domain/constants';
import { vehicleTitle } from '@domain/vehicle';
import { cn } from '@/lib/cn';
import { MarketNote } from '../components/market-note';
import { formatKm, formatPrice } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { inventoryApiParams, readInventoryParams, useInventory } from '../api/get-inventory';
import { BulkConfirm, type PendingBulk } from '../components/bulk-confirm';
import { TableScroll } from '@/components/ui/table-scroll';

const STATUS_LABELS: Record<VehicleStatus, string> = { available: 'Available', pending: 'Pending review', sold: 'Sold' };
const COLUMNS: { key: InventorySortKey | null; label: string; className?: string }[] = [
  { key: 'make', label: 'Vehicle' },
  { key: 'stockNumber', label: 'Stock' },
  { key: null, label: 'Status' },
  { key: 'price', label: 'Price', className: 'text-right' },
  { key: 'mileage', label: 'Mileage', className: 'text-right' },
  { key: 'year', label: 'Year', className: 'text-right' },
  { key: 'daysOnLot', label: 'Days on lot', className: 'text-right' },
  { key: null, label: 'Location' },
];

function useInventoryParams() {
  const [sp, setSp] = useSearchParams();
  const state = readInventoryParams(sp);
  const navigation = useNavigation();
  // The address last written here while the router still loads it: the address bar changes only once the route's
  // loader has fetched the new page, which on a busy server takes longer than the search box's pause.
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state === 'idle') written.current = null;
  }, [navigation.state]);
  /**
   * Any change but paging goes back to page 1. Built on the address asked for last (the one still loading, else
   * the address bar), not this render's state: the search box's debounced write comes from the render that started
   * the pause, and must keep a filter chosen in the meantime, even one whose page has not loaded yet.
   */
  const update = (patch: Partial<typeof state>) => {
    const next = { ...readInventoryParams(new URLSearchParams(written.current ?? window.location.search)), page: 1, ...patch };
    const out = new URLSearchParams();
    if (next.search) out.set('search', next.search);
    if (next.status) out.set('status', next.status);
    if (next.location) out.set('location', next.location);
    if (next.bodyType) out.set('bodyType', next.bodyType);
    if (next.aged) out.set('aged', 'true');
    if (next.noPhotos) out.set('noPhotos', 'true');
    if (next.market) out.set('market', next.market);
    if (next.sort !== 'createdAt') out.set('sort', next.sort);
    if (next.dir !== 'desc') out.set('dir', next.dir);
    if (next.page > 1) out.set('page', String(next.page));
    if (next.limit !== 50) out.set('limit', String(next.limit));
    written.current = `?${out.toString()}`;
    setSp(out, { replace: true });
  };
  return [state, update] as const;
}

export default function InventoryPage() {
  const [state, update] = useInventoryParams();
  const { data, isPending, isError, refetch, isFetching } = useInventory(inventoryApiParams(state));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<PendingBulk | null>(null);
  const [pricing, setPricing] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const [searchText, setSearchText] = useState(state.search);

  // spec §9 timing: the search is sent after a 300 ms pause.
  useEffect(() => {
    if (searchText.trim() === state.search) return;
    const t = setTimeout(() => update({ search: searchText.trim() }), TIMING.searchDebounce);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is rebuilt each render; the text drives this
  }, [searchText]);

  // "/" focuses the search from anywhere on the page (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !/^(input|textarea|select)$/i.test(t.tagName) && !t.isContentEditable) {
        e.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const rows = useMemo(() => data?.rows ?? [], [data]);
  const pageIds = rows.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const allOnPage = pageIds.length > 0 && selectedOnPage === pageIds.length;
  const toggle = (id: number, on: boolean) => setSelected((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });
  const togglePage = (on: boolean) => setSelected((s) => { const n = new Set(s); for (const id of pageIds) if (on) n.add(id); else n.delete(id); return n; });
  const ids = [...selected];

  const sortBy = (key: InventorySortKey) => update({ sort: key, dir: state.sort === key && state.dir === 'desc' ? 'asc' : 'desc' });
  const total = data?.counts ? Object.values(data.counts).reduce((a, b) => a + b, 0) : null;

  return (
    <div className="grid gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Inventory</h1>
          <p className="text-muted-foreground">Every vehicle, in any status{total !== null ? ` (${total.toLocaleString('en-CA')} in all)` : ''}. Press <kbd className="rounded border border-border px-1 font-mono text-xs">/</kbd> to search.</p>
        </div>
        <Button asChild><Link to="/admin/add-vehicle"><PlusCircle aria-hidden />Add vehicle</Link></Button>
      </header>

      <section aria-label="Search and filters" className="grid gap-3 rounded-2xl border border-border bg-card p-3 sm:p-4">
        <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
          <div className="grid gap-1.5">
            <Label htmlFor="inv-search">Search</Label>
            <div className="relative">
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input id="inv-search" ref={searchRef} type="search" className="pl-9" placeholder="Make, model, colour, VIN or stock number"
                value={searchText} onChange={(e) => setSearchText(e.target.value)}
                onKeyDown={(e) => { if (e.key === 'Enter') update({ search: searchText.trim() }); }} />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="inv-location">Location</Label>
            <Select id="inv-location" value={state.location ?? ''} onChange={(e) => update({ location: e.target.value || null })}>
              <option value="">All locations</option>
              {LOCATIONS.map((l) => <option key={l} value={l}>{l}</option>)}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="inv-body">Body</Label>
            <Select id="inv-body" value={state.bodyType ?? ''} onChange={(e) => update({ bodyType: e.target.value || null })}>
              <option value="">All bodies</option>
              {BODY_TYPES.map((b) => <option key={b} value={b}>{b}</option>)}
            </Select>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
            <Chip active={state.status === null} onClick={() => update({ status: null })}>All{total !== null && <Count n={total} />}</Chip>
            {VEHICLE_STATUSES.map((s) => (
              <Chip key={s} active={state.status === s} onClick={() => update({ status: state.status === s ? null : s })}>
                {STATUS_LABELS[s]}{data && <Count n={data.counts[s]} />}
              </Chip>
            ))}
          </div>
          <span className="mx-1 hidden h-6 w-px bg-border sm:block" aria-hidden />
          <Chip active={state.aged} onClick={() => update({ aged: !state.aged })}>Aged over {AGED_DAYS} days</Chip>
          <Chip active={state.noPhotos} onClick={() => update({ noPhotos: !state.noPhotos })}>No photos</Chip>
          {/* Issue 19: priced above the comparables' average (a deal rating with a positive difference). */}
          <Chip active={state.market === 'above'} onClick={() => update({ market: state.market === 'above' ? null : 'above' })}>Priced above market</Chip>
          <Chip active={state.market === 'aged-above'} onClick={() => update({ market: state.market === 'aged-above' ? null : 'aged-above' })}>Aged over {AGED_DAYS} days and above market</Chip>
        </div>
      </section>

      {selected.size > 0 && (
        <div role="region" aria-label="Bulk actions" className="sticky top-14 z-20 flex flex-wrap items-center gap-2 rounded-xl border border-primary/40 bg-background/95 p-2 shadow-md backdrop-blur lg:top-2">
          <p className="px-2 text-sm font-semibold" aria-live="polite">{selected.size} selected</p>
          <Button size="sm" variant="outline" onClick={() => setPending({ action: 'mark-sold', ids })}><CheckCircle2 aria-hidden />Mark as Sold</Button>
          <Button size="sm" variant="outline" onClick={() => setPending({ action: 'mark-available', ids })}><RotateCcw aria-hidden />Mark Available</Button>
          <Button size="sm" variant="outline" onClick={() => setPricing(true)}><Tag aria-hidden />Change price</Button>
          <Button size="sm" variant="outline" className="text-destructive" onClick={() => setPending({ action: 'delete', ids })}><Trash2 aria-hidden />Delete</Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>Clear selection</Button>
        </div>
      )}

      {isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6">
          <p className="font-semibold">The inventory could not be loaded.</p>
          <Button variant="outline" className="mt-3" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : (
        <TableScroll className="rounded-2xl border border-border bg-card" aria-busy={isFetching}>
          <table className="w-full min-w-[56rem] border-collapse text-sm">
            <caption className="sr-only">Vehicles{data ? `, page ${data.page} of ${data.pageCount}` : ''}. Column headers with a button sort the table.</caption>
            <thead className="border-b border-border bg-muted/50 text-left">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <Checkbox aria-label="Select every vehicle on this page" checked={allOnPage ? true : selectedOnPage > 0 ? 'indeterminate' : false} onCheckedChange={(c) => togglePage(c === true)} disabled={!rows.length} />
                </th>
                <th scope="col" className="w-16 px-2 py-2"><span className="sr-only">Photo</span></th>
                {COLUMNS.map((c) => (
                  <th key={c.label} scope="col" className={cn('px-3 py-2 font-semibold whitespace-nowrap', c.className)}
                    aria-sort={c.key && state.sort === c.key ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {c.key ? (
                      <button type="button" onClick={() => sortBy(c.key!)} className={cn('inline-flex min-h-6 items-center gap-1 rounded hover:underline focus-visible:outline-2 focus-visible:outline-ring', c.className && 'flex-row-reverse')}>
                        {c.label}
                        {state.sort === c.key ? (state.dir === 'asc' ? <ArrowUp className="size-3.5" aria-hidden /> : <ArrowDown className="size-3.5" aria-hidden />) : <ArrowUpDown className="size-3.5 opacity-40" aria-hidden />}
                      </button>
                    ) : c.label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {isPending ? (
                Array.from({ length: 8 }, (_, i) => (
                  <tr key={i} className="border-b border-border"><td colSpan={11} className="px-3 py-2"><Skeleton className="h-10 w-full" /></td></tr>
                ))
              ) : rows.length === 0 ? (
                <tr><td colSpan={11} className="px-3 py-10 text-center text-muted-foreground">No vehicle matches these filters.</td></tr>
              ) : rows.map((r) => <Row key={r.id} row={r} selected={selected.has(r.id)} onSelect={(on) => toggle(r.id, on)} />)}
            </tbody>
          </table>
        </TableScroll>
      )}

      {data && (
        <nav aria-label="Inventory pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-muted-foreground">
            {data.total === 0 ? 'No vehicles' : `${((data.page - 1) * state.limit + 1).toLocaleString('en-CA')}–${Math.min(data.page * state.limit, data.total).toLocaleString('en-CA')} of ${data.total.toLocaleString('en-CA')}`}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor="inv-limit" className="text-sm font-normal">Rows</Label>
            <Select id="inv-limit" className="h-9 w-20" value={state.limit} onChange={(e) => update({ limit: Number(e.target.value) })}>
              {INVENTORY_PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
            </Select>
            <Button size="sm" variant="outline" disabled={data.page <= 1} onClick={() => update({ page: data.page - 1 })}><ChevronLeft aria-hidden />Previous</Button>
            <span className="tabular-nums" aria-current="page">Page {data.page} of {data.pageCount}</span>
            <Button size="sm" variant="outline" disabled={data.page >= data.pageCount} onClick={() => update({ page: data.page + 1 })}>Next<ChevronRight aria-hidden /></Button>
          </div>
        </nav>
      )}

      <PriceDialog open={pricing} count={selected.size} onClose={() => setPricing(false)} onConfirm={(price) => { setPricing(false); setPending({ action: 'price', ids, price }); }} />
      <BulkConfirm pending={pending} onClose={() => setPending(null)} onDone={() => setSelected(new Set())} />
    </div>
  );
}

function Row({ row: r, selected, onSelect }: { row: InventoryRow; selected: boolean; onSelect: (on: boolean) => void }) {
  const name = vehicleTitle(r);
  return (
    <tr className={cn('border-b border-border last:border-0 hover:bg-muted/40', selected && 'bg-primary/5')}>
      <td className="px-3 py-2"><Checkbox aria-label={`Select ${name}, stock ${r.stockNumber}`} checked={selected} onCheckedChange={(c) => onSelect(c === true)} /></td>
      <td className="px-2 py-2">
        {r.coverUrl ? (
          <img src={r.coverUrl} alt="" width={56} height={40} loading="lazy" className="h-10 w-14 rounded object-cover" />
        ) : (
          <span className="flex h-10 w-14 items-center justify-center rounded bg-muted text-muted-foreground" title="No photos"><ImageOff className="size-4" aria-hidden /><span className="sr-only">No photos</span></span>
        )}
      </td>
      <td className="px-3 py-2">
        <Link to={`/admin/edit-vehicle/${r.id}`} className="font-semibold underline-offset-4 hover:underline">{name}</Link>
        <p className="font-mono text-xs text-muted-foreground">{r.vin}</p>
      </td>
      <td className="px-3 py-2 font-mono whitespace-nowrap">{r.stockNumber}</td>
      <td className="px-3 py-2">
        <Badge variant={r.status === 'available' ? 'success' : r.status === 'sold' ? 'secondary' : 'accent'}>{STATUS_LABELS[r.status]}</Badge>
        {r.sellerType === 'private seller' && <span className="ml-1 text-xs text-muted-foreground">private</span>}
      </td>
      <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
        {formatPrice(r.price)}
        {r.originalPrice !== null && <span className="block text-xs text-muted-foreground line-through">{formatPrice(r.originalPrice)}</span>}
        {r.dealRating && <MarketNote rating={r.dealRating} />}
      </td>
      <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">{formatKm(r.mileage)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{r.year}</td>
      <td className={cn('px-3 py-2 text-right tabular-nums', r.status === 'available' && r.daysOnLot > AGED_DAYS && 'font-semibold text-amber-800 dark:text-amber-200')}>{r.daysOnLot}</td>
      <td className="px-3 py-2">{r.location}</td>
      <td className="px-3 py-2 text-right">
        <Button asChild variant="ghost" size="sm"><Link to={`/admin/edit-vehicle/${r.id}`} aria-label={`Edit ${name}, stock ${r.stockNumber}`}><Pencil aria-hidden />Edit</Link></Button>
      </td>
    </tr>
  );
}

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-pressed={active} onClick={onClick}
      className={cn('inline-flex h-9 items-center gap-2 rounded-full border px-3.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background hover:bg-muted')}>
      {children}
    </button>
  );
}
const Count = ({ n }: { n: number }) => <span className="tabular-nums opacity-80">{n.toLocaleString('en-CA')}</span>;

/** The amount or percentage of a bulk price change; confirmed afterwards with the spec-style text. */
function PriceDialog({ open, count, onClose, onConfirm }: { open: boolean; count: number; onClose: () => void; onConfirm: (p: { mode: 'amount' | 'percent'; value: number }) => void }) {
  const [mode, setMode] = useState<'amount' | 'percent'>('amount');
  const [direction, setDirection] = useState<'down' | 'up'>('down');
  const [raw, setRaw] = useState('');
  const value = Number(raw);
  const problem = raw === '' ? 'Enter how much to change the price by.'
    : !Number.isFinite(value) || value <= 0 ? 'Enter a number above 0.'
      : mode === 'amount' && !Number.isInteger(value) ? 'Enter whole dollars.'
        : mode === 'percent' && direction === 'down' && value >= 100 ? 'A reduction must be under 100%.'
          : mode === 'percent' && value > 100 ? 'At most 100%.' : null;
  return (
    <Dialog open={open} onOpenChange={(o) => { if (!o) onClose(); }}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change price of {count} {count === 1 ? 'vehicle' : 'vehicles'}</DialogTitle>
          <DialogDescription>Each price changes by the same amount or percentage, rounded to whole dollars. Each change is recorded in price history.</DialogDescription>
        </DialogHeader>
        <form
          id="bulk-price-form"
          className="grid gap-4"
          onSubmit={(e) => { e.preventDefault(); if (!problem) onConfirm({ mode, value: direction === 'down' ? -value : value }); }}
        >
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="bulk-direction">Change</Label>
              <Select id="bulk-direction" value={direction} onChange={(e) => setDirection(e.target.value as 'down' | 'up')}>
                <option value="down">Lower by</option>
                <option value="up">Raise by</option>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="bulk-mode">Unit</Label>
              <Select id="bulk-mode" value={mode} onChange={(e) => setMode(e.target.value as 'amount' | 'percent')}>
                <option value="amount">Dollars</option>
                <option value="percent">Percent</option>
              </Select>
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-value">{mode === 'amount' ? 'Amount (CAD)' : 'Percentage'}</Label>
            <Input id="bulk-value" type="number" inputMode="decimal" min={0} step={mode === 'amount' ? 1 : 0.1} value={raw}
              onChange={(e) => setRaw(e.target.value)} aria-describedby="bulk-value-problem" aria-invalid={raw !== '' && !!problem} autoFocus />
            <p id="bulk-value-problem" className="text-sm text-muted-foreground" aria-live="polite">{raw !== '' && problem}</p>
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Cancel</Button>
          <Button type="submit" form="bulk-price-form" disabled={!!problem}>Continue</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
