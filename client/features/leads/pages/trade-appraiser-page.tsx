// /trade-appraiser (spec §2; issue 6): what is my trade-in worth? An instant estimated range from our own
// comparables, the method explained, and a lead for the dealer either way (appraisal-form.tsx).
import { AppraisalForm } from './appraisal-form';

export default function TradeAppraiserPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">What is my trade-in worth?</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          Get an instant estimated range for your trade-in, based on vehicles like it that we have stocked and sold. Your
          trade-in can go toward the down payment on your next vehicle.
        </p>
      </header>
      <AppraisalForm purpose="trade-in" />
    </div>
  );
}
