// Adding or changing an inventory feed (issue 32 "Setting up"): the address and its credentials, the schedule, then
// the column mapping screen: the feed's first rows, and for each of our fields the feed's column that holds it, as
// suggested from common DMS column names and corrected by the admin. Then how a vendor's export becomes ours (issue
// 54 §1): encoding, delimiter, miles, translations of its codes, defaults, and the first rows as they will be
// published; the preview is read again as those change.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Eye, LoaderCircle, Save } from 'lucide-react';
import {
  FEED_DEFAULTS, FEED_FIELD_LABELS, FEED_FIELDS, FEED_REQUIRED_FIELDS, type Feed, type FeedField, type FeedMapping, type FeedPreview,
} from '@domain/inventory-feeds';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { TableScroll } from '@/components/ui/table-scroll';
import { toast } from '@/components/ui/use-toast';
import { usePreviewFeed, type PreviewRequest } from '../api/preview-feed';
import { useSaveFeed, type FeedDraft } from '../api/save-feed';
import { FeedDefaultsEditor, ReadingSettings, TranslatedRows, ValueTranslations, type ReadingDraft } from './feed-reading-fields';

export function FeedForm({ feed, onDone }: { feed: Feed | null; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(feed?.name ?? '');
  const [url, setUrl] = useState(feed?.url ?? '');
  const [username, setUsername] = useState(feed?.username ?? '');
  const [password, setPassword] = useState('');
  const [interval, setInterval] = useState(String(feed?.intervalMinutes ?? FEED_DEFAULTS.intervalMinutes));
  const [goneAction, setGoneAction] = useState<'sold' | 'delete'>(feed?.goneAction ?? FEED_DEFAULTS.goneAction);
  const [threshold, setThreshold] = useState(String(feed?.removalThresholdPercent ?? FEED_DEFAULTS.removalThresholdPercent));
  const [mapping, setMapping] = useState<FeedMapping>(feed?.mapping ?? {});
  const [reading, setReading] = useState<ReadingDraft>({
    encoding: feed?.encoding ?? 'auto', delimiter: feed?.delimiter ?? 'auto', odometerUnit: feed?.odometerUnit ?? null,
    defaults: feed?.defaults ?? {}, translations: feed?.translations ?? {},
  });
  const [preview, setPreview] = useState<FeedPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const previewing = usePreviewFeed();
  const saving = useSaveFeed();

  const request = (m: FeedMapping | undefined, r: ReadingDraft): PreviewRequest => ({
    url, ...(username ? { username, password: password || null } : {}), ...(feed && !password ? { feedId: feed.id } : {}),
    ...(m ? { mapping: m } : {}), ...r,
  });

  async function loadPreview() {
    setErrors({});
    try {
      // A new feed starts from the suggestion; an existing one keeps its mapping where its columns still exist.
      const p = await previewing.mutateAsync(request(feed ? mapping : undefined, reading));
      setPreview(p);
      setMapping((m) => {
        if (!feed) return p.suggested;
        const kept = Object.fromEntries(Object.entries(m).filter(([, col]) => col && p.headers.includes(col)));
        return { ...p.suggested, ...kept };
      });
    } catch (err) {
      setErrors(isApiError(err) && Object.keys(err.fields).length ? err.fields : { url: errorMessage(err, 'The feed could not be read.') });
    }
  }

  // Once the file has been read, each change of the mapping or the reading settings reads the rows again, so the
  // published values on screen always follow the settings (a short pause first: a burst of choices is one read).
  const seen = useRef<string | null>(null);
  const settingsKey = JSON.stringify([mapping, reading]);
  const hasPreview = preview !== null;
  useEffect(() => {
    if (!hasPreview) { seen.current = null; return; }
    if (seen.current === null) { seen.current = settingsKey; return; }
    if (seen.current === settingsKey) return;
    const timer = window.setTimeout(() => {
      seen.current = settingsKey;
      previewing.mutateAsync(request(mapping, reading)).then(setPreview, (err: unknown) => {
        setErrors(isApiError(err) && Object.keys(err.fields).length ? err.fields : { form: errorMessage(err, 'The rows could not be read again.') });
      });
    }, 400);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the settings' key stands for mapping and reading
  }, [settingsKey, hasPreview]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    const draft: FeedDraft = {
      name, url, format: 'csv', intervalMinutes: Number(interval), mapping, username: username || null,
      ...(password || !feed ? { password: password || null } : {}),
      goneAction, removalThresholdPercent: Number(threshold), enabled: feed?.enabled ?? true, ...reading,
    };
    try {
      await saving.mutateAsync({ id: feed?.id ?? null, draft });
      toast({ title: feed ? 'Feed saved' : 'Feed added', description: feed ? undefined : 'It runs within a minute, then on its schedule. You can also run it now.' });
      onDone();
    } catch (err) {
      setErrors(isApiError(err) && Object.keys(err.fields).length ? err.fields : { form: errorMessage(err, 'The feed could not be saved.') });
    }
  }

  const columns = preview?.headers ?? [...new Set(Object.values(mapping).filter((c): c is string => Boolean(c)))];
  const setField = (f: FeedField, col: string) => setMapping((m) => ({ ...m, [f]: col || null }));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={feed ? `Edit the feed ${feed.name}` : 'Add an inventory feed'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" hint="How the run history and e-mails name it, e.g. “DMS used inventory”." error={errors.name}>
          {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />}
        </FormField>
        <FormField id={`${id}-url`} label="Feed address (CSV)" hint="The http(s) address your DMS or feed provider publishes." error={errors.url}>
          {(p) => <Input {...p} type="url" inputMode="url" value={url} onChange={(e) => { setUrl(e.target.value); setPreview(null); }} placeholder="https://feeds.example.com/dealer/inventory.csv" required />}
        </FormField>
        <FormField id={`${id}-user`} label="User name" optional hint="Only if the address asks for a sign-in (basic auth)." error={errors.username}>
          {(p) => <Input {...p} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />}
        </FormField>
        <FormField id={`${id}-password`} label="Password" optional hint={feed?.hasPassword ? 'A password is stored (encrypted). Leave empty to keep it.' : 'Stored encrypted, never shown again.'} error={errors.password}>
          {(p) => <Input {...p} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />}
        </FormField>
        <FormField id={`${id}-interval`} label="Check interval (minutes)" hint="How often the feed is read: 60 by default; at least 5." error={errors.intervalMinutes}>
          {(p) => <Input {...p} type="number" inputMode="numeric" min={5} max={10080} value={interval} onChange={(e) => setInterval(e.target.value)} />}
        </FormField>
        <FormField id={`${id}-gone`} label="A unit gone from the feed" error={errors.goneAction}>
          {(p) => (
            <Select {...p} value={goneAction} onChange={(e) => setGoneAction(e.target.value as 'sold' | 'delete')}>
              <option value="sold">is marked sold (leaves search at once)</option>
              <option value="delete">is deleted from the site</option>
            </Select>
          )}
        </FormField>
        <FormField id={`${id}-threshold`} label="Hold a run that removes more than (%)" hint="Such a run waits for your approval; so does a feed that shrinks by half." error={errors.removalThresholdPercent}>
          {(p) => <Input {...p} type="number" inputMode="numeric" min={1} max={100} value={threshold} onChange={(e) => setThreshold(e.target.value)} />}
        </FormField>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={() => void loadPreview()} disabled={!url || previewing.isPending}>
          {previewing.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Eye aria-hidden />}
          {preview ? 'Read the feed again' : 'Read the feed and map its columns'}
        </Button>
        {preview && <p className="text-sm text-muted-foreground" role="status">{preview.rowCount.toLocaleString('en-CA')} rows, {preview.headers.length} columns.</p>}
      </div>

      <ReadingSettings draft={reading} onChange={(d) => setReading((r) => ({ ...r, ...d }))} preview={preview} errors={errors} />

      {(preview || feed) && (
        <section aria-labelledby={`${id}-mapping`} className="flex flex-col gap-3">
          <h3 id={`${id}-mapping`} className="font-bold">Column mapping</h3>
          <p className="text-sm text-muted-foreground">Which of the feed's columns holds each field. Suggested from the column names; a field left out is never overwritten by the feed.</p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {FEED_FIELDS.map((f) => (
              <FormField key={f} id={`${id}-map-${f}`} label={`${FEED_FIELD_LABELS[f]}${FEED_REQUIRED_FIELDS.includes(f) ? ' *' : ''}`} error={errors[`mapping.${f}`]}>
                {(p) => (
                  <Select {...p} value={mapping[f] ?? ''} onChange={(e) => setField(f, e.target.value)}>
                    <option value="">Not in the feed</option>
                    {columns.map((c) => <option key={c} value={c}>{c}</option>)}
                  </Select>
                )}
              </FormField>
            ))}
          </div>
          <FeedDefaultsEditor defaults={reading.defaults} onChange={(defaults) => setReading((r) => ({ ...r, defaults }))} errors={errors} />
          {preview && <ValueTranslations preview={preview} translations={reading.translations} onChange={(translations) => setReading((r) => ({ ...r, translations }))} errors={errors} />}
          {preview && <TranslatedRows preview={preview} />}
          {preview && preview.rows.length > 0 && <h3 className="font-bold">The first rows as in the file</h3>}
          {preview && preview.rows.length > 0 && (
            // Focusable, so a keyboard can scroll a feed wider than the screen (WCAG 2.1.1; axe scrollable-region-focusable).
            <TableScroll tabIndex={0} role="region" aria-label="The feed's first rows" className="rounded-lg border border-border">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">The feed's first rows, as in the file</caption>
                <thead className="bg-muted/60">
                  <tr>{preview.headers.map((h) => <th key={h} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">{h}</th>)}</tr>
                </thead>
                <tbody>
                  {preview.rows.map((r, i) => (
                    <tr key={i} className="border-t border-border">
                      {preview.headers.map((h) => <td key={h} className="max-w-56 truncate px-3 py-2 whitespace-nowrap" title={r[h]}>{r[h]}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </section>
      )}

      {errors.form && <p role="alert" className="text-sm font-medium text-destructive">{errors.form}</p>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving.isPending || (!feed && !preview)}>
          {saving.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {feed ? 'Save the feed' : 'Add the feed'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}
