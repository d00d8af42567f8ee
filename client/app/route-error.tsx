// Shown when a page throws while rendering or its code fails to load (often: a new release replaced
// the old chunks while this tab was open, so a reload fixes it).
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '@/components/link';
import { RotateCw } from 'lucide-react';
import { DEALERSHIP } from '@domain/settings';
import { Button } from '@/components/ui/button';
import NotFoundPage from '@/components/not-found-page';

function isChunkLoadError(err: unknown) {
  return err instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(err.message);
}

export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  const chunk = isChunkLoadError(error);
  return (
    <div className={standalone ? 'flex min-h-dvh items-center justify-center p-4' : 'px-4 py-16'}>
      <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">
          {chunk ? 'This page needs a refresh' : 'Something went wrong'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {chunk
            ? 'The site was updated while you had it open. Reload to get the latest version.'
            : `Sorry, this page ran into a problem. Try reloading it, or call us at ${DEALERSHIP.phone}.`}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={() => window.location.reload()}>
            <RotateCw aria-hidden />Reload
          </Button>
          <Button asChild size="lg" variant="outline">
            {/* A full load: the router itself may be what failed. */}
            {standalone ? <a href="/">Go to the home page</a> : <Link to="/">Go to the home page</Link>}
          </Button>
        </div>
      </div>
    </div>
  );
}
