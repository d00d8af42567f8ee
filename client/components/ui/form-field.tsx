import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control with its hint and error wired up for screen readers
 * (aria-describedby, aria-invalid). The control is rendered by the caller with the given props.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  optional,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="ml-1 font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && <p id={hintId} className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-300">{error}</p>
      )}
    </div>
  );
}

/** Validation messages in the shared contracts start lower-case ("password needs..."); forms show them as sentences. */
export function sentence(message: string | undefined): string | undefined {
  return message ? message.charAt(0).toUpperCase() + message.slice(1) : message;
}
