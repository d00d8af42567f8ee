// spec §2/§6: a logged-in user who is not an admin gets this page on admin routes (the server refuses them too).
import { Link } from '@/components/link';
import { ShieldAlert } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResponseStatus } from '@/lib/render-context';
import { Button } from '@/components/ui/button';

export function NotAuthorisedPage({ username }: { username?: string }) {
  useDocumentTitle('Not authorised');
  useResponseStatus(403);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <ShieldAlert className="size-7" aria-hidden />
      </div>
      <h1 className="mt-4 text-2xl font-extrabold tracking-tight sm:text-3xl">Not authorised</h1>
      <p className="mt-3 max-w-prose text-base text-muted-foreground">
        {username ? <>You are signed in as <strong className="text-foreground">{username}</strong>, and this</> : 'This'} page is for dealership staff only.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">Go to the home page</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/vehicles">Browse inventory</Link>
        </Button>
      </div>
    </div>
  );
}
