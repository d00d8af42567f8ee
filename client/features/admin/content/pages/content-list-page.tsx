// /admin/content (issue 7): every blog post and site page, with its state (live, draft, scheduled), filters and a
// way into the editor; below them, the blog's categories. Site pages are the fixed info and legal pages of spec §2:
// editable, not creatable.
import { useState } from 'react';
import { Link } from '@/components/link';
import { ExternalLink, FilePlus2, Search } from 'lucide-react';
import type { ContentEntryAdmin } from '@domain/content';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { DEFAULT_CONTENT_FILTERS, useAdminContentList, type AdminContentFilters } from '../api/get-content-list';
import { CategoryManager } from '../components/category-manager';
import { StatusBadge } from '../components/status-badge';
import { TableScroll } from '@/components/ui/table-scroll';
import { formatDealershipDate } from '@/components/dealership-date';


export default function ContentListPage() {
  const [filters, setFilters] = useState<AdminContentFilters>(DEFAULT_CONTENT_FILTERS);
  const [q, setQ] = useState('');
  const { data, isPending, isError, refetch, isFetching } = useAdminContentList({ ...filters, q: q.trim() || undefined });
  const categoryTitle = (id: number | null) => data?.categories.find((c) => c.id === id)?.title;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Content</h1>
          <p className="mt-1 text-muted-foreground">Blog posts and the site&apos;s info and legal pages. Drafts and scheduled posts stay hidden until their time.</p>
        </div>
        <Button asChild><Link to="/admin/content/new"><FilePlus2 aria-hidden />New post</Link></Button>
      </header>

      <div className="mb-5 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium">
          Type
          <Select value={filters.kind ?? ''} onChange={(e) => setFilters((f) => ({ ...f, kind: (e.target.value || undefined) as AdminContentFilters['kind'] }))}>
            <option value="">Posts and pages</option>
            <option value="post">Posts</option>
            <option value="page">Site pages</option>
          </Select>
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Status
          <Select value={filters.status ?? ''} onChange={(e) => setFilters((f) => ({ ...f, status: (e.target.value || undefined) as AdminContentFilters['status'] }))}>
            <option value="">Any status</option>
            <option value="published">Published</option>
            <option value="scheduled">Scheduled</option>
            <option value="draft">Draft</option>
          </Select>
        </label>
        <label className="grid min-w-56 flex-1 gap-1 text-sm font-medium">
          Search titles and slugs
          <span className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} className="pl-9" maxLength={100} />
          </span>
        </label>
      </div>

      {isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
          The content list could not be loaded. <Button variant="link" className="h-auto p-0" onClick={() => refetch()}>Try again</Button>
        </div>
      ) : isPending ? (
        <div className="grid gap-2">{Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-14 w-full" />)}</div>
      ) : data.entries.length === 0 ? (
        <p className="rounded-xl border border-border bg-card p-8 text-center text-muted-foreground">Nothing matches these filters.</p>
      ) : (
        <TableScroll className={cn('rounded-xl border border-border bg-card', isFetching && 'opacity-70')}>
          <table className="w-full text-sm">
            <caption className="sr-only">Posts and pages</caption>
            <thead className="bg-muted/60 text-left">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Title</th>
                <th scope="col" className="px-4 py-3 font-semibold">Type</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                <th scope="col" className="px-4 py-3 font-semibold">Updated</th>
                <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Public page</span></th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id} className="border-t border-border">
                  <td className="px-4 py-3">
                    <Link to={`/admin/content/${e.id}`} className="font-semibold text-primary hover:underline">{e.title}</Link>
                    <div className="text-xs text-muted-foreground">{e.path}{e.kind === 'post' && categoryTitle(e.categoryId) ? ` · ${categoryTitle(e.categoryId)}` : ''}</div>
                  </td>
                  <td className="px-4 py-3"><Badge variant="outline">{e.kind === 'post' ? 'Post' : 'Site page'}</Badge></td>
                  <td className="px-4 py-3"><StatusBadge entry={e as ContentEntryAdmin} /></td>
                  <td className="px-4 py-3 whitespace-nowrap text-muted-foreground"><time dateTime={e.updatedAt}>{formatDealershipDate(e.updatedAt, 'medium')}</time></td>
                  <td className="px-4 py-3">
                    {e.isLive && (
                      <a href={e.path} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center gap-1 text-primary hover:underline">
                        View<span className="sr-only"> {e.title} (opens in a new tab)</span><ExternalLink className="size-3.5" aria-hidden />
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <CategoryManager />
    </div>
  );
}
