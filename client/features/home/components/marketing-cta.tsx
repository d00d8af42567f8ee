// Marketing call to action: pre-approval and trade-in. Lazily loaded.
import { Link } from '@/components/link';
import { ArrowRight, BadgeCheck, Repeat } from 'lucide-react';
import { DEALERSHIP } from '@domain/settings';
import { Button } from '@/components/ui/button';

export default function MarketingCta() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto w-full max-w-7xl px-4 pb-12 sm:pb-16">
      <h2 id="cta-title" className="sr-only">Financing and trade-ins</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand to-[#1e4fb8] p-6 text-white shadow-lg sm:p-8 dark:to-[#12305e]">
          <BadgeCheck className="mb-3 size-8 text-accent" aria-hidden />
          <h3 className="text-2xl font-extrabold tracking-tight">Know your budget first</h3>
          <p className="mt-2 max-w-md text-blue-100">
            Apply for financing pre-approval online in about 2 minutes. We work with lenders for every credit situation.
            Approval and rates depend on the lender.
          </p>
          <Button asChild variant="accent" size="lg" className="mt-5">
            <Link to="/pre-approval">Get Pre-Approved Now<ArrowRight aria-hidden /></Link>
          </Button>
        </div>
        <div className="relative overflow-hidden rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <Repeat className="mb-3 size-8 text-primary" aria-hidden />
          <h3 className="text-2xl font-extrabold tracking-tight">Trading in or selling?</h3>
          <p className="mt-2 max-w-md text-muted-foreground">
            Get an appraisal for your current vehicle and put it toward your next one, or list it with us.
            Questions? Call {DEALERSHIP.phone}.
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            {/* spec §2: the trade appraiser opens with a full page load. */}
            <Button asChild size="lg"><a href="/trade-appraiser">Appraise my trade-in</a></Button>
            <Button asChild size="lg" variant="outline"><Link to="/sell-my-vehicle">Sell my vehicle</Link></Button>
          </div>
        </div>
      </div>
    </section>
  );
}
