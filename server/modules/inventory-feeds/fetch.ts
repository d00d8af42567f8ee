// Fetching what a dealer's feed provider serves (issue 32 "Each run" and "SSRF"): the feed itself and its photos.
// - Only http and https. Limited in time (one deadline for the whole answer, redirects included) and in size (the
//   body is counted as it arrives and the request aborted past the limit).
// - Conditional: the validators of the last answer go back as If-None-Match / If-Modified-Since; a 304 is "unchanged".
// - SSRF: the one outgoing-request guard (lib/outgoing/guard.ts) checks every address at connect time, unless private
//   hosts are allowed (FEED_ALLOW_PRIVATE_HOSTS; always outside production). Redirects are followed by hand (at most
//   5) and each hop is checked the same way.
// - Credentials belong to one origin (issue 56 finding 1): Basic auth goes only to the origin of the address it was
//   given for, and a redirect to another origin (https to http included) goes on without it, for the rest of the chain.
// - Errors are worded for the admin without the address or port they happened at (the answer must not map the inside).
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { checkLiteralHost, connectOptions, describeNetworkError, RefusedAddressError, type OutgoingPolicy } from '../../lib/outgoing/guard';

export class FetchError extends Error {
  constructor(message: string, readonly kind: 'refused' | 'timeout' | 'too_large' | 'http' | 'network') {
    super(message);
  }
}

/**
 * Whether an answer's content type may be a CSV feed: text, `application/csv`, or the `application/vnd.ms-excel`
 * Windows servers give `.csv` files (an HTML page is text, and the feed reader refuses it with its own message).
 * Anything else (JSON, XML, images, a binary) is not shown to the admin as a preview: a feed URL must not turn the
 * server into a reader of whatever answers.
 */
export function isCsvContentType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type.startsWith('text/') || type === 'application/csv' || type === 'application/vnd.ms-excel';
}

export interface FetchOptions {
  /** Basic-auth credentials. */
  auth?: { username: string; password: string } | null;
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
  /** The host's own addresses (tests); os.networkInterfaces() otherwise. */
  ownAddresses?: OutgoingPolicy['ownAddresses'];
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
  const policy: OutgoingPolicy = { allowPrivate: opts.allowPrivate, ...(opts.ownAddresses ? { ownAddresses: opts.ownAddresses } : {}) };
  let url = new URL(rawUrl);
  const authOrigin = url.origin;
  let auth = opts.auth ?? null;
  for (let hop = 0; hop <= 5; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError(`Only http and https addresses can be fetched (got ${url.protocol})`, 'refused');
    try {
      checkLiteralHost(url, policy);
    } catch (err) {
      throw new FetchError((err as Error).message, 'refused');
    }
    // Another origin (scheme, host or port) never gets the credentials, not even when a later hop comes back.
    if (url.origin !== authOrigin) auth = null;
    const answer = await once(url, { ...opts, auth }, policy, hop === 0, deadline);
    if ('redirect' in answer) {
      url = new URL(answer.redirect, url);
      continue;
    }
    return answer;
  }
  throw new FetchError('Too many redirects (more than 5)', 'http');
}

function once(url: URL, opts: FetchOptions, policy: OutgoingPolicy, first: boolean, signal: AbortSignal): Promise<FetchResult | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'user-agent': 'PrairieMotorHub-FeedFetcher/1', accept: opts.accept ?? 'text/csv, text/plain;q=0.9, */*;q=0.5' };
    // Validators belong to the address they came from.
    if (first && opts.etag) headers['if-none-match'] = opts.etag;
    if (first && opts.lastModified) headers['if-modified-since'] = opts.lastModified;
    if (opts.auth) headers.authorization = `Basic ${Buffer.from(`${opts.auth.username}:${opts.auth.password}`).toString('base64')}`;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { headers, signal, ...connectOptions(policy) }, (res) => {
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
  if (err instanceof RefusedAddressError) return new FetchError(err.message, 'refused');
  return new FetchError(`The feed could not be reached: ${describeNetworkError(err as NodeJS.ErrnoException)}`, 'network');
}
