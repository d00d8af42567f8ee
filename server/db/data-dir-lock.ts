// One process at a time on an embedded database's data directory (issue 30). PGlite takes no lock of its own: a
// second process opening the same directory runs a second PostgreSQL on the same files, and each overwrites what
// the other wrote (the WAL, the relation files), which corrupts the data.
//
// The lock is a Unix socket the holder listens on. The kernel closes it when the process ends, however it ends
// (kill -9, a crash, the machine's own restart), so a lock is never left behind and nobody has to guess whether a
// recorded pid still belongs to the holder (a container restarted after kill -9 often gets the same pids). On
// Linux the socket lives in the abstract namespace (no file; binding it is atomic: it either succeeds or the name is
// taken); elsewhere it is a socket file under the system's temp folder, named after the directory. A process that
// finds the lock taken connects to it and the holder answers with its pid and host, so the refusal names both.
import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly holder: { pid?: number; host?: string; since?: string } | null) {
    const who = holder?.pid
      ? `process ${holder.pid}${holder.host ? ` on ${holder.host}` : ''}${holder.since ? ` (running since ${holder.since})` : ''}`
      : 'another process';
    super(`The embedded database in ${dataDir} is already open in ${who}. Two processes on one data directory would `
      + 'corrupt it: stop that process first, or give this one its own DATA_DIR (several instances need PostgreSQL: '
      + 'set DATABASE_URL).');
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

function socketAddress(dataDir: string): { address: string; file: string | null } {
  let real = dataDir;
  try { real = realpathSync(dataDir); } catch { /* not created yet: its resolved path names it */ }
  const name = `prairie-motor-db-${createHash('sha256').update(path.resolve(real)).digest('hex').slice(0, 32)}`;
  if (process.platform === 'linux') return { address: `\0${name}`, file: null };
  const file = path.join(tmpdir(), `${name}.sock`);
  return { address: file, file };
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** What the holder says about itself; null when nobody answers (a socket file left by a process that ended). */
function askHolder(address: string): Promise<{ pid?: number; host?: string; since?: string } | null> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(address);
    const done = (value: { pid?: number; host?: string; since?: string } | null) => { socket.destroy(); resolve(value); };
    socket.setTimeout(2000, () => done({}));
    socket.on('data', (d: Buffer) => { text += d.toString(); });
    socket.on('end', () => { try { done(JSON.parse(text) as { pid: number; host: string; since: string }); } catch { done({}); } });
    socket.on('error', (err: NodeJS.ErrnoException) => done(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? null : {}));
  });
}

/** Takes the data directory's lock, or throws DataDirLockedError naming the process that holds it. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const { address, file } = socketAddress(dataDir);
  const me = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.end(me);
  });
  try {
    await listen(server, address);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    const holder = await askHolder(address);
    // A socket file nobody listens on is left from a process that ended (never the case in the abstract namespace).
    if (holder !== null || !file) throw new DataDirLockedError(dataDir, holder);
    rmSync(file, { force: true });
    try {
      await listen(server, address);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new DataDirLockedError(dataDir, await askHolder(address));
      throw again;
    }
  }
  // Held for the process's life, without keeping it alive.
  server.unref();
  server.on('error', () => {});
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
