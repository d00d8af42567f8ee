// Mounted once for the whole site (client/app/router.tsx). Page views to our own endpoint (spec §7: 2 s after load,
// then on every route change; no query string, nothing personal, skipped under Global Privacy Control), the visit's
// Core Web Vitals (issue 35 §3, lib/web-vitals.ts), and the exit-intent modal with its analytics beacon (spec §4,
// rules in exit-intent.ts).
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { EXIT_INTENT } from '@domain/analytics-rules';
import { analyticsSessionId, beacon, trackFormEvent, trackPageView } from '@/lib/analytics';
import { reportWebVitals } from '@/lib/web-vitals';
import { readString, writeString } from '@/lib/storage';
import { lazyComponent } from '@/lib/lazy-component';
import { initialExitIntent, onLeave, onPointerLeave, onScroll, type ExitIntentState } from './exit-intent';

const ExitIntentDialog = lazyComponent('features/leads/exit-intent/exit-intent-dialog', () => import('./exit-intent-dialog'));

/** Pages where a "before you go" offer would interrupt work or repeat the page itself. */
const NO_EXIT_INTENT = /^\/(admin|pre-approval|login|register|customer-login|admin-login|forgot-password|reset-password)(\/|$)|^\/(add|edit)-vehicle|^\/bulk-import/;
const untracked = (path: string) => path.startsWith('/admin') || /^\/(add|edit)-vehicle|^\/bulk-import/.test(path);

export default function SiteAnalytics() {
  const { pathname } = useLocation();
  const first = useRef(true);

  // issue 35 §3: this visit's Core Web Vitals, sent when the page is hidden (not from the back office).
  useEffect(() => { if (!untracked(window.location.pathname)) reportWebVitals(); }, []);

  // spec §7: the first view 2 s after load; later views on each route change.
  useEffect(() => {
    if (untracked(pathname)) return;
    if (first.current) {
      first.current = false;
      const t = setTimeout(() => trackPageView(window.location.pathname), 2000);
      return () => clearTimeout(t);
    }
    trackPageView(pathname);
  }, [pathname]);

  return <ExitIntent enabled={!NO_EXIT_INTENT.test(pathname)} />;
}

function ExitIntent({ enabled }: { enabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const state = useRef<ExitIntentState | null>(null);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  useEffect(() => {
    state.current = initialExitIntent(Date.now(), readString(EXIT_INTENT.shownFlag, { area: 'session' }) === '1');
    const show = () => {
      writeString(EXIT_INTENT.shownFlag, '1', { area: 'session' });
      setOpened(true);
      setOpen(true);
      trackFormEvent('exit_intent', 'exit_intent');
    };
    const onOut = (e: MouseEvent) => {
      if (!enabledRef.current || !state.current) return;
      const r = onPointerLeave(state.current, Date.now(), { clientY: e.clientY, toElement: e.relatedTarget !== null });
      state.current = r.state;
      if (r.show) show();
    };
    const onScrolled = () => {
      if (!state.current) return;
      const r = onScroll(state.current, Date.now(), { scrollY: window.scrollY, viewport: window.innerHeight, height: document.documentElement.scrollHeight });
      // The scroll rule still tracks depth on excluded pages, but only shows on allowed ones.
      state.current = r.show && !enabledRef.current ? { ...r.state, shown: state.current.shown } : r.state;
      if (r.show && enabledRef.current) show();
    };
    // spec §4/§7: leaving after 30 s without the modal having triggered sends the beacon.
    const onHide = () => {
      if (!state.current) return;
      const timeOnSite = onLeave(state.current, Date.now());
      if (timeOnSite !== null) {
        beacon('/api/form-analytics/track', { formType: 'exit_intent_trigger', action: 'page_leave', fieldData: { timeOnSite }, sessionId: analyticsSessionId() });
        state.current = { ...state.current, shown: true }; // once
      }
    };
    document.addEventListener('mouseout', onOut);
    window.addEventListener('scroll', onScrolled, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('mouseout', onOut);
      window.removeEventListener('scroll', onScrolled);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  const openChat = () => {
    setOpen(false);
    window.dispatchEvent(new CustomEvent('openCarBroChat'));
  };

  // The modal's code (Radix Dialog with its focus trap and scroll lock, about 12 KiB) loads when it first opens,
  // not with every page (issue 35 §1).
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ExitIntentDialog open={open} onOpenChange={setOpen} onOpenChat={openChat} />
    </Suspense>
  );
}
