// Outbound requests to addresses an admin typed (issue 32: the CRM webhook). In production a URL whose host resolves
// to loopback, private, link-local (the cloud metadata service at 169.254.169.254 included), carrier-grade NAT,
// multicast or reserved ranges is refused, at save time and again at every connection (the lookup below), so a name
// that later resolves elsewhere (DNS rebinding) is refused too. LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS=true lifts it for a CRM on the
// dealer's own network (README, docs/SECURITY.md).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach in production. IPv4-mapped IPv6 is judged as IPv4. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits.
    const nat64 = /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (nat64) {
      const hi = parseInt(nat64[1]!, 16);
      const lo = parseInt(nat64[2]!, 16);
      return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return blocked.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse rather than guess
}

export class PrivateHostError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address; set LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS=true to allow it`);
    this.name = 'PrivateHostError';
  }
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** Resolves a URL's host and throws PrivateHostError when any of its addresses is private (save-time check). */
export async function assertPublicUrl(url: string): Promise<void> {
  const host = bareHost(new URL(url).hostname);
  const addresses = isIP(host) ? [{ address: host }] : await dnsLookupAsync(host, { all: true, verbatim: true });
  for (const a of addresses) if (isPrivateAddress(a.address)) throw new PrivateHostError(host, a.address);
}

/** A socket lookup that refuses private addresses: given to http.request, so the address connected to is the one checked. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new PrivateHostError(hostname, bad.address), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};
