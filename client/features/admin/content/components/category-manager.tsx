// The blog's categories on /admin/content: add, rename and describe, move up and down (the blog's order), delete.
// A category's address is set when it is made and never moves (server/modules/content/categories.ts).
import { useId, useState, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_SLUG_MAX, CATEGORY_TITLE, categoryPath, slugify, type AdminCategory } from '@domain/content';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useAdminCategories } from '../api/get-categories';
import { useReorderCategories } from '../api/reorder-categories';
import { useUpdateCategory } from '../api/update-category';

const FIELD = 'grid content-start gap-1 text-sm font-medium';

const postsText = (c: AdminCategory) => {
  const drafts = c.entryCount - c.postCount;
  return `${c.postCount} published ${c.postCount === 1 ? 'post' : 'posts'}${drafts > 0 ? `, ${drafts} not yet live` : ''}`;
};

export function CategoryManager() {
  const { data, isPending, isError, refetch } = useAdminCategories();
  const reorder = useReorderCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (index: number, by: -1 | 1) => {
    if (!data) return;
    const ids = data.map((c) => c.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids, {
      onSuccess: () => setAnnouncement(`${data[index]!.title} moved to position ${index + by + 1} of ${ids.length}.`),
      onError: (err) => toast({ variant: 'destructive', title: 'Order not saved', description: errorMessage(err) }),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (r) => { setDeleting(null); toast({ variant: 'success', title: r.message }); },
      onError: (err) => { setDeleting(null); toast({ variant: 'destructive', title: 'Category not deleted', description: errorMessage(err) }); },
    });
  };

  return (
    <section aria-labelledby="categories-title" className="mt-10">
      <h2 id="categories-title" className="text-xl font-bold tracking-tight">Blog categories</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Shown on the blog in this order. A category&apos;s address is set when it is added and stays, so links to it keep working.
      </p>
      <p className="sr-only" role="status" aria-live="polite">{announcement}</p>

      {isError ? (
        <div role="alert" className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
          The categories could not be loaded. <Button variant="link" className="h-auto p-0" onClick={() => refetch()}>Try again</Button>
        </div>
      ) : isPending ? (
        <div className="mt-4 grid gap-2">{Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-16 w-full" />)}</div>
      ) : (
        <ol className="mt-4 grid gap-2" aria-busy={reorder.isPending}>
          {data.length === 0 && <li className="rounded-xl border border-border bg-card p-6 text-center text-muted-foreground">No categories yet.</li>}
          {data.map((c, i) => (
            <li key={c.id} className="rounded-xl border border-border bg-card p-3 sm:p-4">
              {editing === c.id ? (
                <CategoryEditForm category={c} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold">{c.title}</h3>
                    <p className="text-xs break-all text-muted-foreground">{categoryPath(c.slug)} · {postsText(c)}</p>
                    {c.description && <p className="mt-1 text-sm text-muted-foreground">{c.description}</p>}
                  </div>
                  <div className="flex items-center gap-1.5">
                    <Button type="button" size="icon-sm" variant="outline" disabled={i === 0 || reorder.isPending} aria-label={`Move ${c.title} up`} onClick={() => move(i, -1)}>
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button type="button" size="icon-sm" variant="outline" disabled={i === data.length - 1 || reorder.isPending} aria-label={`Move ${c.title} down`} onClick={() => move(i, 1)}>
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button type="button" size="sm" variant="outline" aria-label={`Edit ${c.title}`} onClick={() => setEditing(c.id)}>
                      <Pencil aria-hidden />Edit
                    </Button>
                    <Button type="button" size="icon-sm" variant="ghost" className="text-destructive" aria-label={`Delete ${c.title}`} onClick={() => setDeleting(c)}>
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}

      <AddCategoryForm />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => { if (!open) setDeleting(null); }}
        title={deleting ? `Delete the category "${deleting.title}"?` : ''}
        description={deleting ? (
          <>
            {deleting.entryCount > 0
              ? `Its ${deleting.entryCount} ${deleting.entryCount === 1 ? 'post stays' : 'posts stay'} on the blog without a category. `
              : 'No post is filed under it. '}
            The page {categoryPath(deleting.slug)} will no longer exist.
          </>
        ) : ''}
        confirmLabel="Delete category"
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

/** The title input both forms share; the form's error message describes it. */
function TitleField({ uid, value, onChange, error }: { uid: string; value: string; onChange: (v: string) => void; error: string | null }) {
  return (
    <div className={FIELD}>
      <label htmlFor={`${uid}-title`}>Title</label>
      <Input id={`${uid}-title`} value={value} onChange={(e) => onChange(e.target.value)} required minLength={CATEGORY_TITLE.min} maxLength={CATEGORY_TITLE.max}
        aria-invalid={!!error} aria-describedby={error ? `${uid}-error` : undefined} />
    </div>
  );
}

function CategoryEditForm({ category, onDone }: { category: AdminCategory; onDone: () => void }) {
  const uid = useId();
  const update = useUpdateCategory();
  const [title, setTitle] = useState(category.title);
  const [description, setDescription] = useState(category.description);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    update.mutate({ id: category.id, title, description }, {
      onSuccess: (saved) => { toast({ variant: 'success', title: `${saved.title} saved` }); onDone(); },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label={`Edit ${category.title}`}>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <TitleField uid={uid} value={title} onChange={setTitle} error={error} />
        <div className={FIELD}>
          <label htmlFor={`${uid}-description`}>Description <span className="font-normal text-muted-foreground">(optional, shown on the category page)</span></label>
          <Input id={`${uid}-description`} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={CATEGORY_DESCRIPTION_MAX} />
        </div>
      </div>
      <p className="text-xs text-muted-foreground">Address: {categoryPath(category.slug)} (stays as it is)</p>
      {error && <p id={`${uid}-error`} role="alert" className="text-sm text-destructive">{error}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>Save</Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

function AddCategoryForm() {
  const uid = useId();
  const create = useCreateCategory();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const autoSlug = slugify(title);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate({ title, slug: slug.trim(), description }, {
      onSuccess: (created) => {
        toast({ variant: 'success', title: `${created.title} added`, description: `Its page is ${categoryPath(created.slug)}.` });
        setTitle(''); setSlug(''); setDescription('');
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${uid}-heading`} className="mt-4 grid gap-3 rounded-xl border border-dashed border-border p-3 sm:p-4">
      <h3 id={`${uid}-heading`} className="font-semibold">Add a category</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <TitleField uid={uid} value={title} onChange={setTitle} error={error} />
        <div className={FIELD}>
          <label htmlFor={`${uid}-slug`}>Address <span className="font-normal text-muted-foreground">(optional)</span></label>
          <Input id={`${uid}-slug`} value={slug} onChange={(e) => setSlug(e.target.value)} maxLength={CATEGORY_SLUG_MAX} placeholder={autoSlug || 'made from the title'} aria-describedby={`${uid}-slug-hint`} />
          <span id={`${uid}-slug-hint`} className="text-xs font-normal text-muted-foreground">{categoryPath(slug.trim() || autoSlug || '…')}</span>
        </div>
        <div className={FIELD}>
          <label htmlFor={`${uid}-description`}>Description <span className="font-normal text-muted-foreground">(optional)</span></label>
          <Input id={`${uid}-description`} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={CATEGORY_DESCRIPTION_MAX} />
        </div>
      </div>
      {error && <p id={`${uid}-error`} role="alert" className="text-sm text-destructive">{error}</p>}
      <div>
        <Button type="submit" size="sm" disabled={create.isPending}><FolderPlus aria-hidden />Add category</Button>
      </div>
    </form>
  );
}
