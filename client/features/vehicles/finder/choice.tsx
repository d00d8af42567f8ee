// A large, keyboard-friendly choice tile: a native checkbox or radio inside its label.
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Choice({ type, name, checked, onChange, children, hint }: {
  type: 'checkbox' | 'radio';
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm font-medium transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-secondary ring-1 ring-primary' : 'border-border hover:border-primary/60',
      )}
    >
      <input type={type} name={name} checked={checked} onChange={onChange} className="size-4 shrink-0 accent-[var(--primary)]" />
      <span className="flex-1">{children}</span>
      {hint !== undefined && <span className="text-xs text-muted-foreground">{hint}</span>}
    </label>
  );
}
