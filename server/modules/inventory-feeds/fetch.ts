// Fetching what a dealer's feed provider serves (issue 32 "Each run" and "SSRF"): the feed itself and its photos.
// - Only http and https. Limited in time (one deadline for the whole answer, redirects included) and in size (the
//   body is counted as it arrives and the request aborted past the limit).
// - Conditional: the validators of the last answer go back as If-None-Match / If-Modified-Since; a 304 is "unchanged".
// - SSRF: unless private hosts are allowed (FEED_ALLOW_PRIVATE_HOSTS; always outside production), every address a
//   host name resolves to is checked at connect time, by the socket's own lookup, so a DNS answer cannot change
//   between the check and the connection. Loopback, private, link-local (the cloud metadata address 169.254.169.254
//   among them), carrier-grade NAT, unique-local and unspecified ranges are refused; redirects are followed by hand
//   (at most 5) and each hop is checked the same way.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export class FetchError extends Error {
  constructor(message: string, readonly kind: 'refused' | 'timeout' | 'too_large' | 'http' | 'network') {
    super(message);
  }
}

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether an address is one a feed fetch must not reach (IPv4-mapped IPv6 is judged as its IPv4 address). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A socket lookup that refuses private addresses: the check and the connection use the same answer. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) {
      return callback(Object.assign(new Error(`${hostname} resolves to a private or local address (${bad?.address ?? 'none'}), which feeds may not reach`), { code: 'EPRIVATE' }), '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

export interface FetchOptions {
  /** Basic-auth credentials. */
  auth?: { username: string; password: string } | null;
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
  accept?: string;
}

export type FetchResult =
  | { status: 304 }
  | { status: 200; body: Buffer; contentType: string; etag: string | null; lastModified: string | null; url: string };

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] ?? null : v ?? null;
};

/** GETs a URL under the rules above. 304 when the validators still hold; a FetchError for everything else. */
export async function fetchLimited(rawUrl: string, opts: FetchOptions): Promise<FetchResult> {
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  let url = new URL(rawUrl);
  for (let hop = 0; hop <= 5; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError(`Only http and https addresses can be fetched (got ${url.protocol})`, 'refused');
    if (!opts.allowPrivate && isIP(url.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
      throw new FetchError(`${url.hostname} is a private or local address, which feeds may not reach`, 'refused');
    }
    const answer = await once(url, opts, hop === 0, deadline);
    if ('redirect' in answer) {
      url = new URL(answer.redirect, url);
      continue;
    }
    return answer;
  }
  throw new FetchError('Too many redirects (more than 5)', 'http');
}

function once(url: URL, opts: FetchOptions, first: boolean, signal: AbortSignal): Promise<FetchResult | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'user-agent': 'PrairieMotorHub-FeedFetcher/1', accept: opts.accept ?? 'text/csv, text/plain;q=0.9, */*;q=0.5' };
    // Validators belong to the address they came from.
    if (first && opts.etag) headers['if-none-match'] = opts.etag;
    if (first && opts.lastModified) headers['if-modified-since'] = opts.lastModified;
    if (opts.auth) headers.authorization = `Basic ${Buffer.from(`${opts.auth.username}:${opts.auth.password}`).toString('base64')}`;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { headers, signal, ...(opts.allowPrivate ? {} : { lookup: guardedLookup }) }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        res.resume();
        const location = header(res.headers, 'location');
        return location ? resolve({ redirect: location }) : reject(new FetchError(`HTTP ${status} without a Location`, 'http'));
      }
      if (status === 304) {
        res.resume();
        return resolve({ status: 304 });
      }
      if (status !== 200) {
        res.resume();
        return reject(new FetchError(`HTTP ${status} ${res.statusMessage ?? ''}`.trim(), 'http'));
      }
      const declared = Number(header(res.headers, 'content-length') ?? NaN);
      if (declared > opts.maxBytes) {
        req.destroy();
        return reject(new FetchError(`The answer is ${declared} bytes, more than the ${opts.maxBytes} allowed`, 'too_large'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) {
          req.destroy();
          reject(new FetchError(`The answer is more than the ${opts.maxBytes} bytes allowed`, 'too_large'));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        // A body cut short (the server closed mid-answer) is not a feed: a truncated CSV would look like fewer units.
        if (!res.complete) return reject(new FetchError('The answer was cut short before its end', 'network'));
        if (!Number.isNaN(declared) && size !== declared) return reject(new FetchError(`The answer has ${size} of its ${declared} bytes`, 'network'));
        resolve({
          status: 200, body: Buffer.concat(chunks), contentType: header(res.headers, 'content-type') ?? '',
          etag: header(res.headers, 'etag'), lastModified: header(res.headers, 'last-modified'), url: url.toString(),
        });
      });
      res.on('error', (err) => reject(toFetchError(err, signal)));
      res.on('aborted', () => reject(new FetchError('The answer was cut short before its end', 'network')));
    });
    req.on('error', (err) => reject(toFetchError(err, signal)));
  });
}

function toFetchError(err: unknown, signal: AbortSignal): FetchError {
  if (err instanceof FetchError) return err;
  if (signal.aborted) return new FetchError('No complete answer within the time limit', 'timeout');
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EPRIVATE') return new FetchError(e.message, 'refused');
  return new FetchError(`${e.code ?? 'network error'}: ${e.message}`, 'network');
}
