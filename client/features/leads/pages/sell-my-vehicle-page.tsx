// /sell-my-vehicle (spec §2; issue 6): sell us your vehicle. An instant estimated range from our own comparables,
// the method explained, and a lead for the dealer either way (appraisal-form.tsx).
import { useDocumentTitle } from '@/lib/use-document-title';
import { AppraisalForm } from './appraisal-form';
import { PAGE_HEADS } from '@domain/seo';

export default function SellMyVehiclePage() {
  useDocumentTitle(PAGE_HEADS['/sell-my-vehicle'].title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Sell your vehicle</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          Tell us about it and get an instant estimated range, worked out from vehicles like yours that we have stocked and
          sold. No obligation: a specialist follows up with a firm offer after a quick look.
        </p>
      </header>
      <AppraisalForm purpose="sell" />
    </div>
  );
}
