// spec §2/§8: any unknown path, and /referral-landing without a code, shows this page.
import { Link } from '@/components/link';
import { Car, Home } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResponseStatus } from '@/lib/render-context';
import { Button } from '@/components/ui/button';
import { NOT_FOUND_TITLE } from '@domain/seo';

export default function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE);
  useResponseStatus(404);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="flex flex-col items-center gap-3">
        <span className="text-6xl font-black tracking-tight text-primary sm:text-7xl">404</span>
        <span className="text-2xl font-extrabold tracking-tight sm:text-3xl">We can&apos;t find that page</span>
      </h1>
      <p className="mt-3 max-w-prose text-base text-muted-foreground">
        The link may be old, or the page may have moved. The vehicle you were looking at may also have been sold.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/vehicles"><Car aria-hidden />Browse inventory</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/"><Home aria-hidden />Go to the home page</Link>
        </Button>
      </div>
    </div>
  );
}
