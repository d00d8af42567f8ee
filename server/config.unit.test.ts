import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN_PASSWORD, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ env: 'development', port: 3000, seed: 'auto', adminPassword: DEMO_ADMIN_PASSWORD, trustProxy: false, redisUrl: undefined });
    expect(c.database.kind).toBe('pglite');
    expect(c.session).toMatchObject({ cookieName: 'session', secure: false });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8,::1', ['10.0.0.1', '10.0.0.0/8', '::1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', TRUST_PROXY: 'yes please', REDIS_URL: 'http://x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/TRUST_PROXY/);
      expect(problems).toMatch(/REDIS_URL/);
    }
  });

  it('refuses production without real secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD, SESSION_SECRET: 'x'.repeat(32) })).toThrow(/demo password/);
  });

  it('marks the cookie Secure and turns on https behaviour for an https public URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://cars.example.ca/' })).toMatchObject({ publicUrl: 'https://cars.example.ca', session: { secure: true } });
  });
});
