// "Save this search" on the listing (issue 5, "Saved searches"): keeps the current filters under a name; the user
// hears about new matches under the bell and sees "N new since your last visit" on /saved. Signed-in users only.
import { useState } from 'react';
import { Link } from '@/components/link';
import { useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus, LoaderCircle } from 'lucide-react';
import { PRICE_MAX_DEFAULT, PRICE_MIN_DEFAULT, YEAR_MIN_DEFAULT, yearMaxDefault } from '@domain/constants';
import { filtersFromListing, suggestSearchName } from '@domain/saved';
import type { ListingFilters } from '@domain/listing';
import { apiPost, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';

export interface ListingView { search: string; filters: ListingFilters; models?: string[]; transmissions?: string[] }

export function SaveSearchButton({ view }: { view: ListingView }) {
  const { isAuthenticated } = useAuth();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!isAuthenticated) return null;

  const filters = () => filtersFromListing(view, { priceMin: PRICE_MIN_DEFAULT, priceMax: PRICE_MAX_DEFAULT, yearMin: YEAR_MIN_DEFAULT, yearMax: yearMaxDefault() });
  const start = () => { setName(suggestSearchName(filters())); setError(null); setOpen(true); };
  const save = async () => {
    if (!name.trim()) { setError('Give the search a name.'); return; }
    setBusy(true);
    try {
      await apiPost('/api/saved-searches', { name: name.trim(), filters: filters() });
      await qc.invalidateQueries({ queryKey: ['/api/saved-searches'] });
      setOpen(false);
      toast({ title: 'Search saved', description: 'We will tell you when new vehicles match it.', variant: 'success' });
    } catch (err) {
      console.error('Saving the search failed', err);
      setError(errorMessage(err, 'The search could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={start}><BookmarkPlus aria-hidden />Save this search</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Save this search</DialogTitle>
            <DialogDescription>
              We keep these filters under a name, tell you under the bell when new vehicles match, and list them on your{' '}
              <Link to="/saved" className="font-medium text-primary hover:underline">saved page</Link>.
            </DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} className="grid gap-3">
            <FormField id="saved-search-name" label="Name" error={error ?? undefined}>
              {(p) => <Input {...p} maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />}
            </FormField>
            <DialogFooter>
              <DialogClose asChild><Button type="button" variant="outline">Cancel</Button></DialogClose>
              <Button type="submit" disabled={busy}>{busy && <LoaderCircle className="animate-spin" aria-hidden />}Save search</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
