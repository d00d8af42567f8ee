// /referral-program (logged in, spec §2): the user's share link with copy and share buttons (the Web Share API
// where the browser has it), the friends they referred with each one's status, and the rewards earned (issue 5).
import { DealershipDate } from '@/components/dealership-date';
import { useState } from 'react';
import { Link } from '@/components/link';
import { Check, Copy, Gift, Info, Share2, Users } from 'lucide-react';
import { REFERRAL_PROGRAM } from '@domain/settings';
import type { ReferredFriend } from '@domain/referrals';
import { formatPrice } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useMyReferrals } from '../api/get-my-referrals';
import { useHydrated } from '@/lib/use-hydrated';


export default function ReferralProgramPage() {
  const { data, isPending, isError, refetch } = useMyReferrals();
  // The origin is the browser's, known after hydration (the server renders the path alone, and so does hydration).
  const hydrated = useHydrated();
  const shareUrl = data ? `${hydrated ? window.location.origin : ''}${data.sharePath}` : '';

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <header className="mb-8">
        <p className="mb-1 inline-flex items-center gap-1.5 text-sm font-semibold text-primary"><Gift className="size-4" aria-hidden />Refer a friend</p>
        <h1 className="text-3xl font-extrabold tracking-tight">Referral Program</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Share your link. When a friend creates an account with it, you earn {formatPrice(REFERRAL_PROGRAM.rewardAmount)} {REFERRAL_PROGRAM.rewardDescription}.{' '}
          <Link to="/referral-program-info" className="font-medium text-primary hover:underline">How it works</Link>
        </p>
      </header>

      {isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6">
          <p className="font-semibold">We couldn&apos;t load your referral details.</p>
          <Button variant="outline" className="mt-3" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <section aria-labelledby="share-title" className="rounded-2xl border border-border bg-card p-6 shadow-sm lg:col-span-2">
            <h2 id="share-title" className="text-lg font-bold">Your referral link</h2>
            {isPending ? <Skeleton className="mt-4 h-24 w-full" /> : <ShareBox code={data.code} url={shareUrl} />}
          </section>
          <section aria-labelledby="totals-title" className="rounded-2xl border border-border bg-card p-6 shadow-sm">
            <h2 id="totals-title" className="text-lg font-bold">Your rewards</h2>
            {isPending ? <Skeleton className="mt-4 h-24 w-full" /> : (
              <dl className="mt-4 grid grid-cols-2 gap-4">
                <div className="rounded-xl bg-muted p-4">
                  <dt className="text-sm text-muted-foreground">Friends referred</dt>
                  <dd className="mt-1 text-3xl font-extrabold tabular-nums">{data.totals.referred}</dd>
                </div>
                <div className="rounded-xl bg-success-soft p-4 text-success-soft-foreground">
                  <dt className="text-sm">Rewards earned</dt>
                  <dd className="mt-1 text-3xl font-extrabold tabular-nums">{formatPrice(data.totals.rewardsEarned)}</dd>
                </div>
              </dl>
            )}
            <p className="mt-4 flex gap-2 text-xs text-muted-foreground">
              <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              To use a reward, mention it when you book service or buy accessories; our team sees your credited referrals.
            </p>
          </section>
          <section aria-labelledby="friends-title" className="rounded-2xl border border-border bg-card p-6 shadow-sm lg:col-span-3">
            <h2 id="friends-title" className="flex items-center gap-2 text-lg font-bold"><Users className="size-5 text-primary" aria-hidden />Friends you referred</h2>
            {isPending ? <Skeleton className="mt-4 h-16 w-full" /> : <FriendsList friends={data.friends} />}
          </section>
        </div>
      )}
    </div>
  );
}

function ShareBox({ code, url }: { code: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: 'Link copied', description: 'Paste it in a message to a friend.', variant: 'success' });
      window.setTimeout(() => setCopied(false), 2000);
    } catch (err) {
      console.error('Copy failed', err);
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Prairie Motor Hub', text: 'I shop for vehicles at Prairie Motor Hub. Create your account with my link:', url });
    } catch (err) {
      // The person closing the share sheet is not an error worth showing.
      if ((err as Error).name !== 'AbortError') console.error('Share failed', err);
    }
  };

  return (
    <div className="mt-4 grid gap-4">
      <div>
        <label htmlFor="referral-link" className="text-sm font-medium">Share this link</label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
          <input
            id="referral-link"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 font-mono text-sm"
          />
          <div className="flex gap-2">
            <Button onClick={() => void copy()} className="flex-1 sm:flex-none">
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}{copied ? 'Copied' : 'Copy link'}
            </Button>
            {canShare && (
              <Button variant="outline" onClick={() => void share()} className="flex-1 sm:flex-none"><Share2 aria-hidden />Share</Button>
            )}
          </div>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        Or give your code: <strong className="rounded bg-muted px-2 py-1 font-mono text-base tracking-widest text-foreground">{code}</strong>
      </p>
    </div>
  );
}

function FriendsList({ friends }: { friends: ReferredFriend[] }) {
  if (!friends.length) {
    return <p className="mt-4 rounded-xl bg-muted p-4 text-muted-foreground">No friends have signed up with your link yet. Share it above to get started.</p>;
  }
  return (
    <ul className="mt-4 divide-y divide-border">
      {friends.map((f, i) => (
        <li key={`${f.joinedAt}-${i}`} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div>
            <p className="font-semibold">{f.firstName ?? 'A friend'}</p>
            <p className="text-sm text-muted-foreground">Joined <DealershipDate iso={f.joinedAt} style="medium" /></p>
          </div>
          <div className="flex items-center gap-3">
            <Badge variant="success"><Check aria-hidden />Signed up · reward credited</Badge>
            <span className="font-semibold tabular-nums">{formatPrice(f.rewardAmount)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
