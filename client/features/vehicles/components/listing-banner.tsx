// spec §2: the green banner over the listing, with pre-approval and the jump to the calculator. Compact on phones, so
// the first vehicle shows on the first screen (issue 35 §4).
import { Link } from '@/components/link';
import { BadgeCheck, Calculator } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function ListingBanner({ onCheckBudget }: { onCheckBudget: () => void }) {
  return (
    <section aria-labelledby="listing-banner-title" className="bg-success text-success-foreground dark:bg-success-soft dark:text-success-soft-foreground">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:py-4">
        <p id="listing-banner-title" className="flex items-center gap-2 text-[0.8125rem] font-bold text-balance sm:text-lg">
          <BadgeCheck aria-hidden className="size-5 shrink-0 sm:size-6" />
          Shop with Confidence - Get Pre-Approved First!
        </p>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button asChild variant="accent" className="h-9 px-3 sm:h-10">
            <Link to="/pre-approval">Get Pre-Approved</Link>
          </Button>
          <Button
            variant="outline"
            onClick={onCheckBudget}
            className="h-9 border-current px-3 bg-transparent sm:h-10 text-current hover:bg-white/15 dark:hover:bg-white/10"
          >
            <Calculator aria-hidden />Check My Budget
          </Button>
        </div>
      </div>
    </section>
  );
}
