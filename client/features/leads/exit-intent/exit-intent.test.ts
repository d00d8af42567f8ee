import { describe, expect, it } from 'vitest';
import { initialExitIntent, onLeave, onPointerLeave, onScroll } from './exit-intent';

const page = { viewport: 800, height: 5000 };

describe('exit intent (spec §4)', () => {
  it('ignores a top-edge exit before 30 s and shows it after, once per session', () => {
    let s = initialExitIntent(0, false);
    expect(onPointerLeave(s, 29_999, { clientY: -5, toElement: false }).show).toBe(false);
    const r = onPointerLeave(s, 30_000, { clientY: -5, toElement: false });
    expect(r.show).toBe(true);
    s = r.state;
    expect(onPointerLeave(s, 60_000, { clientY: -5, toElement: false }).show).toBe(false);
    expect(onPointerLeave(initialExitIntent(0, true), 60_000, { clientY: -5, toElement: false }).show).toBe(false);
  });

  it('ignores exits through the sides or bottom, and into another element', () => {
    const s = initialExitIntent(0, false);
    expect(onPointerLeave(s, 40_000, { clientY: 300, toElement: false }).show).toBe(false);
    expect(onPointerLeave(s, 40_000, { clientY: 0, toElement: true }).show).toBe(false);
  });

  it('shows after passing 70% of the page then scrolling up more than 500 px', () => {
    let s = initialExitIntent(0, false);
    s = onScroll(s, 31_000, { ...page, scrollY: 2000 }).state; // 56%: not yet
    expect(s.peakAfterDepth).toBeNull();
    s = onScroll(s, 31_000, { ...page, scrollY: 2800 }).state; // 72%
    s = onScroll(s, 31_000, { ...page, scrollY: 3400 }).state; // deeper peak
    expect(onScroll(s, 32_000, { ...page, scrollY: 2900 }).show).toBe(false); // up exactly 500
    expect(onScroll(s, 32_000, { ...page, scrollY: 2899 }).show).toBe(true);
  });

  it('does not show on the scroll rule before 30 s', () => {
    let s = initialExitIntent(0, false);
    s = onScroll(s, 5_000, { ...page, scrollY: 3400 }).state;
    expect(onScroll(s, 6_000, { ...page, scrollY: 1000 }).show).toBe(false);
  });

  it('sends the page-leave beacon only after 30 s and only when the modal never triggered', () => {
    expect(onLeave(initialExitIntent(0, false), 10_000)).toBeNull();
    expect(onLeave(initialExitIntent(0, false), 45_000)).toBe(45_000);
    expect(onLeave(initialExitIntent(0, true), 45_000)).toBeNull();
  });
});
