// The vehicle form's AMVIC disclosures (issue 34 §5; the list is domain/amvic-disclosures.ts): one question per
// item, answered Yes, No or Unknown. "Not answered" is its own choice and the default, so an import or a new vehicle
// is never taken to have said "No". Only a used dealer vehicle needs them; the answers are kept whatever the condition.
import { useId } from 'react';
import {
  AMVIC_DISCLOSURES, DISCLOSURE_ANSWER_LABELS, DISCLOSURE_ANSWERS, unansweredDisclosures, type AmvicDisclosures, type DisclosureAnswer,
} from '@domain/amvic-disclosures';
import { cn } from '@/lib/cn';

export function AmvicDisclosuresFieldset({ value, onChange, condition }: {
  value: AmvicDisclosures;
  onChange: (next: AmvicDisclosures) => void;
  condition: unknown;
}) {
  const uid = useId();
  const open = unansweredDisclosures(value).length;
  const set = (key: string, answer: DisclosureAnswer | null) => {
    const next = { ...value } as Record<string, DisclosureAnswer>;
    if (answer === null) delete next[key];
    else next[key] = answer;
    onChange(next as AmvicDisclosures);
  };
  const choices: { v: DisclosureAnswer | null; label: string }[] = [
    { v: null, label: 'Not answered' }, ...DISCLOSURE_ANSWERS.map((a) => ({ v: a, label: DISCLOSURE_ANSWER_LABELS[a] })),
  ];
  return (
    <fieldset className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:p-6" data-testid="amvic-form">
      <legend className="px-1 text-base font-bold">AMVIC disclosures (used sale)</legend>
      <p className="text-sm text-muted-foreground">
        What Alberta&apos;s AMVIC requires you to tell a buyer in writing before a used sale. The vehicle page shows the answers.
        {condition === 'new' ? ' This vehicle is new: none are required.' : open > 0 ? ` ${open} of ${AMVIC_DISCLOSURES.length} not answered yet.` : ' All answered.'}
      </p>
      <div className="grid gap-1 divide-y divide-border">
        {AMVIC_DISCLOSURES.map((d) => {
          const current = value[d.key] ?? null;
          return (
            <fieldset key={d.key} className="grid gap-2 py-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
              <legend className="float-left text-sm sm:float-none">{d.question}</legend>
              <div className="clear-left flex flex-wrap gap-1" role="presentation">
                {choices.map((c) => {
                  const id = `${uid}-${d.key}-${c.v ?? 'none'}`;
                  return (
                    <label key={id} htmlFor={id}
                      className={cn('inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-md border border-border px-2 text-xs font-medium has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring', c.v === null && 'text-muted-foreground')}>
                      <input id={id} type="radio" name={`${uid}-${d.key}`} className="size-3.5 accent-primary" checked={current === c.v} onChange={() => set(d.key, c.v)} />
                      {c.label}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
