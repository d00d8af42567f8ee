import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteHeader } from './header';
import { RouteTitle } from '../route-head';
import { ReferralModal } from '@/features/referrals/components/referral-modal';
import { ChatWidget } from '@/features/leads/chat/chat-widget';
import { PageSpinner } from '@/components/ui/spinner';
import { lazyOnView } from '@/lib/lazy-component';

// Below every page: its code loads, and it hydrates, as the shopper comes near it (issue 35 §1-2, lazyOnView).
const SiteFooter = lazyOnView('app/layouts/footer', async () => ({ default: (await import('./footer')).SiteFooter }));

export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Ahead of the page, so a page that sets its own title does so after it (app/route-head.ts). */}
      <RouteTitle />
      {/* WCAG 2.4.1: skip the header straight to the page content. */}
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      <SiteHeader />
      {/*
        Issue 35 §2: the page and the footer hydrate in Suspense boundaries of their own (the footer's is
        lazyOnView's, and waits until the shopper comes near it). React hydrates the header first and the page's
        server HTML later, in pieces it can interrupt (a dehydrated boundary hydrates at offscreen priority,
        time-sliced), so no one long task hydrates the whole listing. Nothing in the page suspends on a
        server-rendered page (its code is loaded before hydration, main.tsx), so the HTML never gives way to a
        fallback; a tap on a part not yet hydrated hydrates it first and is replayed (selective hydration).
      */}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter className="mt-auto" />
      {/* spec §2/§4: the referral registration modal, for visitors with a referral code. */}
      <ReferralModal />
      {/* spec §2/§4: the car assistant chat (its panel loads on first open). */}
      <ChatWidget />
    </div>
  );
}
