// The proactive greeting's moment (spec §2, issue 20): 30 s on the home page or a scroll past its vehicle search,
// whichever comes first, and only once. Fake timers: the test never waits 30 s.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TIMING } from '@domain/constants';
import { greetedThisSession, markGreeted, startGreetingTrigger } from './proactive-greeting';

function page(scrolled = false) {
  const state = { scrolled, handlers: new Set<() => void>() };
  return {
    state,
    scrolledPast: () => state.scrolled,
    onScroll: (h: () => void) => { state.handlers.add(h); return () => { state.handlers.delete(h); }; },
    scroll(past: boolean) { state.scrolled = past; for (const h of [...state.handlers]) h(); },
  };
}

describe('startGreetingTrigger', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('greets after 30 s on the page (spec §2), not a moment before', () => {
    expect(TIMING.proactiveChat).toBe(30_000);
    const p = page();
    const onTrigger = vi.fn();
    startGreetingTrigger({ delayMs: TIMING.proactiveChat, scrolledPast: p.scrolledPast, onScroll: p.onScroll, onTrigger });
    vi.advanceTimersByTime(29_999);
    expect(onTrigger).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTrigger).toHaveBeenCalledTimes(1);
    // Done: no listener left, and scrolling afterwards does not greet again.
    expect(p.state.handlers.size).toBe(0);
    p.scroll(true);
    vi.advanceTimersByTime(60_000);
    expect(onTrigger).toHaveBeenCalledTimes(1);
  });

  it('greets at the first scroll past the vehicle search, and the clock then stops', () => {
    const p = page();
    const onTrigger = vi.fn();
    startGreetingTrigger({ delayMs: TIMING.proactiveChat, scrolledPast: p.scrolledPast, onScroll: p.onScroll, onTrigger });
    vi.advanceTimersByTime(5_000);
    p.scroll(false); // a scroll that stays above the search's end
    expect(onTrigger).not.toHaveBeenCalled();
    p.scroll(true);
    expect(onTrigger).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TIMING.proactiveChat);
    expect(onTrigger).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('greets at once on a page restored already scrolled past the search', () => {
    const p = page(true);
    const onTrigger = vi.fn();
    startGreetingTrigger({ delayMs: TIMING.proactiveChat, scrolledPast: p.scrolledPast, onScroll: p.onScroll, onTrigger });
    expect(onTrigger).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(p.state.handlers.size).toBe(0);
  });

  it('leaving the page (stop) before either never greets', () => {
    const p = page();
    const onTrigger = vi.fn();
    const stop = startGreetingTrigger({ delayMs: TIMING.proactiveChat, scrolledPast: p.scrolledPast, onScroll: p.onScroll, onTrigger });
    vi.advanceTimersByTime(20_000);
    stop();
    vi.advanceTimersByTime(TIMING.proactiveChat);
    p.scroll(true);
    expect(onTrigger).not.toHaveBeenCalled();
    expect(p.state.handlers.size).toBe(0);
  });
});

describe('once per session', () => {
  it('remembers the greeting in session storage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => { store.set(k, v); }, removeItem: (k: string) => { store.delete(k); } };
    expect(greetedThisSession({ storage })).toBe(false);
    markGreeted({ storage });
    expect(store.get(STORAGE_KEYS.chatGreeted)).toBe('true');
    expect(greetedThisSession({ storage })).toBe(true);
  });
});
