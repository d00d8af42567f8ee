// Reports a form's funnel to our own analytics (issue 6: "forms across the site send start, step and abandon
// events"): start at the first interaction, each step reached, complete on success, and abandon when the page is
// left (or the route changes) after starting without completing. A form in a modal passes `open`: each opening is
// a fresh funnel, and closing it unfinished is an abandon.
import { useCallback, useEffect, useRef } from 'react';
import type { TrackedForm } from '@domain/analytics';
import { trackFormEvent } from '@/lib/analytics';

export function useFormFunnel(form: TrackedForm, open = true) {
  const state = useRef<{ started: number | null; completed: boolean; step: string | undefined }>({ started: null, completed: false, step: undefined });

  const start = useCallback(() => {
    if (state.current.started !== null) return;
    state.current.started = Date.now();
    trackFormEvent(form, 'start');
  }, [form]);

  const step = useCallback((name: string) => {
    if (state.current.step === name) return;
    state.current.step = name;
    trackFormEvent(form, 'step', { step: name });
  }, [form]);

  const complete = useCallback(() => {
    if (state.current.completed) return;
    state.current.completed = true;
    trackFormEvent(form, 'complete');
  }, [form]);

  useEffect(() => {
    if (!open) return;
    state.current = { started: null, completed: false, step: undefined };
    const abandon = () => {
      const s = state.current;
      if (s.started === null || s.completed) return;
      s.completed = true; // once
      trackFormEvent(form, 'abandon', { ...(s.step ? { step: s.step } : {}), durationMs: Date.now() - s.started });
    };
    window.addEventListener('pagehide', abandon);
    return () => {
      window.removeEventListener('pagehide', abandon);
      abandon(); // leaving the route, or closing the modal, counts as leaving the form
    };
  }, [form, open]);

  return { start, step, complete };
}
