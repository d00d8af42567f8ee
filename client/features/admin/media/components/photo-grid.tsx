// The vehicle's photos in the order buyers see them (the first is the cover). Reorder by dragging (native HTML5
// drag and drop) or from the keyboard with the move buttons; set the cover, edit the alt text, delete with a
// confirmation. Order changes show at once and are undone if the server refuses them.
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { ArrowLeft, ArrowRight, GripVertical, Star, Trash2 } from 'lucide-react';
import { MAX_ALT_LENGTH, type AdminPhoto } from '@domain/media';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { VehiclePhoto } from '@/components/vehicle-photo';
import { useDeletePhoto } from '../api/delete-photo';
import { useReorderPhotos } from '../api/reorder-photos';
import { useSetCover } from '../api/set-cover-photo';
import { useSetAlt } from '../api/update-photo-alt';

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

function AltEditor({ vehicleId, photo, number }: { vehicleId: number; photo: AdminPhoto; number: number }) {
  const [value, setValue] = useState(photo.alt);
  const setAlt = useSetAlt(vehicleId);
  useEffect(() => setValue(photo.alt), [photo.alt]);
  const changed = value.trim() !== photo.alt;
  const id = `alt-${photo.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!changed) return;
    setAlt.mutate({ photoId: photo.id, alt: value }, {
      onSuccess: () => toast({ variant: 'success', title: 'Alt text saved' }),
      onError: (err) => toast({ variant: 'destructive', title: 'Alt text not saved', description: errorMessage(err) }),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold">Alt text for photo {number}</label>
      <div className="flex gap-1.5">
        <Input
          id={id}
          value={value}
          maxLength={MAX_ALT_LENGTH}
          onChange={(e) => setValue(e.target.value)}
          placeholder="e.g. Front three-quarter view"
          className="h-8 text-sm md:text-xs"
        />
        <Button type="submit" size="sm" variant="outline" disabled={!changed || setAlt.isPending}>Save</Button>
      </div>
    </form>
  );
}

export function PhotoGrid({ vehicleId, title, photos }: { vehicleId: number; title: string; photos: AdminPhoto[] }) {
  const reorder = useReorderPhotos(vehicleId);
  const setCover = useSetCover(vehicleId);
  const remove = useDeletePhoto(vehicleId);
  /** The order shown while a change is on its way to the server. */
  const [pending, setPending] = useState<number[] | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<AdminPhoto | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** After a keyboard move, focus follows the photo to its new place. */
  const [focusAfter, setFocusAfter] = useState<{ id: number; dir: 'earlier' | 'later' } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const latestSave = useRef(0);

  const byId = new Map(photos.map((p) => [p.id, p]));
  const serverIds = photos.map((p) => p.id);
  // A pending order only applies while it names exactly the photos the server has.
  const ids = pending && pending.length === serverIds.length && pending.every((id) => byId.has(id)) ? pending : serverIds;
  const ordered = ids.map((id) => byId.get(id)!);

  useEffect(() => {
    if (!focusAfter) return;
    const index = ids.indexOf(focusAfter.id);
    const dir = focusAfter.dir === 'earlier' && index === 0 ? 'later' : focusAfter.dir === 'later' && index === ids.length - 1 ? 'earlier' : focusAfter.dir;
    buttons.current.get(`${focusAfter.id}-${dir}`)?.focus();
    setFocusAfter(null);
  }, [focusAfter, ids]);

  const saveOrder = (next: number[], movedId: number) => {
    // Moves made faster than the server answers: only the latest one's answer ends the pending view, so an earlier
    // answer never flashes the photos back to an older order (and a drag never starts from that stale order).
    const seq = ++latestSave.current;
    setPending(next);
    const position = next.indexOf(movedId) + 1;
    setAnnouncement(`Photo moved to position ${position} of ${next.length}${position === 1 ? ', now the cover photo' : ''}.`);
    reorder.mutate(next, {
      onSettled: () => { if (seq === latestSave.current) setPending(null); },
      onError: (err) => {
        setAnnouncement('The new order was not saved.');
        toast({ variant: 'destructive', title: 'Order not saved', description: errorMessage(err) });
      },
    });
  };

  const moveBy = (id: number, delta: -1 | 1) => {
    const from = ids.indexOf(id);
    const to = from + delta;
    if (to < 0 || to >= ids.length) return;
    saveOrder(move(ids, from, to), id);
    setFocusAfter({ id, dir: delta < 0 ? 'earlier' : 'later' });
  };

  const onDrop = (e: DragEvent, targetId: number) => {
    e.preventDefault();
    const sourceId = dragId ?? Number(e.dataTransfer.getData('text/plain'));
    setDragId(null);
    setOverId(null);
    if (!sourceId || sourceId === targetId || !byId.has(sourceId)) return;
    saveOrder(move(ids, ids.indexOf(sourceId), ids.indexOf(targetId)), sourceId);
  };

  const makeCover = (photo: AdminPhoto) => {
    setPending([photo.id, ...ids.filter((id) => id !== photo.id)]);
    setCover.mutate(photo.id, {
      onSettled: () => setPending(null),
      onSuccess: () => { setAnnouncement('Cover photo set.'); toast({ variant: 'success', title: 'Cover photo set' }); },
      onError: (err) => toast({ variant: 'destructive', title: 'Cover not changed', description: errorMessage(err) }),
    });
  };

  const confirmRemove = () => {
    const photo = confirmDelete;
    if (!photo) return;
    remove.mutate(photo.id, {
      onSuccess: () => { setConfirmDelete(null); toast({ variant: 'success', title: 'Photo deleted' }); },
      onError: (err) => { setConfirmDelete(null); toast({ variant: 'destructive', title: 'Photo not deleted', description: errorMessage(err) }); },
    });
  };

  if (photos.length === 0) {
    return <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">This vehicle has no photos yet. Add some above: the first one becomes the cover.</p>;
  }

  return (
    <>
      <p className="sr-only" aria-live="polite">{announcement}</p>
      <p className="text-sm text-muted-foreground">
        Drag a photo to move it, or use its arrow buttons. The first photo is the cover buyers see in search results.
      </p>
      <ol aria-label="Photos in the order buyers see them" className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-3" data-testid="photo-list">
        {ordered.map((p, i) => {
          const n = i + 1;
          return (
            <li
              key={p.id}
              data-testid="photo-card"
              data-photo-id={p.id}
              draggable
              onDragStart={(e) => { setDragId(p.id); e.dataTransfer.effectAllowed = 'move'; e.dataTransfer.setData('text/plain', String(p.id)); }}
              onDragOver={(e) => { if (dragId !== null) { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; setOverId(p.id); } }}
              onDragLeave={() => setOverId((o) => (o === p.id ? null : o))}
              onDrop={(e) => onDrop(e, p.id)}
              onDragEnd={() => { setDragId(null); setOverId(null); }}
              className={cn(
                'flex flex-col gap-2 rounded-xl border border-border bg-card p-2.5 shadow-xs transition',
                dragId === p.id && 'opacity-50',
                overId === p.id && dragId !== p.id && 'ring-2 ring-primary',
              )}
            >
              <div className="relative aspect-[4/3] cursor-grab overflow-hidden rounded-lg active:cursor-grabbing">
                <VehiclePhoto fallback="icon" photo={p} alt={p.alt || `${title}, photo ${n}`} sizes="(min-width: 1280px) 22vw, (min-width: 640px) 45vw, 90vw" className="size-full" />
                <span className="absolute top-2 left-2 flex items-center gap-1">
                  <span className="rounded-full bg-black/70 px-2 py-0.5 text-xs font-bold text-white tabular-nums">{n}</span>
                  {i === 0 && <Badge variant="accent"><Star aria-hidden />Cover</Badge>}
                </span>
                <GripVertical className="absolute top-2 right-2 size-5 rounded bg-black/60 text-white" aria-hidden />
              </div>
              <div className="flex flex-wrap items-center gap-1.5">
                <Button
                  ref={(el) => { if (el) buttons.current.set(`${p.id}-earlier`, el); else buttons.current.delete(`${p.id}-earlier`); }}
                  type="button" size="icon-sm" variant="outline" disabled={i === 0}
                  aria-label={`Move photo ${n} earlier`} onClick={() => moveBy(p.id, -1)}
                >
                  <ArrowLeft aria-hidden />
                </Button>
                <Button
                  ref={(el) => { if (el) buttons.current.set(`${p.id}-later`, el); else buttons.current.delete(`${p.id}-later`); }}
                  type="button" size="icon-sm" variant="outline" disabled={i === ordered.length - 1}
                  aria-label={`Move photo ${n} later`} onClick={() => moveBy(p.id, 1)}
                >
                  <ArrowRight aria-hidden />
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={i === 0 || setCover.isPending} onClick={() => makeCover(p)} aria-label={i === 0 ? `Photo ${n} is the cover` : `Make photo ${n} the cover`}>
                  <Star aria-hidden />{i === 0 ? 'Cover' : 'Make cover'}
                </Button>
                <Button type="button" size="icon-sm" variant="ghost" className="ml-auto text-destructive" aria-label={`Delete photo ${n}`} onClick={() => setConfirmDelete(p)}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
              <AltEditor vehicleId={vehicleId} photo={p} number={n} />
              <p className="text-xs text-muted-foreground tabular-nums">{p.width} × {p.height} · {(p.bytes / 1024).toFixed(0)} KB stored</p>
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(open) => { if (!open) setConfirmDelete(null); }}
        title="Delete this photo?"
        description={confirmDelete ? `Photo ${ids.indexOf(confirmDelete.id) + 1} of the ${title} is removed from the listing and its files are deleted. This cannot be undone.` : ''}
        confirmLabel="Delete photo"
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
