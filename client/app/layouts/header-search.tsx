import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { cn } from '@/lib/cn';

/** spec §2: submitting goes to /vehicles?search=<trimmed text>, or plain /vehicles when empty (spec §5: trimmed). */
export function vehiclesSearchPath(text: string): string {
  const q = text.trim();
  return q ? `/vehicles?${new URLSearchParams({ search: q })}` : '/vehicles';
}

export function HeaderSearch({ id, initial, className }: { id: string; initial: string; className?: string }) {
  const navigate = useNavigate();
  return (
    // A real GET form to /vehicles?search= (issue 14): it works before the app has loaded, and without JavaScript.
    <form
      role="search"
      aria-label="Vehicles"
      action="/vehicles"
      method="get"
      className={cn('relative w-full', className)}
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        navigate(vehiclesSearchPath(String(data.get('search') ?? '')));
      }}
    >
      <label htmlFor={id} className="sr-only">Search vehicles</label>
      <input
        id={id}
        name="search"
        type="search"
        defaultValue={initial}
        placeholder="Search make, model, year..."
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-input bg-card pr-12 pl-4 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring md:text-sm"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1 right-1 inline-flex size-8 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground hover:bg-primary-hover"
      >
        <Search className="size-4" aria-hidden />
      </button>
    </form>
  );
}
