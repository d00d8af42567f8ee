// The signed-in user's saved searches on /saved (issue 5): each opens the listing with its filters and shows how
// many vehicles were listed since the user last opened it.
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/link';
import { Search, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { deleteSavedSearch } from '../api/delete-saved-search';
import { savedSearchesQueryOptions, useSavedSearches } from '../api/get-saved-searches';
import { markSavedSearchSeen } from '../api/mark-saved-search-seen';

export function SavedSearches() {
  const qc = useQueryClient();
  const searches = useSavedSearches(true);
  const refresh = () => qc.invalidateQueries({ queryKey: savedSearchesQueryOptions().queryKey });

  const open = (id: number) => {
    markSavedSearchSeen(id).then(refresh).catch((err: unknown) => console.error('Could not mark the search as seen', err));
  };
  const remove = async (id: number, name: string) => {
    try {
      await deleteSavedSearch(id);
      toast({ title: 'Saved search deleted', description: name });
      await refresh();
    } catch (err) {
      console.error('Could not delete the saved search', err);
      toast({ title: 'Error', description: 'The saved search could not be deleted. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="saved-searches-title" className="mt-10">
      <h2 id="saved-searches-title" className="text-xl font-bold">Saved searches</h2>
      {searches.isPending ? <Skeleton className="mt-3 h-16 w-full" />
        : searches.isError ? <p role="alert" className="mt-2 text-sm text-muted-foreground">Your saved searches could not be loaded.</p>
          : searches.data.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">
              None yet. On the <Link to="/vehicles" className="font-medium text-primary hover:underline">vehicle listing</Link>, choose filters and press “Save this search”; we will tell you about new matches.
            </p>
          ) : (
            <ul aria-label="Your saved searches" className="mt-3 grid gap-2">
              {searches.data.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-3">
                  <Search className="size-4 text-muted-foreground" aria-hidden />
                  <Link to={s.url} onClick={() => open(s.id)} className="font-semibold hover:underline">{s.name}</Link>
                  {s.newCount > 0
                    ? <Badge variant="success">{s.newCount} new since your last visit</Badge>
                    : <span className="text-sm text-muted-foreground">No new matches since your last visit</span>}
                  <Button variant="ghost" size="sm" className="ml-auto" onClick={() => void remove(s.id, s.name)} aria-label={`Delete saved search ${s.name}`}>
                    <Trash2 aria-hidden />Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
    </section>
  );
}
