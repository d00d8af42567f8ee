// A range slider on Radix Slider: arrow keys, Page Up/Down, Home/End and touch come with it.
// Each thumb needs its own accessible name (thumbLabels), e.g. 'Minimum price' and 'Maximum price'.
import type { ComponentProps } from 'react';
import { Slider as SliderPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

export function Slider({
  className,
  thumbLabels,
  value,
  defaultValue,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabels: string[] }) {
  const count = (value ?? defaultValue ?? [0]).length;
  return (
    <SliderPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      className={cn('relative flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-60', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {Array.from({ length: count }, (_, i) => (
        <SliderPrimitive.Thumb
          key={i}
          aria-label={thumbLabels[i]}
          // 24 px thumb: the WCAG 2.5.8 target size.
          className="block size-6 cursor-grab rounded-full border-2 border-primary bg-card shadow transition-colors hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
