import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN_PASSWORD, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ env: 'development', port: 3000, seed: 'demo', adminMfa: 'optional', apiDocs: 'public', zoneDataCheck: 'warn', adminPassword: DEMO_ADMIN_PASSWORD, trustProxy: false, redisUrl: undefined });
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

  it('issue 17: reads the embedded database\'s buffer pool from PGLITE_SHARED_BUFFERS_MB, with a clear error for a bad value', () => {
    expect(loadConfig({}).database).toEqual({ kind: 'pglite', dataDir: expect.any(String) });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '64' }).database).toMatchObject({ kind: 'pglite', sharedBuffersMb: 64 });
    for (const [value, message] of [['lots', /must be a number of megabytes/], ['1.5', /whole number/], ['0', /at least 1/], ['4096', /at most 1024/]] as const) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: value })).toThrow(message);
    }
  });

  it('issue 36: the backup endpoint is off unless asked for, and sent mail is kept 30 days unless set otherwise', () => {
    expect(loadConfig({}).backup.endpoint).toBe(false);
    expect(loadConfig({ BACKUP_ENDPOINT: 'on' }).backup.endpoint).toBe(true);
    expect(() => loadConfig({ BACKUP_ENDPOINT: 'yes' })).toThrow(/BACKUP_ENDPOINT must be on or off/);
    expect(loadConfig({}).outboxRetentionDays).toBe(30);
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '7' }).outboxRetentionDays).toBe(7);
    for (const [value, message] of [['soon', /must be a number/], ['0', /at least 1/], ['1.5', /whole number/]] as const) {
      expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: value })).toThrow(message);
    }
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

  describe('issue 15: production defaults', () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a real admin password', SESSION_SECRET: 'y'.repeat(32), PII_ENCRYPTION_KEY: 'a'.repeat(64) };

    it('issue 56 finding 4: refuses TRUST_PROXY=true, and takes a hop count or the proxies\' addresses', () => {
      expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true lets any client choose its address/);
      expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
      // Development keeps what the browser suite sets (playwright.config.ts).
      expect(loadConfig({ TRUST_PROXY: '127.0.0.1,::1' }).trustProxy).toEqual(['127.0.0.1', '::1']);
    });

    it('seeds no demo accounts, requires admin MFA and keeps the API docs for admins', () => {
      expect(loadConfig(production)).toMatchObject({ seed: 'base', adminMfa: 'required', apiDocs: 'admin', zoneDataCheck: 'enforce' });
      expect(loadConfig({ ...production, ZONE_DATA_CHECK: 'warn' })).toMatchObject({ zoneDataCheck: 'warn' });
      expect(() => loadConfig({ ...production, ZONE_DATA_CHECK: 'off' })).toThrow(/ZONE_DATA_CHECK must be enforce or warn/);
      expect(loadConfig({ ...production, SEED: 'off' }).seed).toBe('off');
      expect(loadConfig({ ...production, ADMIN_MFA: 'optional', API_DOCS: 'public' })).toMatchObject({ adminMfa: 'optional', apiDocs: 'public' });
    });

    it('refuses SEED=demo unless the demo customers\' password is replaced', () => {
      expect(() => loadConfig({ ...production, SEED: 'demo' })).toThrow(/SEED: demo data in production .* DEMO_CUSTOMER_PASSWORD/);
      expect(() => loadConfig({ ...production, SEED: 'demo', DEMO_CUSTOMER_PASSWORD: 'demo-customer-password' })).toThrow(/DEMO_CUSTOMER_PASSWORD/);
      expect(loadConfig({ ...production, SEED: 'demo', DEMO_CUSTOMER_PASSWORD: 'our own demo password' })).toMatchObject({ seed: 'demo', demoCustomerPassword: 'our own demo password' });
    });

    it('admin sessions: 12 hours idle and 24 in all by default, shorter if configured, never longer', () => {
      expect(loadConfig({}).session).toMatchObject({ adminIdleMs: 12 * 3600_000, adminAbsoluteMs: 24 * 3600_000, idleMs: 7 * 24 * 3600_000 });
      expect(loadConfig({ ADMIN_SESSION_IDLE_HOURS: '1', ADMIN_SESSION_MAX_HOURS: '8' }).session).toMatchObject({ adminIdleMs: 3600_000, adminAbsoluteMs: 8 * 3600_000 });
      expect(() => loadConfig({ ADMIN_SESSION_MAX_HOURS: '48' })).toThrow(/at most 24/);
      expect(() => loadConfig({ ADMIN_SESSION_IDLE_HOURS: '10', ADMIN_SESSION_MAX_HOURS: '8' })).toThrow(/ADMIN_SESSION_IDLE_HOURS/);
    });

    it('names the session cookie __Host-session on https', () => {
      expect(loadConfig({ PUBLIC_URL: 'https://cars.example.ca' }).session).toMatchObject({ cookieName: '__Host-session', secure: true });
    });
  });

  it('refuses production without real secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD, SESSION_SECRET: 'x'.repeat(32) })).toThrow(/demo password/);
  });

  it('marks the cookie Secure and turns on https behaviour for an https public URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://cars.example.ca/' })).toMatchObject({ publicUrl: 'https://cars.example.ca', session: { secure: true } });
  });
});
