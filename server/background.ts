// Work that runs after the answer has gone (issue 15 item 8): a request whose timing must not depend on what it
// found (forgot-password: a known address mails a link, an unknown one does nothing) answers first, and the work
// follows here. Failures are logged, never lost silently; app.close() waits for what is under way, and tests wait
// for the state with idle() rather than for time.
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `work` without waiting for it; `what` names it in the log if it fails. */
  run(what: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .then(() => undefined, (err: unknown) => { this.log.error({ err }, `background task failed: ${what}`); })
      .finally(() => { this.running.delete(task); });
    this.running.add(task);
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
