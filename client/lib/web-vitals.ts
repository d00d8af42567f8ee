// Field data (issue 35 §3): this visit's LCP, INP and CLS, measured by the web-vitals library in the shopper's own
// browser and sent once, when the page is hidden, to our own endpoint (domain/web-vitals.ts). The page is the one the
// visit landed on (web-vitals measures the first page load, not later in-app navigations). Nothing is sent under
// Global Privacy Control (beacon() in ./analytics).
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { vitalPageOf, type FormFactor, type VitalName } from '@domain/web-vitals-rules';
import type { VitalsBody } from '@domain/web-vitals';
import { beacon, privacySignal } from './analytics';

let started = false;

export function reportWebVitals(): void {
  if (started || typeof window === 'undefined' || privacySignal()) return;
  started = true;
  const page = vitalPageOf(window.location.pathname);
  const formFactor: FormFactor = window.matchMedia('(max-width: 767px)').matches ? 'phone' : 'desktop';
  const latest = new Map<VitalName, number>();
  const sent = new Set<VitalName>();
  const record = (m: Metric) => { latest.set(m.name as VitalName, m.value); };
  onLCP(record);
  onINP(record);
  onCLS(record);
  // Each figure once, as it stands the first time the page is hidden: one visit is one sample of each.
  const flush = () => {
    if (document.visibilityState !== 'hidden') return;
    const metrics = [...latest].filter(([name]) => !sent.has(name)).map(([name, value]) => ({ name, value }));
    if (!metrics.length) return;
    for (const m of metrics) sent.add(m.name);
    const body: VitalsBody = { page, formFactor, metrics };
    beacon('/api/analytics/vitals', body);
  };
  // web-vitals reports its final figures on visibilitychange to hidden; ours runs after its own listeners.
  addEventListener('visibilitychange', () => queueMicrotask(flush));
  addEventListener('pagehide', () => queueMicrotask(flush));
}
