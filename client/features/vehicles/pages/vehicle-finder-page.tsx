// /vehicle-finder (spec §2 "Vehicle Recommender"; shopping issue): six short questions, then ranked matches
// from real inventory with the reasons each fits. Answers live in sessionStorage for the visit.
import { useEffect, useRef } from 'react';
import { Link } from '@/components/link';
import { Sparkles } from 'lucide-react';
import { EMPTY_DRAFT, RESULTS_STEP } from '../finder/finder-draft';
import { FinderResults } from '../finder/results';
import { Questionnaire } from '../finder/questionnaire';
import { useFinderDraft } from '../finder/use-finder-draft';

export default function VehicleFinderPage() {
  const [draft, setDraft] = useFinderDraft();
  const showResults = draft.step >= RESULTS_STEP;
  const topRef = useRef<HTMLDivElement>(null);

  // Results start at their heading, not where the last question's button was.
  useEffect(() => {
    if (showResults) topRef.current?.scrollIntoView({ block: 'start' });
  }, [showResults]);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-12">
      <header className="mb-8 max-w-3xl">
        <p className="mb-2 inline-flex items-center gap-1.5 text-sm font-semibold text-primary"><Sparkles className="size-4" aria-hidden />Vehicle Recommender</p>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Find the right vehicle in six questions</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          Tell us your budget and how you drive. We rank what is on our Edmonton and Calgary lots today and say why each one fits.
          Prefer to look yourself? <Link to="/vehicles" className="font-semibold text-primary underline underline-offset-2">Browse all vehicles</Link>.
        </p>
      </header>
      {showResults ? (
        <div ref={topRef} className="scroll-mt-4"><FinderResults
          draft={draft}
          onEdit={(step) => setDraft((d) => ({ ...d, step }))}
          onRestart={() => setDraft(EMPTY_DRAFT)}
        /></div>
      ) : (
        <div className="max-w-3xl"><Questionnaire draft={draft} setDraft={setDraft} /></div>
      )}
    </div>
  );
}
