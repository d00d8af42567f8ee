// /referral-landing?code=... (spec §2, §3): the code is kept as the pending referral code in browser
// storage and passed on to registration. Without a usable code the not-found page is shown (spec §2, §8).
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { Gift, UserPlus } from 'lucide-react';
import { STORAGE_KEYS } from '@domain/constants';
import { useAuth } from '@/lib/auth';
import { writeString } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import NotFoundPage from '@/components/not-found-page';
import { parseReferralCode } from '../referral-code';

export default function ReferralLandingPage() {
  const [params] = useSearchParams();
  const code = parseReferralCode(params.get('code'));
  if (!code) return <NotFoundPage />;
  return <ReferralWelcome code={code} />;
}

function ReferralWelcome({ code }: { code: string }) {
  const { status } = useAuth();
  useEffect(() => {
    writeString(STORAGE_KEYS.pendingReferral, code);
  }, [code]);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:py-16">
      <section className="rounded-2xl border border-border bg-card p-6 text-center shadow-sm sm:p-10">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
          <Gift className="size-7" aria-hidden />
        </div>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">A friend referred you</h1>
        <p className="mt-3 text-base text-muted-foreground">
          We saved the referral code <strong className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">{code}</strong> on this
          device, so it is ready when you create your account.
        </p>
        {status === 'authenticated' && (
          <p className="mt-3 rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground">
            You are already signed in. Referral codes are meant for new customers.
          </p>
        )}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {status !== 'authenticated' && (
            <Button asChild size="lg">
              <Link to="/register"><UserPlus aria-hidden />Create your account</Link>
            </Button>
          )}
          <Button asChild size="lg" variant="outline">
            <Link to="/referral-program-info">How the referral program works</Link>
          </Button>
        </div>
        <p className="mt-6 text-sm">
          <Link to="/vehicles" className="font-medium text-primary hover:underline">Or browse our vehicles first</Link>
        </p>
      </section>
    </div>
  );
}
