// Pages rendered in worker threads (issue 30 §5: heavy work does not stop the site).
//
// A server render is the longest piece of synchronous work a request brings: React renders the whole page in one
// piece (client/entry-server.tsx waits for onAllReady), 20-100 ms of CPU for a listing. On the event loop's thread,
// renders queued back to back held every timer and every other request behind them: the 10-minute soak's
// event-loop delay p99 was 136 ms on an idle machine and 859 ms on a busy one (docs/PERFORMANCE.md).
//
// Here the same RenderPage contract (domain/page-render.ts) runs in a few worker threads. The event loop keeps
// what needs the app: each API request a render makes still goes through the request's own transport
// (server/plugins/pages.ts apiFor: the in-process reads, or app.inject as the visitor), asked for by the thread in
// a message and answered in one. So the thread holds no database, session or cache of its own, and a page renders
// exactly as it would in process, with the visitor's rights.
//
// A thread that dies (an uncaught error, out of memory) fails only the renders it held: pages.ts then serves the
// page's shell, which the browser renders itself, and the next render starts a new thread.
import { parentPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ApiTransport, RawAnswer, RenderPage, RenderPageInput, RenderPageResult } from '@domain/page-render';

/**
 * How much lower a render thread's priority is than the event loop's (a nice value, 0-19; render-thread.ts). A
 * render is throughput work: a page a few milliseconds later. A late event loop holds every request, timer and
 * database answer behind it. Measured in the soak (docs/PERFORMANCE.md).
 */
export const RENDER_THREAD_NICE = 10;

/** What a render needs that can cross to a thread: the rest (the transport, the error sink) stays here. */
type RenderRequest = Pick<RenderPageInput, 'url' | 'theme' | 'sort' | 'device'>;

interface ErrorData { name: string; message: string; stack?: string | undefined }

type ToThread =
  | { type: 'render'; id: number; input: RenderRequest }
  | { type: 'answer'; call: number; answer?: RawAnswer; error?: string };

type FromThread =
  | { type: 'api'; id: number; call: number; method: string; url: string; headers: Record<string, string>; body: string | undefined }
  | { type: 'render-error'; id: number; error: ErrorData }
  | { type: 'done'; id: number; result: RenderPageResult }
  | { type: 'failed'; id: number; error: ErrorData };

const errorData = (err: unknown): ErrorData =>
  err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : { name: 'Error', message: String(err) };

function toError({ name, message, stack }: ErrorData): Error {
  const err = new Error(message);
  err.name = name;
  if (stack) err.stack = stack;
  return err;
}

/** How long close() lets the renders in progress finish before it stops the threads. */
const CLOSE_DRAIN_MS = 5_000;

export class RenderThreadExitedError extends Error {
  constructor(code: number) {
    super(`the render thread stopped (exit code ${code}) before the page was rendered`);
    this.name = 'RenderThreadExitedError';
  }
}

export interface RenderThreads {
  renderPage: RenderPage;
  /** Renders waiting for each thread now (for tests and the start-up log). */
  inFlight(): number[];
  close(): Promise<void>;
}

interface InFlight { input: RenderPageInput; resolve: (r: RenderPageResult) => void; reject: (err: Error) => void }
interface Slot { worker: Worker | null; renders: Map<number, InFlight> }

/**
 * Starts `size` render threads running `file` (a module calling serveRenders; the build writes
 * dist/server/render-thread.js) and renders pages in them: each render goes to the thread with the fewest renders
 * in progress.
 */
export function startRenderThreads({ file, size, onThreadError = () => {} }: {
  file: URL | string;
  size: number;
  /** A thread's uncaught error, just before it stops (for the log). */
  onThreadError?: (err: unknown) => void;
}): RenderThreads {
  if (!Number.isInteger(size) || size < 1) throw new Error('startRenderThreads needs at least one thread');
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, renders: new Map() }));
  let nextId = 1;
  let closed = false;

  function fail(slot: Slot, err: Error) {
    const renders = [...slot.renders.values()];
    slot.renders.clear();
    for (const r of renders) r.reject(err);
  }

  function spawn(slot: Slot): Worker {
    const worker = new Worker(file);
    // The thread must not keep the process alive on its own: shutdown closes it, and a test that forgets to
    // still ends.
    worker.unref();
    worker.on('message', (message: FromThread) => handle(slot, worker, message));
    // An uncaught error in the thread: it exits next ('exit' below fails its renders). Handled here so it is never
    // an 'error' event without a listener (issue 30 §1).
    worker.on('error', onThreadError);
    worker.on('exit', (code) => {
      if (slot.worker === worker) slot.worker = null;
      fail(slot, new RenderThreadExitedError(code));
    });
    slot.worker = worker;
    return worker;
  }

  function handle(slot: Slot, worker: Worker, message: FromThread) {
    const render = slot.renders.get(message.id);
    switch (message.type) {
      case 'api': {
        if (!render) return; // the render was failed meanwhile: nobody waits for the answer
        const { call } = message;
        render.input.api(message.method, message.url, message.headers, message.body).then(
          (answer) => worker.postMessage({ type: 'answer', call, answer } satisfies ToThread),
          (err: unknown) => worker.postMessage({ type: 'answer', call, error: err instanceof Error ? err.message : String(err) } satisfies ToThread),
        );
        return;
      }
      case 'render-error':
        render?.input.onError(toError(message.error));
        return;
      case 'done':
        slot.renders.delete(message.id);
        render?.resolve(message.result);
        return;
      case 'failed':
        slot.renders.delete(message.id);
        render?.reject(toError(message.error));
        return;
    }
  }

  for (const slot of slots) spawn(slot);

  const renderPage: RenderPage = (input) => new Promise((resolve, reject) => {
    if (closed) {
      reject(new Error('the render threads are closed'));
      return;
    }
    const slot = slots.reduce((a, b) => (b.renders.size < a.renders.size ? b : a));
    const worker = slot.worker ?? spawn(slot);
    const id = nextId++;
    slot.renders.set(id, { input, resolve, reject });
    const request: RenderRequest = { url: input.url, theme: input.theme, sort: input.sort, device: input.device };
    worker.postMessage({ type: 'render', id, input: request } satisfies ToThread);
  });

  return {
    renderPage,
    inFlight: () => slots.map((s) => s.renders.size),
    async close() {
      closed = true;
      // The renders in progress finish first (a shutdown lets the requests it is answering end), up to a limit.
      const settled = new Promise<void>((resolve) => {
        const check = () => (slots.every((s) => s.renders.size === 0) ? resolve() : setTimeout(check, 10).unref());
        check();
      });
      await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, CLOSE_DRAIN_MS).unref())]);
      await Promise.all(slots.map(async (slot) => {
        const { worker } = slot;
        slot.worker = null;
        if (worker) await worker.terminate();
        fail(slot, new Error('the render threads are closed'));
      }));
    },
  };
}

/**
 * The thread's side: renders each page it is sent with `renderPage`, asking the main thread for every API answer
 * the render needs, and sends back the result, or the error. Several renders may be in progress at once, as on the
 * main thread: each waits for its own answers.
 */
export function serveRenders(renderPage: RenderPage, port: MessagePort | null = parentPort): void {
  if (!port) throw new Error('serveRenders runs in a render thread (node:worker_threads)');
  const send = (message: FromThread) => port.postMessage(message);
  const calls = new Map<number, { resolve: (a: RawAnswer) => void; reject: (err: Error) => void }>();
  let nextCall = 1;
  port.on('message', (message: ToThread) => {
    if (message.type === 'answer') {
      const call = calls.get(message.call);
      calls.delete(message.call);
      if (message.error !== undefined) call?.reject(new Error(message.error));
      else call?.resolve(message.answer!);
      return;
    }
    const { id, input } = message;
    const api: ApiTransport = (method, url, headers, body) => new Promise((resolve, reject) => {
      const call = nextCall++;
      calls.set(call, { resolve, reject });
      send({ type: 'api', id, call, method, url, headers, body });
    });
    renderPage({ ...input, api, onError: (err) => send({ type: 'render-error', id, error: errorData(err) }) }).then(
      (result) => send({ type: 'done', id, result }),
      (err: unknown) => send({ type: 'failed', id, error: errorData(err) }),
    );
  });
}
