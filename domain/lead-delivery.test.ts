// The retry schedule of lead delivery (issue 32): first retry within a minute, retries for at least 24 hours, a
// CRM back from an outage reached within 2 minutes by any waiting delivery less than an hour old.
import { describe, expect, it } from 'vitest';
import { afterFailure, leadDeliverySettingsUpdateSchema, retryDelayMs, RETRY_WINDOW_MS } from './lead-delivery';

const HOUR = 3_600_000;

describe('retryDelayMs', () => {
  it('starts at 15 s and doubles, capped by the delivery\'s age', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 0))).toEqual([15_000, 30_000, 60_000, 110_000, 110_000]);
    expect(retryDelayMs(10, 2 * HOUR)).toBe(15 * 60_000);
    expect(retryDelayMs(30, 7 * HOUR)).toBe(HOUR);
    expect(retryDelayMs(1000, 7 * HOUR)).toBe(HOUR);
  });

  it('keeps the gap under 2 minutes, poll included, for a delivery under an hour old', () => {
    for (let n = 1; n < 40; n++) expect(retryDelayMs(n, HOUR - 1) + 5_000).toBeLessThanOrEqual(120_000);
  });
});

describe('afterFailure', () => {
  const created = new Date('2026-11-27T12:00:00Z');
  it('schedules the next try until the delivery is 24 hours old, then dead-letters it', () => {
    const at = new Date(created.getTime() + 1000);
    expect(afterFailure(1, created, at)).toEqual({ dead: false, nextAttemptAt: new Date(at.getTime() + 15_000) });
    expect(afterFailure(60, created, new Date(created.getTime() + RETRY_WINDOW_MS - 1)).dead).toBe(false);
    expect(afterFailure(61, created, new Date(created.getTime() + RETRY_WINDOW_MS))).toEqual({ dead: true });
  });

  it('retries about 70 times over the window', () => {
    let now = created.getTime();
    let n = 0;
    for (;;) {
      n++;
      const next = afterFailure(n, created, new Date(now));
      if (next.dead) break;
      now = next.nextAttemptAt.getTime();
    }
    expect(now - created.getTime()).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    expect(n).toBeGreaterThan(60);
    expect(n).toBeLessThan(90);
  });
});

describe('leadDeliverySettingsUpdateSchema', () => {
  it('takes blank fields as none, and only http(s) webhooks', () => {
    expect(leadDeliverySettingsUpdateSchema.parse({ adfEmail: ' ', webhookUrl: '' })).toEqual({ adfEmail: null, webhookUrl: null });
    for (const url of ['javascript:alert(1)', 'gopher://x', 'ftp://x/y', 'not a url', 'data:text/plain,hi']) {
      expect(leadDeliverySettingsUpdateSchema.safeParse({ adfEmail: null, webhookUrl: url, webhookSecret: 'x'.repeat(16) }).success, url).toBe(false);
    }
    expect(leadDeliverySettingsUpdateSchema.safeParse({ adfEmail: null, webhookUrl: 'https://crm.example.com/in', webhookSecret: 'has space in it ok?' }).success).toBe(false);
  });
});
