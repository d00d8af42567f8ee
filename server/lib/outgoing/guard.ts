// The one SSRF guard for every request the server makes to an address an admin typed (issue 32 "SSRF", issue 56
// finding 2): inventory feeds, their photos, the CRM webhook, and any later one. docs/SECURITY.md "Outbound requests".
// - An address is reachable only when it is public unicast: ipaddr.js names every special-purpose range (RFC 6890 and
//   its successors) and anything it does not call "unicast" is refused. Forms that carry an IPv4 address (IPv4-mapped
//   `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`) are judged as that address; IPv4-compatible `::a.b.c.d` (deprecated, and
//   routed to the IPv4 address by some stacks) is refused outright.
// - The host's own interface addresses are refused too: on a server whose public address is on its interface, a
//   request to it reaches every service bound to 0.0.0.0.
// - The check runs in the socket's own DNS lookup, so the address checked is the address connected to (no DNS
//   rebinding between a check and the connection). A literal address in the URL never reaches a lookup, so it is
//   checked before the request.
// - Messages name the host the admin typed, never the address it resolved to: the answer must not map the inside.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface OutgoingPolicy {
  /** Private hosts allowed (outside production, or an operator's DMS/CRM on the dealer's network). */
  allowPrivate: boolean;
  /** The host's own addresses; os.networkInterfaces() unless a test gives its own list. */
  ownAddresses?: () => Iterable<string>;
}

export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
  constructor(readonly host: string, readonly reason: string) {
    super(`${host} is not a public address (${reason}), so the server will not connect to it`);
    this.name = 'RefusedAddressError';
  }
}

const hostAddresses = () => Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));

/**
 * An address as ipaddr.js reads it, or null. IPv6 text goes through the WHATWG URL parser first: ipaddr.js 2.5 reads
 * `::a.b.c.d` as IPv4-mapped, which would let an IPv4-compatible address pass as the IPv4 one.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (bare.includes(':')) {
    try {
      bare = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
  }
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

/** One spelling per address, so `::ffff:10.0.0.1`, `fe80::1%eth0` and their long forms compare equal. */
function canonical(address: string): string | null {
  const ip = parseAddress(address);
  if (!ip) return null;
  return (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip).toNormalizedString();
}

/**
 * Why an address may not be reached, or null when it is public. `own` is the host's own addresses (canonical).
 * Anything that is not an address at all is refused rather than guessed at.
 */
export function refusalOf(address: string, own: ReadonlySet<string> = new Set()): string | null {
  let ip = parseAddress(address);
  if (!ip) return 'not an IP address';
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    const parts = v6.parts;
    // ::/96 holds ::, ::1 and IPv4-compatible ::a.b.c.d (RFC 4291 deprecated it; some stacks still route it to IPv4).
    if (parts.slice(0, 6).every((p) => p === 0)) return parts[6] === 0 && parts[7]! <= 1 ? (parts[7] ? 'loopback' : 'unspecified') : 'IPv4-compatible IPv6';
    const range = v6.range();
    if (range === 'ipv4Mapped') ip = v6.toIPv4Address();
    else if (range === 'rfc6052' && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0)) {
      // NAT64's well-known prefix: a DNS64 resolver gives it for every IPv4-only host, so it is judged as that host.
      ip = ipaddr.fromByteArray(v6.toByteArray().slice(12));
    } else if (range !== 'unicast') return range;
  }
  const range = ip.range();
  if (range !== 'unicast') return range;
  if (own.has(ip.toNormalizedString())) return "this server's own address";
  return null;
}

function ownSet(policy: OutgoingPolicy): Set<string> {
  const set = new Set<string>();
  for (const a of (policy.ownAddresses ?? hostAddresses)()) {
    const c = canonical(a);
    if (c) set.add(c);
  }
  return set;
}

/** Refuses a URL whose host is a literal address that may not be reached (a name is checked by the lookup below). */
export function checkLiteralHost(url: URL, policy: OutgoingPolicy): void {
  if (policy.allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!parseAddress(host)) return;
  const reason = refusalOf(host, ownSet(policy));
  if (reason) throw new RefusedAddressError(host, reason);
}

/** Resolves a URL's host and throws RefusedAddressError when any of its addresses may not be reached (save-time check). */
export async function assertReachableUrl(url: string, policy: OutgoingPolicy): Promise<void> {
  if (policy.allowPrivate) return;
  const u = new URL(url);
  checkLiteralHost(u, policy);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (parseAddress(host)) return;
  const own = ownSet(policy);
  for (const a of await dnsLookupAsync(host, { all: true, verbatim: true })) {
    const reason = refusalOf(a.address, own);
    if (reason) throw new RefusedAddressError(host, reason);
  }
}

/** A socket lookup that refuses addresses that may not be reached: the address checked is the one connected to. */
export function guardedLookup(policy: OutgoingPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const own = ownSet(policy);
      const refused = addresses.map((a) => refusalOf(a.address, own)).find(Boolean);
      if (refused || addresses.length === 0) return callback(new RefusedAddressError(hostname, refused ?? 'no address'), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** What http.request needs to apply the policy: the guarded lookup, unless private hosts are allowed. */
export function connectOptions(policy: OutgoingPolicy): { lookup?: LookupFunction } {
  return policy.allowPrivate ? {} : { lookup: guardedLookup(policy) };
}

/** A network failure in words an admin can act on, without the address or port it happened at. */
export function describeNetworkError(err: NodeJS.ErrnoException): string {
  if (err instanceof RefusedAddressError) return err.message;
  switch (err.code) {
    case 'ENOTFOUND': case 'EAI_AGAIN': return 'the host name could not be resolved';
    case 'ECONNREFUSED': return 'the connection was refused';
    case 'ECONNRESET': return 'the connection was reset';
    case 'ETIMEDOUT': case 'ECONNABORTED': return 'the connection timed out';
    case 'EHOSTUNREACH': case 'ENETUNREACH': return 'the host could not be reached';
    default: return err.code?.startsWith('ERR_TLS') || err.code?.includes('CERT') ? `the TLS handshake failed (${err.code})` : `the connection failed (${err.code ?? 'network error'})`;
  }
}
