// A native checkbox in the brand's colour (accent-color; the look is .checkbox-box in client/styles.css). Native, it
// works before the page has hydrated and without script, is labelled by its <label for> and needs no script of its
// own (Radix Checkbox and its helpers were about 5 KiB on the listing, issue 35 §1). The same props as before:
// `checked` may be 'indeterminate' (a select-all box), and `onCheckedChange` gets the new state.
import { useCallback, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Checkbox({
  checked,
  onCheckedChange,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked: boolean | 'indeterminate';
  onCheckedChange?: (checked: boolean) => void;
}) {
  // `indeterminate` is a property, not an attribute: set it on the element.
  const mark = useCallback((el: HTMLInputElement | null) => {
    if (el) el.indeterminate = checked === 'indeterminate';
  }, [checked]);
  return (
    <input
      type="checkbox"
      ref={mark}
      checked={checked === true}
      onChange={(e) => onCheckedChange?.(e.target.checked)}
      className={cn('checkbox-box', className)}
      {...props}
    />
  );
}
