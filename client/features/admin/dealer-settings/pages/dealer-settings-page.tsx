// /admin/dealer-settings (issues 33 §6 and 34 §5): the days both stores close (Alberta holidays and other dates),
// which the booking form, the server's booking check and the assistant follow; and the feeds' AMVIC rule.
import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Save } from 'lucide-react';
import { albertaDate } from '@domain/alberta-time';
import { ALBERTA_HOLIDAYS, holidayDate, type HolidayKey } from '@domain/dealer-settings';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { inputClass } from '@/components/ui/input';
import { DEALER_SETTINGS_KEY, useDealerSettings } from '../api/get-dealer-settings';
import { saveDealerSettings } from '../api/save-dealer-settings';

const longDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-CA', { timeZone: 'UTC', weekday: 'short', month: 'long', day: 'numeric', year: 'numeric' });

/** The holiday's next date from today (this year's, or next year's once it has passed). */
function nextDate(key: HolidayKey, today: string): string {
  const y = Number(today.slice(0, 4));
  const d = holidayDate(key, y);
  return d >= today ? d : holidayDate(key, y + 1);
}

export default function DealerSettingsPage() {
  const qc = useQueryClient();
  const { data, isPending, isError, refetch } = useDealerSettings();
  const [holidays, setHolidays] = useState<HolidayKey[]>([]);
  const [dates, setDates] = useState('');
  const [feedsRule, setFeedsRule] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const today = albertaDate();

  useEffect(() => {
    if (!data) return;
    setHolidays(data.closedHolidays);
    setDates(data.closedDates.join('\n'));
    setFeedsRule(data.feedsRequireDisclosures);
  }, [data]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setFieldErrors({});
    try {
      const saved = await saveDealerSettings({
        closedHolidays: holidays, closedDates: dates.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean), feedsRequireDisclosures: feedsRule,
      });
      qc.setQueryData([DEALER_SETTINGS_KEY], saved);
      await qc.invalidateQueries({ queryKey: ['/api/closed-days'] });
      toast({ title: 'Dealer settings saved', description: 'Booking, the assistant and the feeds follow them from now on.', variant: 'success' });
    } catch (err) {
      if (isApiError(err) && err.fields) setFieldErrors(err.fields);
      toast({ title: 'Not saved', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Dealer settings</h1>
        <p className="mt-1 text-muted-foreground">The days both stores close, and what the vehicle feeds require.</p>
      </header>
      {isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground"><LoaderCircle className="animate-spin" aria-hidden />Loading the settings…</p>
      ) : isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 p-4">
          <p>The settings could not be loaded.</p>
          <Button variant="outline" className="mt-2" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : (
        <form className="grid gap-6" onSubmit={(e) => void save(e)} noValidate aria-label="Dealer settings">
          <fieldset className="grid gap-3 rounded-xl border border-border bg-card p-4 sm:p-6">
            <legend className="px-1 text-lg font-bold">Closed holidays</legend>
            <p className="text-sm text-muted-foreground">
              Both stores close on the days ticked: booking offers no times then, and the assistant says so. Statutory holidays are Alberta&apos;s general holidays.
            </p>
            <ul className="grid gap-2 sm:grid-cols-2">
              {ALBERTA_HOLIDAYS.map((h) => (
                <li key={h.key}>
                  <label className="flex min-h-8 items-start gap-2 text-sm">
                    <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={holidays.includes(h.key)}
                      onChange={(e) => setHolidays((list) => (e.target.checked ? [...list, h.key] : list.filter((k) => k !== h.key)))} />
                    <span>
                      <span className="font-medium">{h.name}</span>{!h.stat && <span className="text-muted-foreground"> (not a statutory holiday)</span>}
                      <span className="block text-xs text-muted-foreground">Next: {longDate(nextDate(h.key, today))}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>

          <fieldset className="grid gap-2 rounded-xl border border-border bg-card p-4 sm:p-6">
            <legend className="px-1 text-lg font-bold">Other closed days</legend>
            <Label htmlFor="closed-dates">Dates, one per line</Label>
            <textarea id="closed-dates" rows={4} className={cn(inputClass, 'h-auto min-h-24 font-mono')} value={dates} onChange={(e) => setDates(e.target.value)}
              placeholder="e.g. 12-24" aria-invalid={Boolean(fieldErrors.closedDates)} aria-describedby="closed-dates-help" />
            <p id="closed-dates-help" className={cn('text-sm', fieldErrors.closedDates ? 'text-destructive' : 'text-muted-foreground')}>
              {fieldErrors.closedDates ?? 'MM-DD closes that day every year (12-24 for Christmas Eve); YYYY-MM-DD closes one date.'}
            </p>
          </fieldset>

          <fieldset className="grid gap-2 rounded-xl border border-border bg-card p-4 sm:p-6">
            <legend className="px-1 text-lg font-bold">Vehicle feeds</legend>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={feedsRule} onChange={(e) => setFeedsRule(e.target.checked)} />
              <span>
                <span className="font-medium">Keep used vehicles with unanswered AMVIC disclosures out of the Google feed and the inventory CSV</span>
                <span className="block text-xs text-muted-foreground">Off by default. The vehicle form records the disclosures; the dashboard lists the vehicles still missing answers.</span>
              </span>
            </label>
          </fieldset>

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={saving}>{saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}Save settings</Button>
            {data.updatedAt && <p className="text-sm text-muted-foreground">Last saved {longDate(data.updatedAt.slice(0, 10))}.</p>}
          </div>
        </form>
      )}
    </div>
  );
}
