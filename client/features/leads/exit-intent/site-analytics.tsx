// Mounted once for the whole site (client/app/router.tsx). Page views to our own endpoint (spec §7: 2 s after load,
// then on every route change; no query string, nothing personal, skipped under Global Privacy Control), the visit's
// Core Web Vitals (issue 35 §3, lib/web-vitals.ts), and the exit-intent modal with its analytics beacon (spec §4,
// rules in exit-intent.ts).
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MessageCircle, ShieldCheck } from 'lucide-react';
import { EXIT_INTENT } from '@domain/analytics-rules';
import { DEALERSHIP } from '@domain/settings';
import { analyticsSessionId, beacon, trackFormEvent, trackPageView } from '@/lib/analytics';
import { reportWebVitals } from '@/lib/web-vitals';
import { readString, writeString } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { initialExitIntent, onLeave, onPointerLeave, onScroll, type ExitIntentState } from './exit-intent';

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
  const state = useRef<ExitIntentState | null>(null);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  useEffect(() => {
    state.current = initialExitIntent(Date.now(), readString(EXIT_INTENT.shownFlag, { area: 'session' }) === '1');
    const show = () => {
      writeString(EXIT_INTENT.shownFlag, '1', { area: 'session' });
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

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Before you go: know your budget</DialogTitle>
          <DialogDescription>
            Apply for financing pre-approval in about 2 minutes. No SIN needed, and a real person at {DEALERSHIP.name} reviews every application.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <Button asChild variant="default" size="lg"><Link to="/pre-approval" onClick={() => setOpen(false)}><ShieldCheck aria-hidden />Get pre-approved</Link></Button>
          <Button variant="outline" onClick={openChat}><MessageCircle aria-hidden />Ask our car assistant a question</Button>
          <p className="text-center text-sm text-muted-foreground">
            Or call <a href={DEALERSHIP.phoneHref} className="font-medium text-primary underline">{DEALERSHIP.phone}</a>.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
