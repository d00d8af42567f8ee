// Real PostgreSQL and Redis servers of the fault suite's own (issue 30): a throwaway cluster (initdb into a temp
// directory, another port) and a redis-server on another port, so the suite can stop, restart and freeze them
// without touching the machine's shared servers. Where the binaries are absent, `faultTools()` says why and the
// suite skips with that message.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FaultTools { pgBin: string; redisServer: string | null; asPostgres: boolean }

function which(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The PostgreSQL server binaries (initdb, pg_ctl, postgres) and redis-server, or the reason the suite skips. */
export function faultTools(): FaultTools | string {
  const candidates = [
    process.env.PG_BIN,
    ...(existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse().map((v) => `/usr/lib/postgresql/${v}/bin`) : []),
    (() => { const p = which('pg_ctl'); return p ? path.dirname(p) : undefined; })(),
  ].filter((p): p is string => !!p);
  const pgBin = candidates.find((d) => ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(d, b))));
  if (!pgBin) return 'no PostgreSQL server binaries (initdb, pg_ctl, postgres; set PG_BIN to their folder)';
  // PostgreSQL refuses to run as root: as root, the cluster runs as the postgres user.
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root and there is no postgres user to run the cluster as';
  return { pgBin, redisServer: which('redis-server'), asPostgres };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL cluster of our own: started, stopped (fast or immediate) and restarted at will. */
export class PgCluster {
  readonly dir: string;
  readonly port: number;
  private constructor(private tools: FaultTools, dir: string, port: number) { this.dir = dir; this.port = port; }

  get url() { return `postgres://postgres@127.0.0.1:${this.port}/postgres`; }

  private run(bin: string, args: string[]) {
    const file = path.join(this.tools.pgBin, bin);
    const [cmd, argv] = this.tools.asPostgres ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  }

  static async create(tools: FaultTools, maxConnections: number): Promise<PgCluster> {
    const dir = mkdtempSync(path.join(tmpdir(), 'prairie-faults-pg-'));
    if (tools.asPostgres) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    const cluster = new PgCluster(tools, dir, await freePort());
    cluster.run('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    // Small and fast: fsync off (only an operating-system crash would lose data, and the faults are PostgreSQL's
    // own), but synchronous_commit stays on: an immediate shutdown must not lose a commit the app acknowledged.
    // A low connection ceiling makes a connection leak visible at once.
    const conf = [`port = ${cluster.port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`,
      `max_connections = ${maxConnections}`, 'fsync = off', 'full_page_writes = off', 'shared_buffers = 32MB'];
    appendFileSync(path.join(dir, 'data', 'postgresql.conf'), `\n${conf.join('\n')}\n`);
    return cluster;
  }

  start() { this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-l', path.join(this.dir, 'log'), '-w', '-t', '30', 'start']); }
  stop(mode: 'fast' | 'immediate') { this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', '-t', '30', 'stop']); }

  destroy() {
    try { this.stop('immediate'); } catch { /* already stopped */ }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A redis-server of our own, frozen with SIGSTOP and thawed with SIGCONT. */
export class RedisServer {
  private constructor(readonly child: ChildProcess, readonly port: number) {}
  get url() { return `redis://127.0.0.1:${this.port}`; }

  static async start(bin: string): Promise<RedisServer> {
    const port = await freePort();
    const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const server = new RedisServer(child, port);
    await waitForPort(port, 10_000);
    return server;
  }
  freeze() { this.child.kill('SIGSTOP'); }
  thaw() { this.child.kill('SIGCONT'); }
  stop() { this.child.kill('SIGCONT'); this.child.kill('SIGKILL'); }
}

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing answered on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
