// /sell-my-vehicle (spec §2; issue 6): sell us your vehicle. An instant estimated range from our own comparables,
// the method explained, and a lead for the dealer either way (appraisal-form.tsx). Issue 33 §2: the page offers both
// ways side by side: sell it to us on our estimate, or list it yourself to shoppers on this site.
import { Link } from '@/components/link';
import { Calculator, Users } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { AppraisalForm } from './appraisal-form';

const LIST_PRIVATELY = '/my-listings?new=1';

export default function SellMyVehiclePage() {
  const { isAuthenticated } = useAuth();
  // Listing privately needs an account: a visitor signs in (or registers) and lands on the new listing form.
  const listHref = isAuthenticated ? LIST_PRIVATELY : `/login?${new URLSearchParams({ redirect: LIST_PRIVATELY })}`;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14">
      <header className="mb-6 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Sell your vehicle</h1>
        <p className="mt-2 text-lg text-muted-foreground">Two ways to sell: to us, or to another driver through our site.</p>
      </header>
      <ul aria-label="Ways to sell" className="mb-10 grid gap-4 md:grid-cols-2">
        <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-sm">
          <h2 className="flex items-center gap-2 text-xl font-bold"><Calculator className="size-5 text-primary" aria-hidden />Sell it to us</h2>
          <p className="text-muted-foreground">
            An instant estimated range, worked out from vehicles like yours that we have stocked and sold. A specialist
            follows up with a firm offer after a quick look. No obligation, and no buyers to meet.
          </p>
          <Button asChild className="mt-auto self-start"><a href="#sell-estimate">Get my estimate</a></Button>
        </li>
        <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-sm">
          <h2 className="flex items-center gap-2 text-xl font-bold"><Users className="size-5 text-primary" aria-hidden />List it yourself</h2>
          <p className="text-muted-foreground">
            Set your own price and reach shoppers in Edmonton and Calgary on our site, free. Add your photos with the
            listing; we review it before it appears, and buyers write to you through us.
          </p>
          <Button asChild variant="outline" className="mt-auto self-start"><Link to={listHref}>List my vehicle</Link></Button>
        </li>
      </ul>
      <section id="sell-estimate" aria-labelledby="sell-estimate-title" className="mx-auto max-w-3xl scroll-mt-24">
        <h2 id="sell-estimate-title" className="mb-4 text-2xl font-bold tracking-tight">Get an estimate from us</h2>
        <AppraisalForm purpose="sell" />
      </section>
    </div>
  );
}
