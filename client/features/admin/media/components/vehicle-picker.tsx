// Finds the vehicle whose photos to manage: type a stock number, VIN or "2021 ford f-150"; with nothing typed it
// lists the in-stock vehicles with the fewest photos first, the ones most likely to need work.
import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Input } from '@/components/ui/input';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { errorMessage } from '@/lib/api-client';
import { pickerParams, useMediaVehicles } from '../api/get-media-vehicles';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function VehiclePicker({ selectedId, onSelect }: { selectedId: number | null; onSelect: (id: number) => void }) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const { data, isPending, isError, error } = useMediaVehicles(pickerParams(search));
  const inputId = useId();
  const listId = useId();
  // On a tablet the picker sits above the photos: once a vehicle is chosen, its list folds away until a search.
  const folded = selectedId !== null && text.trim() === '';

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-semibold">Find a vehicle</label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Stock number, VIN, or year make model"
          aria-describedby={`${listId}-hint`}
          className="pl-9"
          autoComplete="off"
        />
      </div>
      <p id={`${listId}-hint`} className="text-xs text-muted-foreground">
        {search ? 'Matching vehicles, sold ones included.' : folded ? <><span className="lg:hidden">Search to switch to another vehicle.</span><span className="hidden lg:inline">In-stock vehicles with the fewest photos first.</span></> : 'In-stock vehicles with the fewest photos first.'}
      </p>
      <div className={cn(folded && 'hidden lg:block')}>
        {isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            {[0, 1, 2].map((i) => <Skeleton key={i} className="h-14 w-full" />)}
            <span className="sr-only">Loading vehicles…</span>
          </div>
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">{errorMessage(error, 'Vehicles could not be loaded.')}</p>
        ) : data.vehicles.length === 0 ? (
          <p className="text-sm text-muted-foreground">No vehicle matches “{search}”.</p>
        ) : (
          <ul id={listId} aria-label="Vehicles" className="flex flex-col gap-1.5">
            {data.vehicles.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  onClick={() => onSelect(v.id)}
                  aria-pressed={v.id === selectedId}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-3 rounded-lg border border-border bg-card p-2 text-left transition hover:bg-muted',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    v.id === selectedId && 'border-primary ring-1 ring-primary',
                  )}
                >
                  <span className="block h-10 w-14 shrink-0 overflow-hidden rounded">
                    <VehiclePhoto fallback="icon" photo={v.cover ?? undefined} alt="" sizes="56px" className="size-full [&_span]:hidden [&_svg]:size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold" title={v.title}>{v.title}</span>
                    <span className="block text-xs text-muted-foreground">Stock #{v.stockNumber}{v.status !== 'available' ? ` · ${v.status}` : ''}</span>
                  </span>
                  <Badge variant={v.photoCount === 0 ? 'destructive' : v.photoCount < data.minPhotos ? 'accent' : 'secondary'}>
                    {v.photoCount} {v.photoCount === 1 ? 'photo' : 'photos'}
                  </Badge>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
