// On the vehicle form of a vehicle an inventory feed brought (issue 32 "Hand edits"): keep the whole vehicle, or
// single fields of it, from the feed's updates, so a hand-set price or description is not overwritten by the next run.
import { useId } from 'react';
import { Lock } from 'lucide-react';
import { FEED_FIELD_LABELS, type FeedField } from '@domain/inventory-feeds';
import { errorMessage } from '@/lib/api-client';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/use-toast';
import { useFeedLock, useSetFeedLock } from '../api/feed-lock';

/** The fields a dealer most often sets by hand; the rest follow the feed. */
const LOCKABLE: FeedField[] = ['price', 'original_price', 'description', 'features', 'photo_urls', 'odometer_km', 'location', 'trim', 'exterior_color'];

export function FeedLockPanel({ vehicleId }: { vehicleId: number }) {
  const id = useId();
  const { data } = useFeedLock(vehicleId);
  const save = useSetFeedLock(vehicleId);
  if (!data || data.feedId === null) return null;
  const all = data.locked === 'all';
  const fields = all ? [] : (data.locked as FeedField[]);

  async function change(next: 'all' | FeedField[]) {
    try {
      await save.mutateAsync(next);
    } catch (err) {
      toast({ title: 'Not saved', description: errorMessage(err, 'Try again.'), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-border bg-card p-4">
      <h2 id={`${id}-title`} className="mb-1 flex items-center gap-2 text-base font-bold"><Lock className="size-4" aria-hidden />From an inventory feed</h2>
      {data.decoded.length > 0 && (
        <p className="mb-2 text-sm">
          The feed did not give its {data.decoded.map((f) => FEED_FIELD_LABELS[f].toLowerCase()).join(', ')}: {data.decoded.length === 1 ? 'it comes' : 'they come'} from the VIN decoder. Check {data.decoded.length === 1 ? 'it' : 'them'} below.
        </p>
      )}
      <p className="mb-3 text-sm text-muted-foreground">Each run of the feed updates this vehicle. Keep what you set by hand:</p>
      <label className="flex items-center gap-2 text-sm font-medium">
        <Checkbox checked={all} disabled={save.isPending} onCheckedChange={(c) => void change(c === true ? 'all' : [])} />
        The whole vehicle (the feed never changes or removes it)
      </label>
      {!all && (
        <fieldset className="mt-3 grid grid-cols-2 gap-2" disabled={save.isPending}>
          <legend className="mb-1 text-sm text-muted-foreground">Or only these fields</legend>
          {LOCKABLE.map((f) => (
            <label key={f} className="flex items-center gap-2 text-sm">
              <Checkbox checked={fields.includes(f)} onCheckedChange={(c) => void change(c === true ? [...fields, f] : fields.filter((x) => x !== f))} />
              {FEED_FIELD_LABELS[f]}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
