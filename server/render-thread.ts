// A render thread (server/lib/render-threads.ts; issue 30 §5): renders pages with the React app's server renderer,
// its API requests answered by the main thread. Like main.ts, the one other server file that knows the React app.
// The build writes it beside the server (dist/server/render-thread.js), where main.ts starts it.
import { setPriority } from 'node:os';
import { renderPage } from '../client/entry-server';
import { RENDER_THREAD_NICE, serveRenders } from './lib/render-threads';

// On Linux a thread has a nice value of its own, and this sets the calling thread's alone: when the cores are
// busy, the event loop (routing, API answers, the database) gets them first, and renders take what is left.
// Elsewhere (a per-process nice) or where it is refused, renders run at the process's priority.
try {
  setPriority(RENDER_THREAD_NICE);
} catch {
  // not allowed here: same priority as the event loop
}
serveRenders(renderPage);
