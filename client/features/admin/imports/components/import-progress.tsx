// The import's progress bar: the server's own count of rows written, so it moves as the transaction does.
import { formatNumber } from '@/lib/format';

export function ImportProgress({ done, total, label = 'Importing' }: { done: number; total: number; label?: string }) {
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  const text = `${label}: ${formatNumber(done)} of ${formatNumber(total)} rows written`;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">{done >= total && total > 0 ? 'Finishing the transaction…' : text}</p>
    </div>
  );
}
