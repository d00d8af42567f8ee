// /admin/content/new and /admin/content/:id (issue 7): write a post or edit a site page in Markdown with a live
// preview rendered by the server's own sanitising renderer (what you see is what visitors get), publish now, keep
// as a draft or schedule for later, upload a cover through the image pipeline, and change a post's slug with the
// old one kept as a redirect. Every save is audited on the server.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '@/components/link';
import { ArrowLeft, ExternalLink, ImagePlus, LoaderCircle, Save, Trash2 } from 'lucide-react';
import { ACCEPT_ATTRIBUTE, MAX_UPLOAD_BYTES } from '@domain/media';
import { contentPath, slugify, type ContentEntryAdmin, type ContentInput, type ContentStatus } from '@domain/content';
import { errorMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ContentProse } from '@/components/content-prose';
import NotFoundPage from '@/components/not-found-page';
import { Button } from '@/components/ui/button';
import { FormField, sentence } from '@/components/ui/form-field';
import { Input, inputClass } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useDeleteContent } from '../api/delete-content';
import { useAdminContentEntry } from '../api/get-content-entry';
import { SITE_PAGES_FILTERS, useAdminContentList } from '../api/get-content-list';
import { previewMarkdown } from '../api/preview-markdown';
import { uploadCover } from '../api/upload-cover';
import { StatusBadge } from '../components/status-badge';
import { useSaveContent } from '../save-content';
import { albertaClock, albertaInstant } from '@domain/alberta-time';

interface Draft {
  kind: 'post' | 'page';
  title: string;
  slug: string;
  /** The admin typed a slug: stop deriving it from the title. */
  slugTouched: boolean;
  excerpt: string;
  body: string;
  status: ContentStatus;
  /** datetime-local value, in the admin's own time zone. */
  publishAt: string;
  categoryId: string;
  tags: string;
  coverImage: string | null;
  coverAlt: string;
  relatedBodyType: string;
  relatedMaxPrice: string;
}

const EMPTY: Draft = {
  kind: 'post', title: '', slug: '', slugTouched: false, excerpt: '', body: '', status: 'draft', publishAt: '', categoryId: '', tags: '',
  coverImage: null, coverAlt: '', relatedBodyType: '', relatedMaxPrice: '',
};

/**
 * "2026-11-24T09:30" in Alberta time, for a datetime-local input: the dealership schedules by its own clock, and
 * the browser's zone data may be older than Alberta's permanent UTC-6 (issue 29).
 */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const { date, minutes } = albertaClock(new Date(iso));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The instant of a datetime-local value read as Alberta time. */
function fromLocalInput(value: string): string {
  const [date, time = '00:00'] = value.split('T');
  const [h, m] = time.split(':').map(Number);
  return albertaInstant(date!, (h ?? 0) * 60 + (m ?? 0)).toISOString();
}

function fromEntry(e: ContentEntryAdmin): Draft {
  return {
    kind: e.kind, title: e.title, slug: e.slug, slugTouched: true, excerpt: e.excerpt, body: e.body, status: e.status,
    publishAt: toLocalInput(e.publishAt), categoryId: e.categoryId ? String(e.categoryId) : '', tags: e.tags.join(', '),
    coverImage: e.coverImage, coverAlt: e.coverAlt, relatedBodyType: e.relatedVehicles.bodyType ?? '',
    relatedMaxPrice: e.relatedVehicles.maxPrice ? String(e.relatedVehicles.maxPrice) : '',
  };
}

function toInput(d: Draft): ContentInput {
  const maxPrice = Number(d.relatedMaxPrice.replace(/[^\d]/g, ''));
  return {
    kind: d.kind,
    title: d.title,
    slug: d.slug,
    excerpt: d.excerpt,
    body: d.body,
    status: d.status,
    publishAt: d.status === 'scheduled' && d.publishAt ? fromLocalInput(d.publishAt) : null,
    categoryId: d.kind === 'post' && d.categoryId ? Number(d.categoryId) : null,
    tags: d.tags.split(',').map((t) => t.trim()).filter(Boolean),
    coverImage: d.coverImage,
    coverAlt: d.coverAlt,
    relatedVehicles: {
      ...(d.relatedBodyType.trim() ? { bodyType: d.relatedBodyType.trim() } : {}),
      ...(maxPrice > 0 ? { maxPrice } : {}),
    },
  };
}

/** The server's rendering of the body, refreshed a moment after typing stops. */
function usePreview(body: string) {
  const [state, setState] = useState<{ html: string; readingTime: number; words: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewMarkdown(body, controller.signal)
        .then((r) => { setState(r); setError(null); })
        .catch((err: unknown) => { if (!controller.signal.aborted) setError(errorMessage(err, 'The preview could not be updated.')); });
    }, 350);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [body]);
  return { preview: state, error };
}

export default function ContentEditorPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const validId = id == null || (Number.isInteger(id) && id > 0);
  const { data: entry, error, isPending } = useAdminContentEntry(validId ? id : null);
  if (!validId || (isApiError(error) && (error.status === 404 || error.status === 400))) return <NotFoundPage />;
  if (id != null && error) return <p role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">This entry could not be loaded. Please try again.</p>;
  if (id != null && isPending) return <PageSpinner />;
  // Keyed: switching entries starts a fresh form.
  return <Editor key={entry?.id ?? 'new'} entry={entry ?? null} />;
}

function Editor({ entry }: { entry: ContentEntryAdmin | null }) {
  const navigate = useNavigate();
  const uid = useId();
  const [draft, setDraft] = useState<Draft>(() => (entry ? fromEntry(entry) : EMPTY));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const save = useSaveContent(entry?.id ?? null);
  const remove = useDeleteContent();
  const { data: lists } = useAdminContentList(SITE_PAGES_FILTERS);
  const categories = lists?.categories ?? [];
  const { preview, error: previewError } = usePreview(draft.body);
  const isPage = draft.kind === 'page';
  useDocumentTitle(entry ? `Edit: ${entry.title}` : undefined);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const effectiveSlug = draft.slugTouched ? draft.slug : slugify(draft.title);
  const slugChanged = entry && entry.kind === 'post' && effectiveSlug && effectiveSlug !== entry.slug;
  const minSchedule = useMemo(() => toLocalInput(new Date(Date.now() + 60_000).toISOString()), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFieldErrors({});
    setFormError(null);
    if (draft.status === 'scheduled' && !draft.publishAt) {
      setFieldErrors({ publishAt: 'Choose when to publish.' });
      return;
    }
    try {
      const result = await save.mutateAsync(toInput({ ...draft, slug: effectiveSlug }));
      toast({ title: result.message, description: result.entry.isLive ? `Live at ${result.entry.path}` : undefined });
      if (!entry) navigate(`/admin/content/${result.entry.id}`, { replace: true });
      else setDraft(fromEntry(result.entry));
    } catch (err) {
      if (isApiError(err)) setFieldErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^body\./, ''), sentence(v) ?? v])));
      setFormError(errorMessage(err, 'The entry could not be saved.'));
    }
  }

  async function onCover(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setFieldErrors((f) => ({ ...f, coverImage: 'The image is over 15 MB. Choose a smaller file.' }));
      return;
    }
    setUploading(true);
    try {
      const { url } = await uploadCover(file);
      setDraft((d) => ({ ...d, coverImage: url }));
      setFieldErrors(({ coverImage: _drop, ...rest }) => rest);
    } catch (err) {
      setFieldErrors((f) => ({ ...f, coverImage: errorMessage(err, 'The image could not be uploaded.') }));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function onDelete() {
    if (!entry) return;
    try {
      await remove.mutateAsync(entry.id);
      toast({ title: 'Post deleted' });
      navigate('/admin/content', { replace: true });
    } catch (err) {
      toast({ title: errorMessage(err, 'The post could not be deleted.'), variant: 'destructive' });
    }
  }

  const id = (name: string) => `${uid}-${name}`;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <Link to="/admin/content" className="inline-flex min-h-6 items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden />All content
      </Link>
      <header className="mt-3 mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{entry ? (isPage ? 'Edit site page' : 'Edit post') : 'New post'}</h1>
          {entry && <div className="mt-1 flex items-center gap-2 text-sm text-muted-foreground"><StatusBadge entry={entry} /><span>{entry.path}</span></div>}
        </div>
        {entry?.isLive && (
          <Button asChild variant="outline">
            <a href={entry.path} target="_blank" rel="noopener noreferrer">View live<span className="sr-only"> (opens in a new tab)</span><ExternalLink aria-hidden /></a>
          </Button>
        )}
      </header>

      <form onSubmit={onSubmit} noValidate className="grid gap-8 lg:grid-cols-2">
        <div className="grid content-start gap-5">
          {formError && <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">{formError}</p>}

          <FormField id={id('title')} label="Title" error={fieldErrors.title}>
            {(p) => <Input {...p} value={draft.title} onChange={(e) => set('title', e.target.value)} maxLength={160} required />}
          </FormField>

          <FormField
            id={id('slug')} label="Slug" error={fieldErrors.slug}
            hint={isPage ? 'A site page\'s address is fixed by the site.' : slugChanged
              ? `The old address /blog/${entry.slug} will redirect to /blog/${effectiveSlug}.`
              : `Address: ${contentPath(draft.kind, effectiveSlug || 'your-title')}. Lower-case letters, digits and hyphens.`}
          >
            {(p) => (
              <Input {...p} value={effectiveSlug} readOnly={isPage} maxLength={120}
                onChange={(e) => setDraft((d) => ({ ...d, slug: e.target.value.toLowerCase(), slugTouched: true }))} />
            )}
          </FormField>

          <FormField id={id('excerpt')} label="Summary" hint="Shown on cards, in the feed and as the search-result description (about 150 characters is ideal)." error={fieldErrors.excerpt}>
            {(p) => <textarea {...p} className={cn(inputClass, 'h-auto min-h-20')} value={draft.excerpt} maxLength={320} onChange={(e) => set('excerpt', e.target.value)} />}
          </FormField>

          {!isPage && (
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id={id('category')} label="Category" error={fieldErrors.categoryId}>
                {(p) => (
                  <Select {...p} value={draft.categoryId} onChange={(e) => set('categoryId', e.target.value)}>
                    <option value="">No category</option>
                    {categories.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
                  </Select>
                )}
              </FormField>
              <FormField id={id('tags')} label="Tags" optional hint="Separated by commas." error={fieldErrors.tags}>
                {(p) => <Input {...p} value={draft.tags} onChange={(e) => set('tags', e.target.value)} />}
              </FormField>
            </div>
          )}

          <FormField id={id('body')} label="Body (Markdown)" hint="## for headings, **bold**, - lists, [link text](/vehicles). Scripts, styles and embeds are removed." error={fieldErrors.body}>
            {(p) => <textarea {...p} className={cn(inputClass, 'h-auto min-h-96 font-mono text-sm')} value={draft.body} onChange={(e) => set('body', e.target.value)} />}
          </FormField>

          {!isPage && (
            <fieldset className="grid gap-3 rounded-xl border border-border p-4">
              <legend className="px-1 text-sm font-semibold">Cover image</legend>
              {draft.coverImage && <img src={draft.coverImage} alt="" className="aspect-[16/9] w-full rounded-lg bg-muted object-cover" />}
              <div className="flex flex-wrap gap-2">
                {/* The button below opens it: one tab stop, and the file field still has a name of its own. */}
                <input ref={fileRef} id={id('cover')} type="file" accept={ACCEPT_ATTRIBUTE} className="sr-only" tabIndex={-1} aria-label="Cover image file" onChange={(e) => onCover(e.target.files?.[0])}
                  aria-describedby={fieldErrors.coverImage ? id('cover-error') : undefined} />
                <Button type="button" variant="outline" disabled={uploading} onClick={() => fileRef.current?.click()}>
                  {uploading ? <LoaderCircle className="animate-spin" aria-hidden /> : <ImagePlus aria-hidden />}
                  {draft.coverImage ? 'Replace cover' : 'Upload cover'}
                </Button>
                {draft.coverImage && <Button type="button" variant="ghost" onClick={() => set('coverImage', null)}>Remove cover</Button>}
              </div>
              {fieldErrors.coverImage && <p id={id('cover-error')} role="alert" className="text-sm font-medium text-destructive">{fieldErrors.coverImage}</p>}
              {draft.coverImage && (
                <FormField id={id('cover-alt')} label="Cover description (alt text)" hint="What the image shows, for people who cannot see it." error={fieldErrors.coverAlt}>
                  {(p) => <Input {...p} value={draft.coverAlt} maxLength={200} onChange={(e) => set('coverAlt', e.target.value)} />}
                </FormField>
              )}
            </fieldset>
          )}

          {!isPage && (
            <fieldset className="grid gap-3 rounded-xl border border-border p-4 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold">Vehicles shown with the post</legend>
              <FormField id={id('rel-body')} label="Body type" optional hint="e.g. SUV, Truck, Sedan" error={fieldErrors['relatedVehicles.bodyType']}>
                {(p) => <Input {...p} value={draft.relatedBodyType} maxLength={40} onChange={(e) => set('relatedBodyType', e.target.value)} />}
              </FormField>
              <FormField id={id('rel-price')} label="Price up to ($)" optional error={fieldErrors['relatedVehicles.maxPrice']}>
                {(p) => <Input {...p} inputMode="numeric" value={draft.relatedMaxPrice} onChange={(e) => set('relatedMaxPrice', e.target.value)} />}
              </FormField>
            </fieldset>
          )}

          <fieldset className="grid gap-3 rounded-xl border border-border p-4">
            <legend className="px-1 text-sm font-semibold">Publishing</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {([['draft', 'Draft'], ['published', 'Published'], ['scheduled', 'Scheduled']] as const).map(([value, label]) => (
                <label key={value} className="inline-flex min-h-6 items-center gap-2 text-sm">
                  <input type="radio" name={id('status')} value={value} checked={draft.status === value} onChange={() => set('status', value)} className="size-4 accent-primary" />
                  {label}
                </label>
              ))}
            </div>
            {draft.status === 'scheduled' && (
              <FormField id={id('publish-at')} label="Publish at" hint="Alberta time. The post stays hidden until then." error={fieldErrors.publishAt}>
                {(p) => <Input {...p} type="datetime-local" min={minSchedule} value={draft.publishAt} onChange={(e) => set('publishAt', e.target.value)} />}
              </FormField>
            )}
            {draft.status === 'draft' && entry?.isLive && <p className="text-sm text-muted-foreground">Saving as a draft takes this {isPage ? 'page' : 'post'} off the site.</p>}
          </fieldset>

          {entry && entry.oldSlugs.length > 0 && (
            <p className="text-sm text-muted-foreground">Old addresses that redirect here: {entry.oldSlugs.map((s) => contentPath(entry.kind, s)).join(', ')}</p>
          )}

          <div className="flex flex-wrap gap-3">
            <Button type="submit" size="lg" disabled={save.isPending}>
              {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}Save
            </Button>
            {entry && !isPage && (
              <Button type="button" size="lg" variant="outline" className="text-destructive" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden />Delete post
              </Button>
            )}
          </div>
        </div>

        <section aria-labelledby={id('preview-title')} className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id={id('preview-title')} className="text-lg font-bold">Preview</h2>
            {preview && <p className="text-sm text-muted-foreground">{preview.words.toLocaleString('en-CA')} words · {preview.readingTime} min read</p>}
          </div>
          <div className="mt-3 rounded-xl border border-border bg-background p-5" data-testid="content-preview" aria-live="polite" aria-busy={!preview}>
            <h1 className="text-2xl font-extrabold tracking-tight">{draft.title || 'Untitled'}</h1>
            {draft.excerpt && <p className="mt-2 text-muted-foreground">{draft.excerpt}</p>}
            {previewError ? <p role="alert" className="mt-4 text-sm text-destructive">{previewError}</p>
              : preview ? <ContentProse html={preview.html} className="mt-5" />
                : <p className="mt-4 text-sm text-muted-foreground">Rendering…</p>}
          </div>
        </section>
      </form>

      <ConfirmDialog
        open={confirmDelete} onOpenChange={setConfirmDelete} title="Delete this post?" destructive busy={remove.isPending}
        description="The post leaves the blog, the feed and the sitemap at once. This cannot be undone; saving it as a draft keeps it instead."
        confirmLabel="Delete post" onConfirm={onDelete}
      />
    </div>
  );
}
