// A two-thumb range slider made of two native <input type="range"> over one track (issue 35 §1/§2). The browser
// gives each thumb arrow keys, Page Up/Down, Home/End, touch, its value to screen readers and its place on the
// track, in the server's HTML already and without any script; Radix Slider needed about 6 KiB of script and placed
// its thumbs only once it had mounted and measured them (issue 21 item 3 worked round that with CSS). Each thumb
// needs its own accessible name (thumbLabels), e.g. 'Minimum price' and 'Maximum price'. The look is .range-pair in
// client/styles.css.
import { cn } from '@/lib/cn';

/** The thumb's size in px (24: the WCAG 2.5.8 target size); a native thumb's centre travels from 12 px to width - 12. */
export const THUMB_PX = 24;

/** Where a value sits along the thumbs' travel, in percent. */
export function rangePercent(value: number, min: number, max: number): number {
  return max > min ? Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100)) : 0;
}

export function RangeSlider({
  min,
  max,
  step,
  value: [low, high],
  onValueChange,
  thumbLabels: [lowLabel, highLabel],
  className,
}: {
  min: number;
  max: number;
  step: number;
  value: [number, number];
  /** Called with both values; the thumbs never cross (a thumb pushed past the other stops at it). */
  onValueChange: (value: [number, number]) => void;
  thumbLabels: [string, string];
  className?: string;
}) {
  const from = rangePercent(low, min, max);
  const to = rangePercent(high, min, max);
  return (
    <div className={cn('range-pair', className)}>
      {/* The track spans the thumbs' travel (12 px in from each end), so the filled part ends at each thumb's centre. */}
      <div className="absolute inset-x-3 top-1/2 h-1.5 -translate-y-1/2 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className="absolute inset-y-0 bg-primary" style={{ left: `${from}%`, right: `${100 - to}%` }} />
      </div>
      <input
        type="range"
        aria-label={lowLabel}
        min={min}
        max={max}
        step={step}
        value={low}
        onChange={(e) => onValueChange([Math.min(Number(e.target.value), high), high])}
        // Both thumbs at the top end: the low one must be the one a finger finds, or neither could move.
        data-on-top={from > 50 && from === to ? '' : undefined}
      />
      <input
        type="range"
        aria-label={highLabel}
        min={min}
        max={max}
        step={step}
        value={high}
        onChange={(e) => onValueChange([low, Math.max(Number(e.target.value), low)])}
      />
    </div>
  );
}
