// The fields both back-office inboxes (leads, pre-approvals) work a record with: its status in a pipeline and who it is
// assigned to, plus the list's filter by assignee. Each inbox keeps its own wording (its labels, what "nobody" is
// called), which staff and the end-to-end tests know, so the texts are props and the markup is shared.
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Select } from '@/components/ui/select';

export interface Assignee { id: number; name: string }

function Field({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {children}
    </div>
  );
}

/** The record's place in its pipeline, labelled "Status". */
export function StatusSelect<S extends string>({ statuses, labels, value, onChange, disabled, className, selectClassName }: {
  statuses: readonly S[];
  labels: Record<S, string>;
  value: S;
  onChange: (status: S) => void;
  disabled?: boolean;
  className?: string;
  selectClassName?: string;
}) {
  const id = useId();
  return (
    <Field id={id} label="Status" className={className}>
      <Select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as S)} className={selectClassName}>
        {statuses.map((s) => <option key={s} value={s}>{labels[s]}</option>)}
      </Select>
    </Field>
  );
}

/** Who works the record; the empty choice (`noneLabel`) unassigns it. */
export function AssigneeSelect({ label, noneLabel, assignees, value, onChange, disabled, className, selectClassName }: {
  label: string;
  noneLabel: string;
  assignees: readonly Assignee[];
  value: number | null;
  onChange: (assigneeId: number | null) => void;
  disabled?: boolean;
  className?: string;
  selectClassName?: string;
}) {
  const id = useId();
  return (
    <Field id={id} label={label} className={className}>
      <Select id={id} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} className={selectClassName}>
        <option value="">{noneLabel}</option>
        {assignees.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
      </Select>
    </Field>
  );
}

/**
 * The list's filter by assignee: '' is anyone, 'none' the unassigned records (`noneLabel`), else an assignee's id,
 * as both list endpoints take it.
 */
export function AssigneeFilter({ label, noneLabel, assignees, value, onChange, className, selectClassName }: {
  label: string;
  noneLabel: string;
  assignees: readonly Assignee[] | undefined;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  selectClassName?: string;
}) {
  const id = useId();
  return (
    <Field id={id} label={label} className={className}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClassName}>
        <option value="">Anyone</option>
        <option value="none">{noneLabel}</option>
        {assignees?.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
      </Select>
    </Field>
  );
}
