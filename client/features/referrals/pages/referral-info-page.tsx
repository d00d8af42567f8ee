// /referral-program-info (spec §2): the program explained to everyone. The reward is stated only from the
// settings (domain/settings.ts REFERRAL_PROGRAM), and the terms are the rules the server enforces (issue 5).
import { Link } from '@/components/link';
import { Gift, Link2, ShieldCheck, UserPlus } from 'lucide-react';
import { DEALERSHIP, REFERRAL_PROGRAM } from '@domain/settings';
import { formatPrice } from '@/lib/format';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';

const reward = `${formatPrice(REFERRAL_PROGRAM.rewardAmount)} ${REFERRAL_PROGRAM.rewardDescription}`;

const steps = [
  { icon: Link2, title: 'Share your link', text: 'Log in and open Referral Program to copy or share your personal link or code.' },
  { icon: UserPlus, title: 'Your friend signs up', text: 'They open your link and create a free account on this site with your code.' },
  { icon: Gift, title: 'You earn the reward', text: `As soon as their account is created, ${reward} is credited to you and you get a notification.` },
];

export default function ReferralInfoPage() {
  const { status } = useAuth();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-14">
      <header className="text-center">
        <p className="mb-2 inline-flex items-center gap-1.5 text-sm font-semibold text-primary"><Gift className="size-4" aria-hidden />Refer a friend</p>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">How our referral program works</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">
          Know someone shopping for a vehicle in Alberta? Send them to {DEALERSHIP.name}. For each friend who creates an
          account with your link, you earn {reward}.
        </p>
      </header>

      <ol className="mt-10 grid gap-4 sm:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.title} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
            <div className="mb-3 flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-primary"><s.icon className="size-5" aria-hidden /></span>
              <span className="text-sm font-semibold text-muted-foreground">Step {i + 1}</span>
            </div>
            <h2 className="text-lg font-bold">{s.title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
          </li>
        ))}
      </ol>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {status === 'authenticated' ? (
          <Button asChild size="lg"><Link to="/referral-program"><Link2 aria-hidden />Get your referral link</Link></Button>
        ) : (
          <>
            <Button asChild size="lg"><Link to="/register"><UserPlus aria-hidden />Create an account</Link></Button>
            <Button asChild size="lg" variant="outline"><Link to="/login?redirect=%2Freferral-program">Log in for your link</Link></Button>
          </>
        )}
      </div>

      <section aria-labelledby="terms-title" className="mt-12 rounded-2xl border border-border bg-muted/50 p-6 sm:p-8">
        <h2 id="terms-title" className="flex items-center gap-2 text-xl font-bold"><ShieldCheck className="size-5 text-primary" aria-hidden />Program terms</h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-muted-foreground">
          <li>The reward is {reward}, per friend who creates a new account with your code.</li>
          <li>The code must be used when the account is created (or applied within 7 days of sign-up). Existing accounts cannot be referred.</li>
          <li>Each new account credits one referrer, once. You cannot refer yourself.</li>
          <li>Your friend does not need to buy anything, and neither do you. Rewards have no cash value and are redeemed with our team at either store.</li>
          <li>Your friend sees only your first name, and you see only theirs. Neither of you sees the other&apos;s email address or phone number.</li>
          <li>
            Questions? Call us at <a href={DEALERSHIP.phoneHref} className="font-medium text-primary hover:underline">{DEALERSHIP.phone}</a> or read our{' '}
            <Link to="/terms-and-conditions" className="font-medium text-primary hover:underline">terms and conditions</Link>.
          </li>
        </ul>
      </section>
    </div>
  );
}
