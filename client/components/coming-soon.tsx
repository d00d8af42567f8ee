// Placeholder for pages later issues build. It says plainly that the page is not built yet,
// and offers real next steps (inventory, phone) instead of pretending (foundation issue, "Client shell").
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { Car, Construction, Phone } from 'lucide-react';
import { DEALERSHIP } from '@domain/settings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';

export interface ComingSoonProps {
  title: string;
  /** One sentence on what the page will offer. */
  description?: ReactNode;
  /** Hide the inventory link on the inventory page itself. */
  showBrowse?: boolean;
}

export function ComingSoon({ title, description, showBrowse = true }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
      <section aria-labelledby="coming-soon-title" className="rounded-2xl border border-border bg-card p-6 text-center shadow-sm sm:p-10">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <Construction className="size-7" aria-hidden />
        </div>
        <Badge variant="accent" className="mb-3">Coming soon</Badge>
        <h1 id="coming-soon-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-3 text-base text-muted-foreground">
          This page is coming soon: we are still building it.
          {description && <> {description}</>}
        </p>
        <p className="mt-2 text-base text-muted-foreground">
          In the meantime, {showBrowse ? 'browse our inventory or ' : ''}call us and we will gladly help.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {showBrowse ? (
            <Button asChild size="lg">
              <Link to="/vehicles"><Car aria-hidden />Browse vehicles</Link>
            </Button>
          ) : (
            <Button asChild size="lg">
              <Link to="/">Back to home</Link>
            </Button>
          )}
          <Button asChild size="lg" variant="outline">
            <a href={DEALERSHIP.phoneHref}><Phone aria-hidden />Call {DEALERSHIP.phone}</a>
          </Button>
        </div>
      </section>
    </div>
  );
}
