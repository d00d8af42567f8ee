// The call to action that ends every info page and article (issue 7): the calculator, pre-approval and inventory.
import { Link } from '@/components/link';
import { Calculator, Car, FileCheck2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function NextSteps({ heading = 'Ready for the next step?' }: { heading?: string }) {
  return (
    <section aria-labelledby="next-steps-title" className="mt-12 rounded-2xl border border-primary/20 bg-secondary/60 p-6 sm:p-8">
      <h2 id="next-steps-title" className="text-2xl font-bold tracking-tight">{heading}</h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        See what a payment looks like with your own rate, term and down payment, find out what lenders may approve, or
        browse the vehicles on our lots now.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button asChild size="lg"><Link to="/pre-approval"><FileCheck2 aria-hidden />Get pre-approved</Link></Button>
        <Button asChild size="lg" variant="outline"><Link to="/vehicles#calculator"><Calculator aria-hidden />Estimate a payment</Link></Button>
        <Button asChild size="lg" variant="outline"><Link to="/vehicles"><Car aria-hidden />Browse vehicles</Link></Button>
      </div>
    </section>
  );
}
