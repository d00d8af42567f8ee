// Staff notes on an inbox record (a lead, a pre-approval application): the notes so far, oldest first, and the form
// that adds one. The form is controlled by the page, which clears it when its mutation succeeds.
import { useId, type FormEvent, type ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/input';

export interface InboxNote { id: number; body: string; authorName: string; createdAt: string }

/** The notes with author and time; `empty` is said instead of an empty list when given. */
export function NotesList({ notes, formatDate, empty }: { notes: readonly InboxNote[]; formatDate: (iso: string) => string; empty?: ReactNode }) {
  if (notes.length === 0 && empty) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol className="mb-3 grid gap-2">
      {notes.map((n) => (
        <li key={n.id} className="rounded-lg border border-border p-3 text-sm">
          <p className="whitespace-pre-wrap">{n.body}</p>
          <p className="mt-1 text-xs text-muted-foreground">{n.authorName} · {formatDate(n.createdAt)}</p>
        </li>
      ))}
    </ol>
  );
}

/** A new note; submitted trimmed, never empty. `hideLabel` when the section's heading already says what it is. */
export function NoteForm({ label, hideLabel = false, placeholder, value, onChange, onSubmit, busy }: {
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (body: string) => void;
  busy: boolean;
}) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) onSubmit(value.trim());
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>{label}</label>
      <textarea
        id={id}
        value={value}
        maxLength={4000}
        rows={3}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={cn(inputClass, 'h-auto min-h-20 resize-y')}
      />
      <Button type="submit" size="sm" className="justify-self-end" disabled={!value.trim() || busy}>
        {busy && <LoaderCircle className="animate-spin" aria-hidden />}Add note
      </Button>
    </form>
  );
}
