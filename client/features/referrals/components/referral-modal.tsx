// The referral registration modal of spec §2 (home page) and §4: it opens when a referral code exists (the URL's
// `ref` query, or the pending code stored in browser storage), auth loading has finished and the visitor is not
// logged in. A `ref` code is stored and the URL query cleared after 1 s (spec §9 "referral URL cleanup 1 s").
// Mounted once in the site layout, so a shared link to any page (/vehicles/12?ref=…) works too.
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { STORAGE_KEYS, TIMING } from '@domain/constants';
import { useAuth } from '@/lib/auth';
import { readString, writeString } from '@/lib/storage';
import { useHydrated } from '@/lib/use-hydrated';
import { parseReferralCode } from '../referral-code';
import { lazyComponent } from '@/lib/lazy-component';

const ReferralDialog = lazyComponent('features/referrals/components/referral-dialog', () => import('./referral-dialog'));

/** Pages that already are the next step (or explain the code themselves): the modal would only get in the way. */
const QUIET_PATHS = ['/register', '/login', '/customer-login', '/admin-login', '/referral-landing', '/forgot-password', '/reset-password'];

export function ReferralModal() {
  const { status } = useAuth();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  const rawRef = params.get('ref');
  const urlCode = parseReferralCode(rawRef);
  // A page may rewrite its URL before the second is up (the listing's fresh-visit reset drops every unknown
  // parameter), and the stored copy is written only when that happens: the code seen in the URL is kept.
  const [seenCode, setSeenCode] = useState(urlCode);
  if (urlCode && urlCode !== seenCode) setSeenCode(urlCode);

  // The code is stored as soon as it is seen. Storing it only when the URL was cleaned missed it whenever another
  // part of the page rewrote the URL first, in whatever order their effects ran.
  useEffect(() => {
    if (seenCode) writeString(STORAGE_KEYS.pendingReferral, seenCode);
  }, [seenCode]);

  // spec §4 (§9 "referral URL cleanup 1 s"): the URL query is cleared after 1 s.
  useEffect(() => {
    if (rawRef === null) return;
    const timer = window.setTimeout(() => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete('ref');
        return next;
      }, { replace: true, preventScrollReset: true });
    }, TIMING.referralUrlCleanup);
    return () => window.clearTimeout(timer);
  }, [rawRef, setParams]);

  // The stored code only after hydration: the server cannot see browser storage, and the first render must match it.
  const hydrated = useHydrated();
  const code = urlCode ?? seenCode ?? (hydrated ? parseReferralCode(readString(STORAGE_KEYS.pendingReferral)) : null);
  const open = !!code && status === 'unauthenticated' && !dismissed && !QUIET_PATHS.includes(pathname);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReferralDialog code={code} onClose={() => setDismissed(true)} />
    </Suspense>
  );
}
