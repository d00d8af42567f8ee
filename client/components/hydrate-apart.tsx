// Issue 35 §2: a part of a server-rendered page that React hydrates in a task of its own. A Suspense boundary's
// server HTML is hydrated after the content around it, one boundary per task, so a long page no longer hydrates in
// one long task on a slow phone (Total Blocking Time counts each task's time over 50 ms). Nothing inside suspends
// on a server-rendered page (its code is loaded before hydration, client/main.tsx), so the fallback never shows
// there; a tap on a part not hydrated yet makes React hydrate it at once and then run the tap's handler.
import { memo, Suspense, type ReactNode } from 'react';

// Memoised: a boundary not hydrated yet that receives new props is hydrated at once, in the parent's render and at its
// priority (a page settling after hydration re-renders synchronously), which undoes the point of the boundary. Given
// the same children element (the parent keeps it in useMemo), React skips it and hydrates it later, in its own task.
export const HydrateApart = memo(function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
});
