// Helpers shared by the benchmarks that start the server in its own process (bench-api, bench-memory): a free
// port, a seeded PRNG, and the server process tree's CPU time and resident memory from Linux /proc.
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A tiny deterministic PRNG so "varied" cases send the same sequence every run. */
export function prng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * A random mix of the listing's filters (spec §7 parameters), each present about half the time: what shoppers send
 * that no cache has seen. The order of draws is fixed, so a seeded `rand` sends the same sequence every run.
 */
export function variedListingFilters(rand: () => number, stock: { makes: string[]; bodyTypes: string[]; features: string[] }): URLSearchParams {
  const pick = <T,>(a: T[]) => a[Math.floor(rand() * a.length)]!;
  const q = new URLSearchParams();
  if (rand() < 0.6) { q.append('make', pick(stock.makes)); if (rand() < 0.3) q.append('make', pick(stock.makes)); }
  if (rand() < 0.5) { const lo = Math.floor(rand() * 40) * 1000; q.set('priceMin', String(lo)); q.set('priceMax', String(lo + 5000 + Math.floor(rand() * 60) * 1000)); }
  if (rand() < 0.5) q.set('yearMin', String(2012 + Math.floor(rand() * 12)));
  if (rand() < 0.3) q.set('mileageMax', String(20_000 + Math.floor(rand() * 20) * 10_000));
  if (rand() < 0.4) q.append('bodyType', pick(stock.bodyTypes));
  if (rand() < 0.3) q.append('feature', pick(stock.features));
  return q;
}

/** A process and its descendants (tsx, or a re-exec with flags, runs the server in a child process). */
export async function processTree(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const kids = children.split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...(await Promise.all(kids.map(processTree))).flat()];
}

/**
 * CPU time a process tree has used so far, in ns, over all its threads. On a shared machine req/s and latency move
 * with the neighbours' load; CPU per request much less so: 1000 / (ms per request) is what one core could answer.
 */
export async function treeCpuNs(pid: number): Promise<number> {
  let total = 0;
  for (const p of await processTree(pid)) {
    for (const task of await readdir(`/proc/${p}/task`).catch(() => [] as string[])) {
      total += Number((await readFile(`/proc/${p}/task/${task}/schedstat`, 'utf8').catch(() => '0')).split(' ')[0]) || 0;
    }
  }
  return total;
}

/** Resident memory of a process tree, in MB. */
export async function treeRssMb(pid: number): Promise<number> {
  let kb = 0;
  for (const p of await processTree(pid)) {
    const status = await readFile(`/proc/${p}/status`, 'utf8').catch(() => '');
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

/** Resident memory of a process tree by kind, in MB: anonymous (heaps, buffers) and file-backed (code, mapped files). */
export async function treeRssKindsMb(pid: number): Promise<{ anon: number; file: number }> {
  let anon = 0, file = 0;
  for (const p of await processTree(pid)) {
    const status = await readFile(`/proc/${p}/status`, 'utf8').catch(() => '');
    anon += Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0);
    file += Number(/RssFile:\s+(\d+)/.exec(status)?.[1] ?? 0) + Number(/RssShmem:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return { anon: Math.round(anon / 1024), file: Math.round(file / 1024) };
}
