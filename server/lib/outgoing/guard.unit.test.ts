// Every range the outgoing-request guard refuses (issue 56 finding 2), one row each, and the public addresses it lets by.
import { describe, expect, it } from 'vitest';
import { assertReachableUrl, checkLiteralHost, describeNetworkError, guardedLookup, RefusedAddressError, refusalOf } from './guard';

// [range, an address in it]
const REFUSED: [string, string][] = [
  ['0.0.0.0/8 "this network"', '0.1.2.3'],
  ['10.0.0.0/8 private', '10.1.2.3'],
  ['100.64.0.0/10 carrier-grade NAT', '100.64.0.1'],
  ['127.0.0.0/8 loopback', '127.9.9.9'],
  ['169.254.0.0/16 link-local (cloud metadata)', '169.254.169.254'],
  ['172.16.0.0/12 private', '172.31.255.255'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.8'],
  ['192.0.2.0/24 documentation (TEST-NET-1)', '192.0.2.1'],
  ['192.88.99.0/24 6to4 relay anycast', '192.88.99.1'],
  ['192.168.0.0/16 private', '192.168.1.1'],
  ['198.18.0.0/15 benchmarking', '198.19.0.1'],
  ['198.51.100.0/24 documentation (TEST-NET-2)', '198.51.100.7'],
  ['203.0.113.0/24 documentation (TEST-NET-3)', '203.0.113.9'],
  ['224.0.0.0/4 multicast', '224.0.0.1'],
  ['240.0.0.0/4 reserved', '240.0.0.1'],
  ['255.255.255.255 broadcast', '255.255.255.255'],
  [':: unspecified', '::'],
  ['::1 loopback', '::1'],
  ['::a.b.c.d IPv4-compatible', '::127.0.0.1'],
  ['::a.b.c.d IPv4-compatible, public inside', '::8.8.8.8'],
  ['::ffff:0:0/96 IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['::ffff:0:0/96 IPv4-mapped private (hex form)', '::ffff:a01:203'],
  ['::ffff:0:0:0/96 IPv4-translated', '::ffff:0:a00:1'],
  ['64:ff9b::/96 NAT64 of metadata', '64:ff9b::a9fe:a9fe'],
  ['64:ff9b::/96 NAT64 of loopback', '64:ff9b::127.0.0.1'],
  ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::a00:1'],
  ['100::/64 discard', '100::1'],
  ['2001::/23 IETF protocol assignments (Teredo)', '2001::1'],
  ['2001:db8::/32 documentation', '2001:db8::1'],
  ['2002::/16 6to4', '2002:a00:1::1'],
  ['3fff::/20 documentation', '3fff::1'],
  ['fc00::/7 unique-local (fd00:ec2::254 metadata)', 'fd00:ec2::254'],
  ['fe80::/10 link-local', 'fe80::1'],
  ['fe80::/10 link-local with a zone', 'fe80::1%eth0'],
  ['fec0::/10 deprecated site-local', 'fec0::1'],
  ['ff00::/8 multicast', 'ff02::1'],
  ['not an address', 'not-an-ip'],
];

describe('refusalOf: one row per refused range', () => {
  it.each(REFUSED)('%s (%s) is refused', (_range, address) => {
    expect(refusalOf(address)).not.toBeNull();
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '142.250.69.78', '2606:4700:4700::1111', '2607:f8b0:400a:800::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'the public address %s is allowed', (address) => {
      expect(refusalOf(address)).toBeNull();
    },
  );

  it("refuses the host's own interface addresses, in any spelling", () => {
    const own = new Set(['203.0.114.10', '2600:1f18::10'].map((a) => a));
    expect(refusalOf('203.0.114.10', own)).toBe("this server's own address");
    expect(refusalOf('::ffff:203.0.114.10', own)).toBe("this server's own address");
    expect(refusalOf('2600:1f18:0:0:0:0:0:10', new Set(['2600:1f18:0:0:0:0:0:10']))).toBe("this server's own address");
    expect(refusalOf('203.0.114.11', own)).toBeNull();
  });
});

describe('the checks at the request', () => {
  const policy = { allowPrivate: false, ownAddresses: () => ['203.0.114.10', 'fe80::1%eth0'] };

  it('a literal address in the URL is checked before any lookup, own addresses included', () => {
    expect(() => checkLiteralHost(new URL('http://203.0.114.10:8080/feed.csv'), policy)).toThrow(RefusedAddressError);
    expect(() => checkLiteralHost(new URL('http://[::1]/x'), policy)).toThrow(/not a public address/);
    expect(() => checkLiteralHost(new URL('http://8.8.8.8/x'), policy)).not.toThrow();
    // Allowed private hosts (development, or an operator's choice) lift the check.
    expect(() => checkLiteralHost(new URL('http://127.0.0.1/x'), { allowPrivate: true })).not.toThrow();
  });

  it('the socket lookup refuses a name resolving to loopback, and its message does not name the address', async () => {
    const err = await new Promise<Error | null>((resolve) => guardedLookup(policy)('localhost', {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(RefusedAddressError);
    expect(err!.message).toMatch(/^localhost is not a public address/);
    expect(err!.message).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('the save-time check resolves names and refuses literal addresses', async () => {
    await expect(assertReachableUrl('http://localhost/x', policy)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(assertReachableUrl('http://169.254.169.254/latest', policy)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(assertReachableUrl('https://8.8.8.8/x', policy)).resolves.toBeUndefined();
  });

  it('network errors are worded without an address or port', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:8080'), { code: 'ECONNREFUSED' });
    expect(describeNetworkError(refused)).toBe('the connection was refused');
  });
});
