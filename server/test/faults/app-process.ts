// The app as production runs it (server/main.ts in its own process), for the fault suite (issue 30): the suite
// kills it with SIGKILL and starts it again as a supervisor would, and reads its output for unhandled rejections
// and 'error' events nobody listened to.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What Node prints when it ends a process over an error nobody handled. */
export const FATAL_OUTPUT = /unhandledRejection|Unhandled 'error' event|UnhandledPromiseRejection|uncaughtException|triggerUncaughtException/;

export class AppProcess {
  output = '';
  exitCode: number | null | undefined = undefined;
  readonly exited: Promise<void>;
  private constructor(readonly child: ChildProcess, readonly port: number) {
    child.stdout!.on('data', (d: Buffer) => { this.output += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { this.output += d.toString(); });
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => { this.exitCode = code ?? (signal ? -1 : null); resolve(); }));
  }

  get url() { return `http://127.0.0.1:${this.port}`; }
  get alive() { return this.exitCode === undefined; }
  get pid() { return this.child.pid!; }

  static start(port: number, env: Record<string, string>): AppProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), SEED: 'off', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new AppProcess(child, port);
  }

  /** Open file descriptors (sockets included), Linux only: a connection storm shows here first. */
  fds(): number | null {
    try { return readdirSync(`/proc/${this.pid}/fd`).length; } catch { return null; }
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    if (!this.alive) return;
    this.child.kill(signal);
    await this.exited;
  }
}
