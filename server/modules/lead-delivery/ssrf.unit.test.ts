// The addresses a CRM webhook may not reach in production (issue 32, docs/SECURITY.md).
import { describe, expect, it } from 'vitest';
import { assertPublicUrl, isPrivateAddress, PrivateHostError, publicOnlyLookup } from './ssrf';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, multicast and reserved ranges', () => {
    for (const a of ['127.0.0.1', '127.9.9.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.1.2.3', '64:ff9b::a9fe:a9fe', 'not-an-ip']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it('allows public addresses', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });
});

describe('assertPublicUrl and the connection lookup', () => {
  it('refuse a literal private address and a name that resolves to one', async () => {
    await expect(assertPublicUrl('http://[::1]:8080/x')).rejects.toBeInstanceOf(PrivateHostError);
    await expect(assertPublicUrl('http://169.254.169.254/latest')).rejects.toThrow(/169\.254\.169\.254/);
    await expect(assertPublicUrl('http://localhost/x')).rejects.toBeInstanceOf(PrivateHostError);
    await expect(assertPublicUrl('https://8.8.8.8/x')).resolves.toBeUndefined();
  });

  it('the socket lookup refuses a name resolving to loopback', async () => {
    const err = await new Promise<Error | null>((resolve) => publicOnlyLookup('localhost', {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(PrivateHostError);
  });
});
