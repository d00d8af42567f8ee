import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { decryptPii, encryptPii, keyIdOf, needsRotation, PiiDecryptError } from './pii';

const keys = { current: randomBytes(32), retired: [] as Buffer[] };
const secret = { dateOfBirth: '1990-04-12', monthlyIncome: 5200, address: '10220 104 Ave NW, Edmonton' };

describe('PII envelope (AES-256-GCM)', () => {
  it('round-trips and never contains the plaintext', () => {
    const sealed = encryptPii(keys, secret, 'pre_approval');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain('1990');
    expect(sealed).not.toContain('Edmonton');
    expect(decryptPii(keys, sealed, 'pre_approval')).toEqual(secret);
  });

  it('uses a fresh IV: the same value seals differently each time', () => {
    expect(encryptPii(keys, secret, 'x')).not.toBe(encryptPii(keys, secret, 'x'));
  });

  it('rejects altered data, another context and an unknown key', () => {
    const sealed = encryptPii(keys, secret, 'pre_approval');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0]! ^= 1;
    parts[4] = flipped.toString('base64url');
    expect(() => decryptPii(keys, parts.join('.'), 'pre_approval')).toThrow(PiiDecryptError);
    expect(() => decryptPii(keys, sealed, 'other_table')).toThrow(PiiDecryptError);
    expect(() => decryptPii({ current: randomBytes(32), retired: [] }, sealed, 'pre_approval')).toThrow(/no key with id/);
  });

  it('decrypts with a retired key after rotation and flags the value for re-sealing', () => {
    const old = keys.current;
    const sealed = encryptPii(keys, secret, 'pre_approval');
    const rotated = { current: randomBytes(32), retired: [old] };
    expect(decryptPii(rotated, sealed, 'pre_approval')).toEqual(secret);
    expect(needsRotation(rotated, sealed)).toBe(true);
    expect(needsRotation(rotated, encryptPii(rotated, secret, 'pre_approval'))).toBe(false);
    expect(sealed.split('.')[1]).toBe(keyIdOf(old));
  });
});

describe('PII_ENCRYPTION_KEY configuration', () => {
  it('uses a fixed, flagged development key when unset outside production', () => {
    const a = loadConfig({});
    expect(a.pii.devKey).toBe(true);
    expect(a.pii.current.equals(loadConfig({}).pii.current)).toBe(true);
  });

  it('reads base64 and hex keys and retired keys', () => {
    const key = randomBytes(32);
    const old = randomBytes(32);
    const c = loadConfig({ PII_ENCRYPTION_KEY: key.toString('base64'), PII_ENCRYPTION_OLD_KEYS: old.toString('hex') });
    expect(c.pii).toMatchObject({ devKey: false });
    expect(c.pii.current.equals(key)).toBe(true);
    expect(c.pii.retired[0]!.equals(old)).toBe(true);
  });

  it('refuses a short key, and production without a key', () => {
    expect(() => loadConfig({ PII_ENCRYPTION_KEY: 'too-short' })).toThrow(/PII_ENCRYPTION_KEY/);
    try {
      loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-admin-password', SESSION_SECRET: 'x'.repeat(40) });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems.join('\n')).toMatch(/PII_ENCRYPTION_KEY: required/);
    }
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-admin-password', SESSION_SECRET: 'x'.repeat(40), PII_ENCRYPTION_KEY: randomBytes(32).toString('base64') }).pii.devKey).toBe(false);
  });
});
