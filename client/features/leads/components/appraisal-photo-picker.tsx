// The seller's photos on /sell-my-vehicle and /trade-appraiser (issue 6: "condition and photos"). Picked here and
// previewed from the device; they are sent after the estimate (POST /api/appraisals/:id/photos), where the server
// checks each by content, re-encodes it and strips its metadata. The browser only pre-checks count and size.
import { useEffect, useRef, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { APPRAISAL_MAX_PHOTOS } from '@domain/appraisal';
import { ACCEPT_ATTRIBUTE, ACCEPTED_FORMATS_LABEL, MAX_UPLOAD_BYTES } from '@domain/media';
import { Button } from '@/components/ui/button';

export interface PickedPhoto { id: string; file: File; url: string }

const mb = (n: number) => `${Number((n / (1024 * 1024)).toFixed(1))} MB`;

export function AppraisalPhotoPicker({ photos, onChange, disabled }: { photos: PickedPhoto[]; onChange: (next: PickedPhoto[]) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // Previews are object URLs of the device's files: released when the form goes away.
  const live = useRef(photos);
  live.current = photos;
  useEffect(() => () => { for (const p of live.current) URL.revokeObjectURL(p.url); }, []);

  const add = (files: File[]) => {
    const found: string[] = [];
    const room = APPRAISAL_MAX_PHOTOS - photos.length;
    const ok = files.filter((f) => {
      if (f.size === 0) { found.push(`${f.name}: the file is empty.`); return false; }
      if (f.size > MAX_UPLOAD_BYTES) { found.push(`${f.name}: the file is ${mb(f.size)}; photos can be at most ${mb(MAX_UPLOAD_BYTES)}.`); return false; }
      return true;
    });
    if (ok.length > room) found.push(`Up to ${APPRAISAL_MAX_PHOTOS} photos: ${ok.length - room} of the ones you chose ${ok.length - room === 1 ? 'was' : 'were'} left out.`);
    setProblems(found);
    onChange([...photos, ...ok.slice(0, Math.max(room, 0)).map((file) => ({ id: crypto.randomUUID(), file, url: URL.createObjectURL(file) }))]);
  };
  const remove = (p: PickedPhoto) => {
    URL.revokeObjectURL(p.url);
    setProblems([]);
    onChange(photos.filter((x) => x.id !== p.id));
  };

  return (
    <div className="grid gap-3 sm:col-span-2">
      <div>
        <p id="appraisal-photos-label" className="text-sm font-medium">Photos <span className="font-normal text-muted-foreground">(optional)</span></p>
        <p id="appraisal-photos-hint" className="mt-1 text-sm text-muted-foreground">
          Up to {APPRAISAL_MAX_PHOTOS}: all four sides, the interior, the odometer and any damage. {ACCEPTED_FORMATS_LABEL}, up to {mb(MAX_UPLOAD_BYTES)} each.
          Location and camera data are removed. They go to our specialist with your estimate.
        </p>
      </div>
      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-labelledby="appraisal-photos-label">
          {photos.map((p, i) => (
            <li key={p.id} className="relative overflow-hidden rounded-lg border border-border bg-muted">
              <img src={p.url} alt={`Photo ${i + 1}: ${p.file.name}`} className="aspect-[4/3] w-full object-cover" />
              <Button
                type="button" size="icon-sm" variant="secondary" disabled={disabled}
                className="absolute right-1 top-1 rounded-full shadow"
                aria-label={`Remove photo ${i + 1} (${p.file.name})`} onClick={() => remove(p)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input} type="file" multiple accept={ACCEPT_ATTRIBUTE} className="sr-only" tabIndex={-1} aria-hidden data-testid="appraisal-photo-input"
        onChange={(e) => { add([...(e.target.files ?? [])]); e.target.value = ''; }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" aria-describedby="appraisal-photos-hint" disabled={disabled || photos.length >= APPRAISAL_MAX_PHOTOS} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden />{photos.length ? 'Add more photos' : 'Add photos'}
        </Button>
        <span className="text-sm text-muted-foreground" aria-live="polite">{photos.length} of {APPRAISAL_MAX_PHOTOS} chosen</span>
      </div>
      {problems.length > 0 && (
        <div role="alert" className="rounded-md bg-destructive/10 p-3 text-sm font-medium text-destructive dark:text-red-300">
          <ul className="grid gap-1">{problems.map((m) => <li key={m}>{m}</li>)}</ul>
        </div>
      )}
    </div>
  );
}
