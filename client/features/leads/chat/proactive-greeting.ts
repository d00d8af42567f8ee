// The home page's proactive chat (spec §2, issue 20): after a visitor has spent TIMING.proactiveChat on the home
// page, or has scrolled past its vehicle search, a greeting bubble appears beside the chat button, once per
// session. What decides the moment is a small controller without React, so its timer is tested with fake timers
// (proactive-greeting.test.ts); the hook below wires it to the page.
import { useEffect, useState } from 'react';
import { STORAGE_KEYS, TIMING } from '@domain/constants';
import { readString, writeString, type StorageOptions } from '@/lib/storage';

export const GREETING_TEXT = 'Looking for something specific? Ask me about any vehicle.';

/** The home page's vehicle search carries this attribute; scrolling past its end greets the visitor. */
export const HOME_SEARCH_ATTRIBUTE = 'data-home-search';

export interface GreetingTrigger {
  /** How long on the page before the greeting (TIMING.proactiveChat; spec §2). */
  delayMs: number;
  /** Whether the visitor has scrolled past the home page's vehicle search. */
  scrolledPast: () => boolean;
  /** Subscribes to the page's scrolling; returns the unsubscribe. */
  onScroll: (handler: () => void) => () => void;
  /** Called at most once: at the delay or at the first scroll past the search, whichever comes first. */
  onTrigger: () => void;
}

/** Starts watching; returns a stop that clears the timer and the scroll listener (called on leaving the page). */
export function startGreetingTrigger({ delayMs, scrolledPast, onScroll, onTrigger }: GreetingTrigger): () => void {
  let done = false;
  let unsubscribe: () => void = () => {};
  const timer = setTimeout(() => fire(), delayMs);
  function stop() {
    done = true;
    clearTimeout(timer);
    unsubscribe();
  }
  function fire() {
    if (done) return;
    stop();
    onTrigger();
  }
  // A page restored already scrolled down (Back) greets at once, as a scroll would.
  if (scrolledPast()) {
    fire();
    return stop;
  }
  unsubscribe = onScroll(() => { if (scrolledPast()) fire(); });
  return stop;
}

/** Whether this session has had its greeting (spec §2: once per session). */
export const greetedThisSession = (o: StorageOptions = { area: 'session' }) => readString(STORAGE_KEYS.chatGreeted, o) === 'true';
export const markGreeted = (o: StorageOptions = { area: 'session' }) => { writeString(STORAGE_KEYS.chatGreeted, 'true', o); };

function homeSearchScrolledPast(): boolean {
  const search = document.querySelector(`[${HOME_SEARCH_ATTRIBUTE}]`);
  return search !== null && search.getBoundingClientRect().bottom < 0;
}

/**
 * Whether the greeting shows now. `active` is true while the visitor is on the home page with the chat closed;
 * leaving the page (or opening the chat) stops the clock, and a greeting already had this session never returns.
 */
export function useProactiveGreeting(active: boolean): { shown: boolean; dismiss: () => void } {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const stop = greetedThisSession() ? () => {} : startGreetingTrigger({
      delayMs: TIMING.proactiveChat,
      scrolledPast: homeSearchScrolledPast,
      onScroll: (handler) => {
        window.addEventListener('scroll', handler, { passive: true });
        return () => window.removeEventListener('scroll', handler);
      },
      onTrigger: () => {
        markGreeted();
        setShown(true);
      },
    });
    // Leaving the page or opening the chat ends the greeting: it does not come back when the chat closes.
    return () => {
      stop();
      setShown(false);
    };
  }, [active]);
  return { shown, dismiss: () => setShown(false) };
}
