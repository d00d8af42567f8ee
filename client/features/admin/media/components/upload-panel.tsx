// Many photos at once (admin issue, "upload many photos at once with progress"): drop them or pick them, and each
// file uploads on its own request (two at a time) with its own progress bar, so one bad file never holds up the rest
// and its reason is shown beside it. The server decides what is an image; the browser only pre-checks the size.
import { useId, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, ImagePlus, LoaderCircle, X } from 'lucide-react';
import { ACCEPT_ATTRIBUTE, ACCEPTED_FORMATS_LABEL, MAX_UPLOAD_BYTES } from '@domain/media';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { vehiclePhotosQueryOptions } from '../api/get-vehicle-photos';
import { uploadPhoto } from '../api/upload-photo';
import { applyPhotoChange } from '../photo-change';

type Status = 'waiting' | 'uploading' | 'processing' | 'done' | 'error';
interface UploadItem { id: string; name: string; size: number; progress: number; status: Status; message?: string }

/** Two at a time: keeps the connection busy without making the server encode many photos at once. */
const CONCURRENCY = 2;
const mb = (n: number) => `${Number((n / (1024 * 1024)).toFixed(1))} MB`;

const STATUS_TEXT: Record<Status, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  processing: 'Processing',
  done: 'Added',
  error: 'Not added',
};

export function UploadPanel({ vehicleId, disabled }: { vehicleId: number; disabled?: boolean }) {
  const qc = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [over, setOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const update = (id: string, patch: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  const addFiles = (fileList: FileList | File[]) => {
    const files = Array.from(fileList);
    if (!files.length) return;
    const batch = files.map((file) => {
      const item: UploadItem = { id: crypto.randomUUID(), name: file.name, size: file.size, progress: 0, status: 'waiting' };
      // Saves a 15 MB round trip; the server checks again (and checks everything else).
      if (file.size > MAX_UPLOAD_BYTES) Object.assign(item, { status: 'error', message: `The file is ${mb(file.size)}; photos can be at most ${mb(MAX_UPLOAD_BYTES)}.` });
      else if (file.size === 0) Object.assign(item, { status: 'error', message: 'The file is empty (0 bytes).' });
      return { item, file };
    });
    setItems((list) => [...list.filter((i) => i.status !== 'done'), ...batch.map((b) => b.item)]);
    const todo = batch.filter((b) => b.item.status === 'waiting');
    let next = 0;
    let added = 0;
    const worker = async () => {
      for (;;) {
        const job = todo[next++];
        if (!job) return;
        const { item, file } = job;
        update(item.id, { status: 'uploading' });
        try {
          const result = await uploadPhoto(vehicleId, file, (p) => update(item.id, { progress: p, status: p >= 1 ? 'processing' : 'uploading' }));
          update(item.id, { status: 'done', progress: 1 });
          added++;
          await applyPhotoChange(qc, vehicleId, result);
        } catch (err) {
          update(item.id, { status: 'error', message: errorMessage(err, 'The upload failed. Try again.') });
        }
      }
    };
    void Promise.all(Array.from({ length: CONCURRENCY }, worker)).then(async () => {
      // Answers can arrive out of order; one fresh read settles the final order.
      await qc.invalidateQueries({ queryKey: vehiclePhotosQueryOptions(vehicleId).queryKey });
      const refused = batch.length - added;
      toast({
        variant: refused ? 'destructive' : 'success',
        title: added ? `${added} ${added === 1 ? 'photo' : 'photos'} added` : 'No photos added',
        description: refused ? `${refused} ${refused === 1 ? 'file was' : 'files were'} not added; the reasons are listed under Uploads.` : undefined,
      });
    });
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) addFiles(e.dataTransfer.files);
  };
  const active = items.filter((i) => i.status === 'uploading' || i.status === 'processing' || i.status === 'waiting').length;

  return (
    <section aria-labelledby={`${hintId}-title`} className="flex flex-col gap-3">
      <h2 id={`${hintId}-title`} className="text-lg font-bold">Add photos</h2>
      <div
        onDragOver={(e) => { if (Array.from(e.dataTransfer.types).includes('Files')) { e.preventDefault(); setOver(true); } }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border bg-muted/40 p-6 text-center transition',
          over && 'border-primary bg-secondary',
        )}
      >
        <ImagePlus className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-sm font-medium">Drop photos here, or</p>
        <Button type="button" onClick={() => inputRef.current?.click()} disabled={disabled} aria-describedby={hintId}>
          Choose photos
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          tabIndex={-1}
          aria-label="Photos to upload"
          data-testid="photo-file-input"
          onChange={(e) => { addFiles(e.target.files ?? []); e.target.value = ''; }}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {ACCEPTED_FORMATS_LABEL}, up to {mb(MAX_UPLOAD_BYTES)} each. Location and camera data are removed; new photos go after the current ones.
        </p>
      </div>

      {items.length > 0 && (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">Uploads</h3>
            {active === 0 && (
              <Button type="button" size="sm" variant="ghost" onClick={() => setItems([])}>
                <X aria-hidden />Clear list
              </Button>
            )}
          </div>
          <p className="sr-only" aria-live="polite">
            {active ? `Uploading: ${items.length - active} of ${items.length} finished.` : `Uploads finished: ${items.filter((i) => i.status === 'done').length} added, ${items.filter((i) => i.status === 'error').length} not added.`}
          </p>
          <ul className="flex flex-col gap-2" aria-label="Uploads">
            {items.map((i) => (
              <li key={i.id} className="rounded-lg border border-border bg-card p-2.5 text-sm" data-testid="upload-item" data-status={i.status}>
                <div className="flex items-center gap-2">
                  {i.status === 'done' ? <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
                    : i.status === 'error' ? <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
                      : <LoaderCircle className={cn('size-4 shrink-0 text-muted-foreground', i.status !== 'waiting' && 'animate-spin')} aria-hidden />}
                  <span className="min-w-0 flex-1 truncate font-medium" title={i.name}>{i.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{mb(i.size)}</span>
                  <span className={cn('shrink-0 text-xs font-semibold', i.status === 'error' ? 'text-destructive' : 'text-muted-foreground')}>
                    {STATUS_TEXT[i.status]}{i.status === 'uploading' ? ` ${Math.round(i.progress * 100)} %` : ''}
                  </span>
                </div>
                {i.status !== 'error' && (
                  <progress
                    className="mt-2 h-1.5 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
                    max={1}
                    value={i.status === 'processing' ? undefined : i.progress}
                    aria-label={`Upload of ${i.name}`}
                  />
                )}
                {i.message && <p className="mt-1 text-xs text-destructive">{i.message}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
