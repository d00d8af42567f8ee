// Issue 35 §2: a part of a server-rendered page that React hydrates in a task of its own. A Suspense boundary's
// server HTML is hydrated after the content around it, one boundary per task, so a long page no longer hydrates in
// one long task on a slow phone (Total Blocking Time counts each task's time over 50 ms). Nothing inside suspends
// on a server-rendered page (its code is loaded before hydration, client/main.tsx), so the fallback never shows
// there; a tap on a part not hydrated yet makes React hydrate it at once and then run the tap's handler.
import { Suspense, type ReactNode } from 'react';

export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
