// A range slider on Radix Slider: arrow keys, Page Up/Down, Home/End and touch come with it.
// Each thumb needs its own accessible name (thumbLabels), e.g. 'Minimum price' and 'Maximum price'.
import type { ComponentProps, CSSProperties } from 'react';
import { Slider as SliderPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

/** The thumb's size in px (size-6: 24 px, the WCAG 2.5.8 target size); Radix keeps a thumb this wide inside the track. */
const THUMB_PX = 24;

/**
 * Where Radix puts a thumb's centre once it has measured it: `p%` of the track, pulled inwards by up to half a
 * thumb so the thumb stays within the track (its getThumbInBoundsOffset). The server's HTML uses the same place.
 */
export function thumbLeft(value: number, min: number, max: number): string {
  const percent = max > min ? Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100)) : 0;
  const inwards = THUMB_PX / 2 - (percent / 50) * (THUMB_PX / 2);
  return `calc(${Number(percent.toFixed(4))}% + ${Number(inwards.toFixed(4))}px)`;
}

export function Slider({
  className,
  thumbLabels,
  value,
  defaultValue,
  min = 0,
  max = 100,
  style,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabels: string[] }) {
  const values = value ?? defaultValue ?? [min];
  // Radix finds a thumb's value and place only after it has mounted in the browser: until then its thumbs are
  // `display: none` at the track's start, so the server's HTML (and a page without script) showed no handle at all
  // (issue 21 item 3). The places go in CSS variables here, the same on the server and in the browser's first
  // render (no hydration mismatch), and styles.css shows the thumbs there until the page has hydrated.
  const places = Object.fromEntries(values.map((v, i) => [`--slider-thumb-${i}`, thumbLeft(v, min, max)])) as CSSProperties;
  return (
    <SliderPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      min={min}
      max={max}
      style={{ ...places, ...style }}
      className={cn('slider-root relative flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-60', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {values.map((v, i) => (
        <SliderPrimitive.Thumb
          key={i}
          aria-label={thumbLabels[i]}
          // Radix states the value only once mounted; a controlled slider's server HTML states it too.
          {...(value ? { 'aria-valuenow': v } : {})}
          data-thumb={i}
          className="block size-6 cursor-grab rounded-full border-2 border-primary bg-card shadow transition-colors hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
